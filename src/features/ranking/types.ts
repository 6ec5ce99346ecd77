/** What the ranking API answers; shared by the server and the page (no server code here). */

export type EventStatus = "upcoming" | "live" | "ended";

export interface RankingRow {
  /** The rank shown. On an event board it is shared by everyone tied on the board's figures ("1, 2, 2, 4"; decision 053). */
  rank: number;
  /** The row's place on the board, unique 1..total (pages are cut by it). */
  place: number;
  /** How many share this rank (1 = alone). */
  tied: number;
  name: string;
  /** Decimal string: a return or Sharpe ratio as a 4-decimal fraction ("0.0523"), XP as a whole number ("120"); null = undefined Sharpe. */
  value: string | null;
  /** All-time return on the practice boards, the event return on an event board; absent on XP boards. */
  totalReturn?: string | null;
  /** Places gained since the day began (positive = climbed); null when there is nothing to compare. */
  rankChange: number | null;
  isYou: boolean;
}

export interface RankingPage {
  board: string;
  period: string | null;
  metric: "return" | "sharpe" | "xp";
  /** `classContest`: a contest a class's teacher set for the class, seen only by its members. */
  event: { slug: string; title: string; status: EventStatus; classContest: boolean } | null;
  items: RankingRow[];
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  own: (RankingRow & { page: number }) | null;
  /**
   * Why `own` is null (null when it is not): `class-account` — a roster account (made by a
   * teacher for a class) on the practice or XP board, which such accounts are never on;
   * `not-yet` — not ranked on it yet (a participant of the event: not since the last refresh);
   * `not-in-event` — not a participant of this event.
   */
  notOnBoard: "class-account" | "not-yet" | "not-in-event" | null;
  /** When the rows were computed (a frozen event board: when it ended); null for an empty board. */
  computedAt: string | null;
}

export interface EventChoice {
  slug: string;
  title: string;
  status: EventStatus;
}
