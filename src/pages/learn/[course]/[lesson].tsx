import Head from "next/head";
import { LessonReader, type LessonView } from "@/features/learn/components/LessonReader";
import { getLesson, lessonIdBySlugs } from "@/features/learn/server/learning";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  lesson: LessonView;
}

export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const db = await getDb();
  const id = await lessonIdBySlugs(db, String(ctx.params?.course), String(ctx.params?.lesson));
  // Reading only: safe for Next to run twice when it retries page data.
  return { props: { lesson: await getLesson(db, id, session.user.id) } };
});

const LessonPage: GuardedPage<Props> = ({ lesson }) => (
  <>
    <Head>
      <title>{`${lesson.title} · Learn · Tickerlab`}</title>
    </Head>
    {/* A new lesson is a new reader: no answers or results carried over from the last one. */}
    <LessonReader key={lesson.id} lesson={lesson} />
  </>
);
LessonPage.auth = {};
export default LessonPage;
