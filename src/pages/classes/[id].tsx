import Head from "next/head";
import { getClassFor } from "@/features/classes";
import { ClassPage, type ClassPageProps } from "@/features/classes/components";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

// A class the person is not in is a 404 page, as for no class (the use-case says not-found).
export const getServerSideProps = guardedPage<ClassPageProps>({}, async (ctx, session) => ({
  props: { view: await getClassFor(await getDb(), session.user, String(ctx.params?.id ?? "")) },
}));

const ClassRoute: GuardedPage<ClassPageProps> = (props) => (
  <>
    <Head>
      <title>{`${props.view.name} · Classes · Tickerlab`}</title>
    </Head>
    <ClassPage {...props} />
  </>
);
ClassRoute.auth = {};
export default ClassRoute;
