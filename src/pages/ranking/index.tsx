import Head from "next/head";
import { Leaderboards, type LeaderboardsProps } from "@/features/ranking/components/Leaderboards";
import { boardRequestOf, rankingQuery } from "@/features/ranking/schemas";
import { defaultBoardOf, leaderboardPage, rankableEvents } from "@/features/ranking";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<LeaderboardsProps>({}, async (ctx, session) => {
  const db = await getDb();
  const now = new Date();
  const viewer = { id: session.user.id, role: session.user.role, roster: session.user.roster };
  const events = await rankableEvents(db, viewer, now);
  const parsed = rankingQuery.safeParse({ board: defaultBoardOf(viewer, events), ...ctx.query });
  // A bad or stale address shows the default board rather than an error page.
  const query = parsed.success ? parsed.data : rankingQuery.parse({ board: defaultBoardOf(viewer, events) });
  let board = query.board;
  if (board.startsWith("event:") && !events.some((e) => `event:${e.slug}` === board)) board = events[0] ? `event:${events[0].slug}` : "practice";
  const period = board.startsWith("event:") ? "" : (query.period ?? "all");
  const initial = await leaderboardPage(db, boardRequestOf({ board, period: period || undefined }), { page: query.page, viewer, now });
  return { props: { initial, query: { board, period, page: query.page }, events } };
});

const RankingPage: GuardedPage<LeaderboardsProps> = (props) => (
  <>
    <Head>
      <title>Rankings · Tickerlab</title>
    </Head>
    <Leaderboards {...props} />
  </>
);
RankingPage.auth = {};
export default RankingPage;
