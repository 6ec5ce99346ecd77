import Head from "next/head";
import { CourseOverview, type CourseView } from "@/features/learn/components/CourseOverview";
import { getCourse } from "@/features/learn/server/learning";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  course: CourseView;
}

export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const course = await getCourse(await getDb(), String(ctx.params?.course), session.user.id);
  return { props: { course: { ...course, lessons: course.lessons.map(({ bestScore: _best, ...l }) => l) } } };
});

const CoursePage: GuardedPage<Props> = ({ course }) => (
  <>
    <Head>
      <title>{`${course.title} · Learn · Tickerlab`}</title>
    </Head>
    <CourseOverview course={course} />
  </>
);
CoursePage.auth = {};
export default CoursePage;
