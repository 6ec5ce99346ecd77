import Head from "next/head";
import { studentView } from "@/features/classes";
import { StudentView, type StudentViewData } from "@/features/classes/components";
import type { GuardedPage } from "@/features/shell/page";
import { isDomainError } from "@/domain/errors";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  view: StudentViewData;
}

// The class's teachers and admins; a student of the class gets the 403 page, anyone else 404.
export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  try {
    const view = await studentView(await getDb(), session.user, String(ctx.params?.id ?? ""), String(ctx.params?.studentId ?? ""));
    return { props: { view } };
  } catch (error) {
    if (isDomainError(error) && error.kind === "forbidden") {
      ctx.res.statusCode = 403;
      return { props: { forbidden: true } as unknown as Props };
    }
    throw error;
  }
});

const StudentRoute: GuardedPage<Props> = ({ view }) => (
  <>
    <Head>
      <title>{`${view.student.name || "Student"} · ${view.class.name} · Tickerlab`}</title>
    </Head>
    <StudentView view={view} />
  </>
);
StudentRoute.auth = {};
export default StudentRoute;
