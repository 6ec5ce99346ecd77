import Head from "next/head";
import { Dashboard, type DashboardProps } from "@/features/dashboard/Dashboard";
import { adminStats } from "@/features/dashboard/queries";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { findUserById } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { learnerSummary } from "@/features/learn/server/learning";
import { portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import { ownRanks } from "@/features/ranking";
import { resolveTimeZone } from "@/server/http/time-zone";
import { hasRole } from "@/lib/roles";

export const getServerSideProps = guardedPage<DashboardProps>({}, async (ctx, session) => {
  const db = await getDb();
  const row = await findUserById(db, session.user.id);
  if (!row) return { redirect: { destination: "/login", permanent: false } };
  const summary = await portfolioSummary(db, await getOrCreatePracticePortfolio(db, row.id));
  return {
    props: {
      user: {
        name: row.name ?? "",
        email: row.email,
        username: row.username,
        roster: row.kind === "roster",
        role: row.role,
        emailVerified: Boolean(row.emailVerified),
        timeZone: row.timeZone,
        memberSince: row.createdAt.toISOString(),
      },
      adminStats: hasRole(row.role, "admin") ? await adminStats(db) : null,
      learning: await learnerSummary(db, row.id, resolveTimeZone(row.timeZone, ctx.req.cookies)),
      portfolio: { equity: summary.equity, dayChange: summary.dayChange, totalReturn: summary.totalReturn, cash: summary.cash, holdings: summary.positions.length },
      ranks: await ownRanks(db, row.id),
    },
  };
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
