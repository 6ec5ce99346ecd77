import Head from "next/head";
import { PortfolioOverview, type PortfolioOverviewProps } from "@/features/portfolio/components/PortfolioOverview";
import { listInstruments } from "@/features/market/server/queries";
import { getWatchlist, portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio, listOrders } from "@/features/trading";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";
import { fairPlayNoticesFor } from "@/features/fairplay";
import { FairPlayNotices, type NoticeItem } from "@/features/fairplay/components";
import { CorrectionNotices } from "@/features/corrections/components";

type Props = PortfolioOverviewProps & { notices: NoticeItem[] };

export const getServerSideProps = guardedPage<Props>({}, async (_ctx, session) => {
  const db = await getDb();
  const portfolio = await getOrCreatePracticePortfolio(db, session.user.id);
  const [summary, instruments, openOrders, watchlist, notices] = await Promise.all([
    portfolioSummary(db, portfolio),
    listInstruments(db),
    listOrders(db, portfolio.id, { status: "open", page: 1, pageSize: 100 }),
    getWatchlist(db, session.user.id),
    // A practice-board warning (repeated resets; docs/decisions/046) with the admin's reason.
    fairPlayNoticesFor(db, session.user.id, { eventId: null }),
  ]);
  return { props: { summary, instruments, openOrders, watchlist, notices } };
});

const PortfolioPage: GuardedPage<Props> = ({ notices, ...props }) => (
  <>
    <Head>
      <title>Portfolio · Tickerlab</title>
    </Head>
    <FairPlayNotices notices={notices} where="practice" />
    <PortfolioOverview {...props} corrections={<CorrectionNotices portfolioId={props.summary.id} />} />
  </>
);
PortfolioPage.auth = {};
export default PortfolioPage;
