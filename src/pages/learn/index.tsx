import Head from "next/head";
import { Catalogue, type CatalogueCourse } from "@/features/learn/components/Catalogue";
import type { LearnerSummary } from "@/features/learn/components/LearnerStats";
import { learnerSummary, listCourses } from "@/features/learn/server/learning";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";
import { resolveTimeZone } from "@/server/http/time-zone";

interface Props {
  courses: CatalogueCourse[];
  summary: LearnerSummary;
}

export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const db = await getDb();
  const timeZone = resolveTimeZone(session.user.timeZone, ctx.req.cookies);
  const [courses, summary] = await Promise.all([listCourses(db, session.user.id), learnerSummary(db, session.user.id, timeZone)]);
  return { props: { courses, summary } };
});

const LearnPage: GuardedPage<Props> = ({ courses, summary }) => (
  <>
    <Head>
      <title>Learn · Tickerlab</title>
    </Head>
    <Catalogue courses={courses} summary={summary} />
  </>
);
LearnPage.auth = {};
export default LearnPage;
