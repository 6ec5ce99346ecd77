/**
 * Board keys: practice:{day|week|month|all} and event:{eventId} (stored whole in stored_boards,
 * decisions 091 and 094), xp:{all|week} (rows of leaderboard_entries). The API names boards by what a person sees
 * (practice + period, xp + period, event:{slug}); the server maps those to keys.
 */
import { sql, type SQL } from "drizzle-orm";
import type { RankingPeriod } from "@/domain/ranking";

export const XP_PERIODS = ["all", "week"] as const;
export type XpPeriod = (typeof XP_PERIODS)[number];

export const practiceBoard = (period: RankingPeriod) => `practice:${period}`;
export const xpBoard = (period: XpPeriod) => `xp:${period}`;
export const eventBoard = (eventId: string) => `event:${eventId}`;

/**
 * The group of boards one refresh ranks together (docs/decisions/049): "practice" (its four
 * periods), "xp" (both), or an event's own board key.
 */
export const boardGroup = (board: string) => (board.startsWith("event:") ? board : board.slice(0, board.indexOf(":")));
export const PRACTICE_GROUP = "practice";
export const XP_GROUP = "xp";
/** The weekly leagues' standings (src/features/leagues) are checked the same way. */
export const LEAGUES_GROUP = "leagues";

/** The UTC calendar day ("YYYY-MM-DD") of an instant: the key of the daily rank record. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Who is ranked on the global boards (practice, XP), for a `users` row aliased `u`: an active
 * account that is not a roster account. Roster accounts live inside their class
 * (docs/decisions/038-classes.md): they never appear on a board everyone sees.
 */
export const onGlobalBoardsSql = (u: string) => sql.raw(`${u}.disabled_at is null and ${u}.kind <> 'roster'`);

/**
 * Whose name a board hides behind the anonymous handle, for a `users` row aliased `u`: people
 * who opted out, and roster accounts (an event's board is seen outside the class). Null when
 * the row is missing (a deleted account), which the readers show as "Deleted user".
 */
export const hidesNameSql = (u: string) => sql.raw(`(${u}.leaderboard_opt_out or ${u}.kind = 'roster')`);

/**
 * An event board's tie key: the domain's `compareEntries` before the join-time tiebreak — the
 * figure, higher first, and where there is none (a Sharpe ratio without enough evidence), the
 * return. On a return board a missing figure has no return either, so one key serves both
 * metrics. row_number() over it plus the tiebreak is a row's place; RANK() over it is the rank
 * the row shares with its ties (decision 053).
 */
export const eventTieKeySql = (value: SQL, totalReturn: SQL) => sql`${value} desc nulls last, (case when ${value} is null then ${totalReturn} end) desc nulls last`;

/**
 * The rank a row shares with its ties on that key and how many share it (1 = alone), as the
 * columns `shared_rank, tied` of a select over one board (decision 053): the live board's refresh
 * and the frozen standings store them (decision 085).
 */
export const sharedRankColumnsSql = (value: SQL, totalReturn: SQL) => sql`
  rank() over (order by ${eventTieKeySql(value, totalReturn)}) as shared_rank,
  count(*) over (partition by ${value}, (case when ${value} is null then ${totalReturn} end)) as tied`;

/**
 * Every row of an ended event's frozen standings with its shared rank and how many share it
 * (4-decimal figures, as they are shown; decision 053): the one definition, run when the
 * standings are written or changed (the events feature's storeSharedRanks, decision 085).
 */
export const sharedStandingRanksSql = (eventId: SQL | string) => sql`
  select user_id, ${sharedRankColumnsSql(sql`sharpe`, sql`total_return`)}
  from event_standings where event_id = ${eventId}`;

/** A board's size: its last place (a scalar subquery; 0 rows: null). An index read of (board, rank). */
export const boardSizeSql = (board: string) => sql`(select rank from leaderboard_entries where board = ${board} order by rank desc limit 1)`;
