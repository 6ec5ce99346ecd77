/** The JSON shapes of the portfolio and market API, as the browser sees them (docs/api.md). */
import type { FillWire, OrderWire } from "@/lib/live-messages";

export interface Holding {
  symbol: string;
  name: string;
  sector: string;
  quantity: number;
  costBasis: string;
  averageCost: string;
  lastPrice: string;
  marketValue: string;
  unrealisedPnl: string;
  realisedPnl: string;
  dayChange: string;
  weight: string | null;
  /** A short's yearly borrow fee in % (decision 070); null for a long or when the rules charge none. Absent from an older server. */
  borrowFeePct?: string | null;
}

/** The rules a portfolio trades under, as the server applies them (the ticket previews with these). */
export interface TradingRulesView {
  /** Half the spread a taking fill pays, in bps. */
  slippageBps: number;
  /** Market impact on/off and the participation limit (% of the volume traded) for orders over 1 % of a day's volume. */
  liquidity?: { impact: boolean; participationPct: number };
  commission: { flat: string; bps: number };
  allowShort: boolean;
  shorting: { unlocked: boolean; lesson: { title: string; href: string } | null };
  /** Trailing stops, bracket, OCO and OTO (decision 065); absent from an older server = unlocked. */
  advancedOrders?: { unlocked: boolean; lesson: { title: string; href: string } | null };
  maxPositionPct: number | null;
  allowedSymbols: string[] | null;
  window: { start: string; end: string } | null;
  /** Margin terms (decision 070); null or absent = a cash account. */
  margin?: { multiplier: number; debitRatePct: number; creditRatePct: number; maintenancePct: number; callHours: number } | null;
  /** Shorts pay their instrument's daily borrow fee. */
  borrowFees?: boolean;
}

export interface Summary {
  id: string;
  kind: string;
  eventId: string | null;
  /** live: moves with the practice market's quotes; replay: on its replay's clock; final: an ended event's figures. */
  pricing: "live" | "replay" | "final";
  startingCash: string;
  cash: string;
  reservedCash: string;
  longMarketValue: string;
  shortMarketValue: string;
  equity: string;
  buyingPower: string;
  totalReturn: string | null;
  /** The portfolio's units (decision 057): what the live revaluation measures the time-weighted return with. */
  units: string;
  /** Net cash adjustments (+ in, − out): shown as their own line, never as return. */
  cashAdjustments: string;
  dayChange: string;
  dayChangePct: string | null;
  /** The instant the practice day's change counts from (00:00 UTC); null for a replay or an ended event. */
  dayStart: string | null;
  realisedPnl: string;
  unrealisedPnl: string;
  positions: Holding[];
  /** What the portfolio borrows (−cash when below zero). Absent from an older server. */
  debitBalance?: string;
  /** Margin figures (decision 070); null without margin. */
  margin?: { maintenanceRequirement: string; dailyInterest: string; call: { raisedAt: string; deadline: string } | null } | null;
  /** Interest and borrow fees booked in the last week (decision 070), newest first. Absent from an older server. */
  charges?: Array<{ kind: "interest" | "borrow-fee"; amount: string; reason: string; at: string }>;
  /** Orders the system placed for the person (maintenance covers, a margin call's forced sales) in the last week, with why. */
  notices: Array<{ id: string; symbol: string; side?: Side; quantity: number; message: string; at: string }>;
  rules: TradingRulesView;
  createdAt: string;
}

export type PerformanceRange = "day" | "week" | "month" | "all";

export interface Performance {
  range: PerformanceRange;
  /** An event portfolio's "all": its event's window. */
  window: { start: string; end: string } | null;
  stepMinutes: number;
  benchmark: { symbol: string; name: string };
  points: Array<{ at: string; equity: string; benchmark: string | null }>;
  metrics: {
    totalReturn: string | null;
    benchmarkReturn: string | null;
    maxDrawdown: string | null;
    volatility: string | null;
    sharpe: string | null;
    beta: string | null;
    alpha: string | null;
    /** Each risk figure with its bound, or why it is absent (decision 053). */
    risk: Record<"volatility" | "sharpe" | "beta" | "alpha", RiskFigureWire>;
    /** The interval the risk figures' returns are taken over, in minutes (60, or 1440 for "all"). */
    sampleMinutes: number;
    observations: number;
    minObservations: number;
  };
}

/** A risk figure as the performance API sends it (features/portfolio `rangeMetrics`). */
export interface RiskFigureWire {
  value: string | null;
  bound: "max" | "min" | null;
  reason: { code: string; message: string; have?: number; need?: number; unit?: string } | null;
}

export interface Watchlist {
  items: Instrument[];
  limit: number;
}

/** Orders and fills as the API and the live stream send them: one definition, lib/live-messages.ts. */
export type Order = OrderWire;
export type Fill = FillWire;
export type OrderStatus = Order["status"];
export type Side = Order["side"];
export type OrderType = Order["type"];

export interface Instrument {
  symbol: string;
  name: string;
  sector: string;
  kind: string;
  active: boolean;
  lastPrice: string;
  previousClose: string;
  dayChange: string;
  dayChangePct: string | null;
  updatedAt: string;
  /** What the engine prices fills with (decision 056); absent on a replay's instruments. */
  liquidity?: { averageDailyVolume: number; volatility: number };
}

/** GET /api/market/day: the practice market's day so far (features/market, marketDay). */
export interface MarketDay {
  /** 00:00 UTC of the day. */
  start: string;
  stepMinutes: number;
  /** Per instrument: shares traded today, and the last price of each step since `start` (null: none). */
  items: Array<{ symbol: string; volume: number; closes: Array<string | null> }>;
}

export type { Candle } from "@/features/market/components";

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
