import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { CoursesAdmin, type AdminCourseRow } from "@/features/learn/components/admin/CoursesAdmin";
import { adminListCourses } from "@/features/learn/server/authoring";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  courses: AdminCourseRow[];
}

export const getServerSideProps = guardedPage<Props>({ role: "admin" }, async () => {
  const rows = await adminListCourses(await getDb());
  return { props: { courses: rows.map((c) => ({ ...c, lessonCount: Number(c.lessonCount) })) } };
});

const CoursesPage: GuardedPage<Props> = ({ courses }) => (
  <>
    <Head>
      <title>Admin · Courses · Tickerlab</title>
    </Head>
    <h1>Admin</h1>
    <AdminNav />
    <CoursesAdmin courses={courses} />
  </>
);
CoursesPage.auth = { role: "admin" };
export default CoursesPage;
