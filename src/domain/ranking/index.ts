/**
 * The ranking domain: UTC calendar periods, period returns from equity snapshots, board
 * order with its tie rules, rank change, Sharpe for ranking, anonymous handles and pages
 * with the own row. Pure; the server precomputes boards with these and serves pages.
 */
export { boardMetricSentence, type ExplainedBoard } from "./explain";
export { anonymousHandle, boardName, DELETED_USER_LABEL, eventBoardName, fnv1a32, HANDLE_WORDS, type BoardPerson, type EventBoardPerson } from "./handle";
export { LEADERBOARD_PAGE_SIZE, MAX_LEADERBOARD_PAGE_SIZE, pageContaining, pageWithOwnRow, type LeaderboardPage, type PageOptions } from "./pagination";
export { periodStart, RANKING_PERIODS, type RankingPeriod } from "./periods";
export { compareEntries, rankChange, rankColumns, rankEntries, tiebreakOrder, type BoardMetric, type ColumnRanking, type Ranked, type RankColumns, type RankInput } from "./rank";
export { baselineFor, baselineSnapshotFor, periodReturn, type BaselineContext, type EquitySnapshot } from "./returns";
export { atRankingPrecision, BOARD_SHARPE_SQL, BOARD_SHARPE_STEP_MS, SHARPE_RANKING_DECIMALS, sharpeForRanking } from "./sharpe";
