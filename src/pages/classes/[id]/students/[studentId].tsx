import Head from "next/head";
import Link from "next/link";
import { studentPortfolioFor } from "@/features/corrections";
import { CorrectionsPanel } from "@/features/corrections/components";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

/**
 * A student of a class, as its teacher sees them. Minimal for now (the student's name and the
 * corrections panel, docs/decisions/041-corrections.md); the class's per-student view grows
 * here. Someone who does not teach the student gets a 404 page, as for no student.
 */
interface Props {
  classId: string;
  student: { id: string; name: string | null };
  portfolioId: string;
}

export const getServerSideProps = guardedPage<Props>({}, async (ctx, session) => {
  const classId = String(ctx.params?.id ?? "");
  const found = await studentPortfolioFor(await getDb(), session.user, classId, String(ctx.params?.studentId ?? ""));
  return { props: { classId, ...found } };
});

const StudentRoute: GuardedPage<Props> = ({ classId, student, portfolioId }) => {
  const name = student.name ?? "This student";
  return (
    <>
      <Head>
        <title>{`${name} · Classes · Tickerlab`}</title>
      </Head>
      <p>
        <Link href={`/classes/${classId}`}>← Back to the class</Link>
      </p>
      <h1>{name}</h1>
      <CorrectionsPanel portfolioId={portfolioId} studentName={name} />
    </>
  );
};
StudentRoute.auth = {};
export default StudentRoute;
