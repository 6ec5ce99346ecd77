/** The JSON shapes of the events API, as the browser sees them (docs/api.md). */
import type { Fill, Holding, Order, RiskFigureWire } from "@/features/portfolio/components";
export type EventPhase = "upcoming" | "live" | "ended";

export interface EventView {
  id: string;
  slug: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  startingCash: string;
  commissionFlat: string;
  commissionBps: number;
  allowShort: boolean;
  maxPositionPct: number | null;
  instruments: string[] | null;
  visibility: "public" | "private";
  lateEntry: boolean;
  maxParticipants: number | null;
  metric: "return" | "sharpe";
  requiredLesson: string | null;
  replay: { datasets: string[]; from: string; speed: number } | null;
  /** Rules against gambling (docs/decisions/044); null = no such rule. */
  minHoldings: number | null;
  maxTradesPerDay: number | null;
  minHoldMinutes: number | null;
  minSharePrice: string | null;
  /** Liquidity (docs/decisions/056): half the spread (bps), participation limit (%), market impact on/off. */
  halfSpreadBps: number;
  participationPct: number;
  impact: boolean;
  /** Margin terms (docs/decisions/070); null = no borrowing. Absent from an older server. */
  margin?: { multiplier: number; debitRatePct: number; creditRatePct: number; maintenancePct: number; callHours: number } | null;
  /** Shorts pay their instrument's daily borrow fee. */
  borrowFees?: boolean;
  phase: EventPhase;
  status: EventPhase | "archived";
  countdown: { target: string | null; ms: number | null };
  participants: number;
  archivedAt: string | null;
  finalizedAt: string | null;
  createdAt: string;
  /** Admins only. */
  joinCode?: string | null;
  lockedFields?: Partial<Record<string, string>>;
}

export interface MemberEvent extends EventView {
  joined: boolean;
  removed: boolean;
  portfolioId: string | null;
  rank: number | null;
}

export interface EventDetail extends MemberEvent {
  /** A team event's sizes (decision 042); null when everyone trades alone. */
  teams: { min: number; max: number } | null;
  /** A class contest's class; null for other events. */
  classId: string | null;
  lesson: { id: string; title: string; href: string; passed: boolean } | null;
  /** Admins, the organiser, a class contest's teachers: they open everyone's report card. */
  manages: boolean;
}

export interface StandingItem {
  /** Shared with everyone tied on the board's figures (decision 053). */
  rank: number;
  /** How many share the rank (1 = alone). */
  tied: number;
  name: string;
  equity: string;
  totalReturn: string | null;
  sharpe: string | null;
  trades: number;
  joinedAt: string;
  you: boolean;
  /** The row's report card, for the event's managers once the board is final; null otherwise. */
  reportCard: string | null;
}

export interface StandingsView {
  frozen: boolean;
  metric: "return" | "sharpe";
  computedAt: string | null;
  items: StandingItem[];
  total: number;
}

export interface ParticipantRow {
  userId: string;
  name: string | null;
  email: string;
  portfolioId: string;
  joinedAt: string;
  removedAt: string | null;
  rank: number | null;
  equity: string;
  totalReturn: string | null;
  sharpe: string | null;
  trades: number;
}

/** GET /api/events/{slug}/replay: a replay event's clock and prices now. */
export interface ReplayView {
  phase: "before" | "running" | "ended";
  tradingDay: string;
  day: number;
  days: number;
  instruments: Array<{ symbol: string; name: string; sector: string; price: string | null; previousClose: string | null }>;
  /** The datasets' dividends and splits the event plays (docs/decisions/063). */
  actions: Array<{ symbol: string; kind: "dividend" | "split"; exDate: string; day: number; amount?: string; payDate?: string; ratio?: string; applied: boolean }>;
  at: string;
}

/** GET /api/events/{slug}/report-card (features/events/server/report-card.ts). */
export interface ReportCardTrade {
  order: Order;
  fills: Fill[];
  /** Realised P&L of a closing trade (a sell or a cover); null for one that opened or grew a position. */
  realisedPnl: string | null;
}

export interface ReportCardView {
  event: { slug: string; title: string; startsAt: string; endsAt: string; metric: string };
  /** `team`: the team whose portfolio this is, in a team event (its members share one card). */
  participant: { id: string; name: string; team: string | null; removed: boolean; you: boolean };
  rank: number | null;
  startingCash: string;
  finalEquity: string;
  benchmark: { symbol: string; name: string };
  metrics: {
    totalReturn: string | null;
    benchmarkReturn: string | null;
    maxDrawdown: string | null;
    volatility: string | null;
    sharpe: string | null;
    /** Each risk figure with its bound, or why it is absent (decision 053). */
    risk: Record<"volatility" | "sharpe" | "beta" | "alpha", RiskFigureWire>;
    observations: number;
    minObservations: number;
  };
  points: Array<{ at: string; equity: string; benchmark: string | null }>;
  holdings: Holding[];
  diversification: Array<{ day: string; holdings: number; largestShare: string | null }>;
  trades: ReportCardTrade[];
  journalEntries: number;
  best: ReportCardTrade | null;
  worst: ReportCardTrade | null;
  lessons: Array<{ lessonId: string; title: string; course: string; passedAt: string; bestScore: string | null }>;
}

/** GET /api/events/{slug}/report-cards: every card of an ended event, for its managers. */
export interface ReportCardIndexView {
  event: { slug: string; title: string; startsAt: string; endsAt: string; metric: string };
  items: Array<{ rank: number; tied: number; name: string; userId: string; href: string | null }>;
}
