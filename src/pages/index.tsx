import Head from "next/head";
import { Dashboard } from "@/features/dashboard/components";
import { dashboardFor, type DashboardProps } from "@/features/dashboard";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";
import { resolveTimeZone } from "@/server/http/time-zone";

export const getServerSideProps = guardedPage<DashboardProps>({}, async (ctx, session) => {
  const db = await getDb();
  const props = await dashboardFor(db, session.user.id, { timeZone: resolveTimeZone(session.user.timeZone ?? null, ctx.req.cookies) });
  if (!props) return { redirect: { destination: "/login", permanent: false } };
  return { props };
});

const HomePage: GuardedPage<DashboardProps> = (props) => (
  <>
    <Head>
      <title>Dashboard · Tickerlab</title>
    </Head>
    <Dashboard {...props} />
  </>
);
HomePage.auth = {};
export default HomePage;
