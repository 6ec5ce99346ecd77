import Head from "next/head";
import { classesOverview } from "@/features/classes";
import { ClassesList, type ClassesListProps } from "@/features/classes/components";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

// Outside the specification's guarded prefixes: the page guard (server) and Page.auth (client)
// require the session here (docs/decisions/038-classes.md).
export const getServerSideProps = guardedPage<ClassesListProps>({}, async (_ctx, session) => ({
  props: await classesOverview(await getDb(), session.user),
}));

const ClassesPage: GuardedPage<ClassesListProps> = (props) => (
  <>
    <Head>
      <title>Classes · Tickerlab</title>
    </Head>
    <h1>Classes</h1>
    <ClassesList {...props} />
  </>
);
ClassesPage.auth = {};
export default ClassesPage;
