import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { CourseEditor, type AdminCourse } from "@/features/learn/components/admin/CourseEditor";
import { adminGetCourse } from "@/features/learn/server/authoring";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  course: AdminCourse;
}

// An unknown id is a 404 page (guardedPage turns the use-case's 404 into notFound).
export const getServerSideProps = guardedPage<Props>({ role: "admin" }, async (ctx) => {
  const course = await adminGetCourse(await getDb(), String(ctx.params?.id));
  return { props: { course: { ...course, lessons: course.lessons.map((l) => ({ ...l, questionCount: Number(l.questionCount) })) } } };
});

const CourseAdminPage: GuardedPage<Props> = ({ course }) => (
  <>
    <Head>
      <title>{`Admin · ${course.title} · Tickerlab`}</title>
    </Head>
    <AdminNav />
    {/* Another course is another form: nothing typed carries over. */}
    <CourseEditor key={course.id} course={course} />
  </>
);
CourseAdminPage.auth = { role: "admin" };
export default CourseAdminPage;
