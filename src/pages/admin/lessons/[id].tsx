import Head from "next/head";
import { AdminNav } from "@/features/admin/components/AdminNav";
import { LessonEditor, type AdminLesson } from "@/features/learn/components/admin/LessonEditor";
import { adminGetLesson } from "@/features/learn/server/authoring";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  lesson: AdminLesson;
}

export const getServerSideProps = guardedPage<Props>({ role: "admin" }, async (ctx) => ({
  props: { lesson: await adminGetLesson(await getDb(), String(ctx.params?.id)) },
}));

const LessonAdminPage: GuardedPage<Props> = ({ lesson }) => (
  <>
    <Head>
      <title>{`Admin · Edit “${lesson.title}” · Tickerlab`}</title>
    </Head>
    <AdminNav />
    <LessonEditor key={lesson.id} lesson={lesson} />
  </>
);
LessonAdminPage.auth = { role: "admin" };
export default LessonAdminPage;
