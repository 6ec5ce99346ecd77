/**
 * What the ranking API answers, as zod schemas (docs/decisions/071): the route declares them,
 * the OpenAPI document publishes them, the tests check every real answer against them, and
 * the server and the page take their types from them. No server code here.
 */
import * as z from "zod/mini";
import { decimal, instant, int } from "@/lib/api/answers";

export const eventStatusAnswer = z.enum(["upcoming", "live", "ended"]);
export type EventStatus = z.output<typeof eventStatusAnswer>;

export const rankingRow = z.object({
  /** The rank shown. On an event board it is shared by everyone tied on the board's figures ("1, 2, 2, 4"; decision 053). */
  rank: int,
  /** The row's place on the board, unique 1..total (pages are cut by it). */
  place: int,
  /** How many share this rank (1 = alone). */
  tied: int,
  name: z.string(),
  /** Decimal string: a return or Sharpe ratio as a 4-decimal fraction ("0.0523"), XP as a whole number ("120"); null = undefined Sharpe. */
  value: z.nullable(decimal),
  /** All-time return on the practice boards, the event return on an event board; absent on XP boards. */
  totalReturn: z.optional(z.nullable(decimal)),
  /** Places gained since the day began (positive = climbed); null when there is nothing to compare. */
  rankChange: z.nullable(int),
  isYou: z.boolean(),
});
export type RankingRow = z.output<typeof rankingRow>;

export const rankingPage = z.object({
  board: z.string(),
  period: z.nullable(z.string()),
  metric: z.enum(["return", "sharpe", "xp"]),
  /** `classContest`: a contest a class's teacher set for the class, seen only by its members. */
  event: z.nullable(z.object({ slug: z.string(), title: z.string(), status: eventStatusAnswer, classContest: z.boolean() })),
  items: z.array(rankingRow),
  page: int,
  pageSize: int,
  total: int,
  pages: int,
  own: z.nullable(z.extend(rankingRow, { page: int })),
  /**
   * Why `own` is null (null when it is not): `class-account` — a roster account (made by a
   * teacher for a class) on the practice or XP board, which such accounts are never on;
   * `not-yet` — not ranked on it yet (a participant of the event: not since the last refresh);
   * `not-in-event` — not a participant of this event.
   */
  notOnBoard: z.nullable(z.enum(["class-account", "not-yet", "not-in-event"])),
  /** When the rows were computed (a frozen event board: when it ended); null for an empty board. */
  computedAt: z.nullable(instant),
});
export type RankingPage = z.output<typeof rankingPage>;

export interface EventChoice {
  slug: string;
  title: string;
  status: EventStatus;
}

/** Test-only (TEST_PRICE_CONTROL): POST /api/rankings/refresh. */
export const refreshAnswer = z.object({ rows: int });
