import Head from "next/head";
import { PortfolioOverview, type PortfolioOverviewProps } from "@/features/portfolio/components/PortfolioOverview";
import { listInstruments } from "@/features/market/server/queries";
import { getWatchlist, portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio, listOrders } from "@/features/trading";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<PortfolioOverviewProps>({}, async (_ctx, session) => {
  const db = await getDb();
  const portfolio = await getOrCreatePracticePortfolio(db, session.user.id);
  const [summary, instruments, openOrders, watchlist] = await Promise.all([
    portfolioSummary(db, portfolio),
    listInstruments(db),
    listOrders(db, portfolio.id, { status: "open", page: 1, pageSize: 100 }),
    getWatchlist(db, session.user.id),
  ]);
  return { props: { summary, instruments, openOrders, watchlist } };
});

const PortfolioPage: GuardedPage<PortfolioOverviewProps> = (props) => (
  <>
    <Head>
      <title>Portfolio · Tickerlab</title>
    </Head>
    <PortfolioOverview {...props} />
  </>
);
PortfolioPage.auth = {};
export default PortfolioPage;
