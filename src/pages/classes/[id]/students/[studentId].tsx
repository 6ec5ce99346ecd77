import Head from "next/head";
import { useRouter } from "next/router";
import { studentView } from "@/features/classes";
import { StudentView, type StudentViewData } from "@/features/classes/components";
import { CorrectionsPanel } from "@/features/corrections/components";
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

const StudentRoute: GuardedPage<Props> = ({ view }) => {
  const router = useRouter();
  return (
    <>
      <Head>
        <title>{`${view.student.name || "Student"} · ${view.class.name} · Tickerlab`}</title>
      </Head>
      {/* After a correction the figures are loaded again (the page's own props), so its cash is the panel's "Cash now". */}
      <StudentView
        view={view}
        corrections={(p) => <CorrectionsPanel portfolioId={p.id} studentName={p.studentName} onCorrected={() => void router.replace(router.asPath, undefined, { scroll: false })} />}
      />
    </>
  );
};
StudentRoute.auth = {};
export default StudentRoute;
