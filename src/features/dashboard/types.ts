/** What the dashboard shows, as the page hands it to the browser (no server code here). */
import type { EventView } from "@/features/events/components";
import type { LearnerSummary } from "@/features/learn/components";
import type { Instrument } from "@/features/market/components";
import type { OrderWire } from "@/lib/live-messages";
import type { Role } from "@/lib/roles";

/** An event the person takes part in, with their place on its board. */
export interface MyEventView extends EventView {
  /** Null: not ranked (yet): upcoming, or the board has not been refreshed since they joined. */
  rank: number | null;
  /** How many are ranked on its board. */
  ranked: number;
}

/** A mover with its day so far (closes per step since the day's start; see GET /api/market/day). */
export interface MoverView extends Instrument {
  closes: Array<string | null>;
}

/** An open assignment of one of the person's classes, with their own progress (the classes feature's). */
export interface OpenAssignmentView {
  id: string;
  title: string;
  classId: string;
  className: string;
  dueAt: string;
  tasksDone: number;
  tasksTotal: number;
  score: number;
}

export interface DashboardProps {
  /** `email` is null for a roster account (made by a teacher for a class), which signs in with `username`. */
  user: { name: string; email: string | null; username: string | null; roster: boolean; role: Role; emailVerified: boolean; timeZone: string | null; memberSince: string };
  adminStats: { people: number; admins: number; disabled: number } | null;
  learning: LearnerSummary;
  portfolio: {
    equity: string;
    dayChange: string;
    /** Where the day (and dayChange) starts: 00:00 UTC today, the practice market's day. */
    dayStart: string;
    totalReturn: string | null;
    cash: string;
    holdings: number;
    /** The equity over the last day (the performance series' "day" range), oldest first, and when it starts. */
    curve: { from: string; equity: string[] };
  };
  /** The person's places on the practice (all time, today) and XP boards. */
  ranks: Array<{ board: "practice:all" | "practice:day" | "xp:all"; rank: number | null; total: number; value: string | null }>;
  /** The practice portfolio's open orders, newest first (at most a few), and how many there are. */
  openOrders: { items: OrderWire[]; total: number };
  /** Open assignments of the classes the person is a student in, soonest due first (at most a few), and how many there are. */
  assignments: { items: OpenAssignmentView[]; total: number };
  /** Events the person is in; when none, a few they could join. */
  events: { mine: MyEventView[]; open: EventView[] };
  /** Today's biggest gains and losses, with their paths (the market overview's sources). */
  movers: { start: string; stepMinutes: number; gainers: MoverView[]; losers: MoverView[] };
  /** The server's clock when the page was rendered: countdowns tick from it. */
  serverNow: string;
}
