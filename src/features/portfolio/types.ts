/**
 * What the portfolio API answers (GET /api/portfolio, /api/portfolios/{id}/**), as zod schemas
 * (docs/decisions/071): the routes declare them, the OpenAPI document publishes them, the tests
 * check every real answer against them, and the pages take their types from them. No server
 * code here. Orders, fills and corporate actions are the engine's (../trading/types.ts), shown
 * here as the portfolio's routes answer them; corrections are the corrections feature's.
 */
import * as z from "zod/mini";
import { fillAnswer, fillsPage, orderAnswer, orderPlaced, orderSide, ordersPage, portfolioActionsAnswer } from "@/features/trading/types";
import { decimal, instant, int } from "@/lib/api/answers";

export { fillAnswer, fillsPage, orderAnswer, orderPlaced, ordersPage, portfolioActionsAnswer };
export type { Fill, Order, PortfolioAction } from "@/features/trading/types";

/** A position as the summary (server/summary.ts) and a report card show it. */
export const holdingAnswer = z.object({
  symbol: z.string(),
  /** A replay position's name and sector are its dataset's. */
  name: z.string(),
  sector: z.string(),
  /** Negative for a short. */
  quantity: int,
  costBasis: decimal,
  averageCost: decimal,
  lastPrice: decimal,
  marketValue: decimal,
  unrealisedPnl: decimal,
  realisedPnl: decimal,
  dayChange: decimal,
  weight: z.nullable(decimal),
  /** A short's yearly borrow fee in % (decision 070); null for a long or when the rules charge none. */
  borrowFeePct: z.nullable(decimal),
});
export type Holding = z.output<typeof holdingAnswer>;

/** A feature a lesson unlocks (features/learn `featureGate`). */
const gate = z.object({ unlocked: z.boolean(), lesson: z.nullable(z.object({ title: z.string(), href: z.string() })) });

/** Margin terms (decision 070): the multiple, yearly rates and maintenance in %, hours to meet a call. */
const marginTerms = z.object({ multiplier: z.number(), debitRatePct: z.number(), creditRatePct: z.number(), maintenancePct: z.number(), callHours: z.number() });

/** The rules a portfolio trades under, exactly as the engine applies them (the trade ticket previews with these). */
export const tradingRulesAnswer = z.object({
  /** Half the spread a taking fill pays, in bps. */
  slippageBps: z.number(),
  /** Market impact on/off and the participation limit (% of the volume traded) of orders that work in parts. */
  liquidity: z.object({ impact: z.boolean(), participationPct: z.number() }),
  commission: z.object({ flat: decimal, bps: z.number() }),
  allowShort: z.boolean(),
  shorting: gate,
  /** Trailing stops, bracket, OCO and OTO (decision 065). */
  advancedOrders: gate,
  maxPositionPct: z.nullable(z.number()),
  allowedSymbols: z.nullable(z.array(z.string())),
  window: z.nullable(z.object({ start: instant, end: instant })),
  /** Null: a cash account. */
  margin: z.nullable(marginTerms),
  /** Shorts pay their instrument's daily borrow fee. */
  borrowFees: z.boolean(),
});
export type TradingRulesView = z.output<typeof tradingRulesAnswer>;

/** GET /api/portfolio, /api/portfolios/{id}, POST …/reset (server/summary.ts `portfolioSummary`). */
export const summaryAnswer = z.object({
  id: z.string(),
  kind: z.enum(["practice", "event"]),
  eventId: z.nullable(z.string()),
  /** live: moves with the practice market's quotes; replay: on its replay's clock; final: an ended event's figures. */
  pricing: z.enum(["live", "replay", "final"]),
  startingCash: decimal,
  cash: decimal,
  reservedCash: decimal,
  longMarketValue: decimal,
  shortMarketValue: decimal,
  equity: decimal,
  buyingPower: decimal,
  totalReturn: z.nullable(decimal),
  /** The portfolio's units (decision 057): what the live revaluation measures the time-weighted return with. */
  units: decimal,
  /** Net cash adjustments (+ in, − out): shown as their own line, never as return. */
  cashAdjustments: decimal,
  dayChange: decimal,
  dayChangePct: z.nullable(decimal),
  /** The instant the practice day's change counts from (00:00 UTC); null for a replay or an ended event. */
  dayStart: z.nullable(instant),
  realisedPnl: decimal,
  unrealisedPnl: decimal,
  positions: z.array(holdingAnswer),
  /** What the portfolio borrows (−cash when below zero), else 0.00. */
  debitBalance: decimal,
  /** Margin figures (decision 070); null without margin. */
  margin: z.nullable(
    z.object({
      maintenanceRequirement: decimal,
      dailyInterest: decimal,
      call: z.nullable(z.object({ raisedAt: instant, deadline: instant })),
    }),
  ),
  /** Interest and borrow fees booked in the last week (decision 070), newest first. */
  charges: z.array(z.object({ kind: z.enum(["interest", "borrow-fee"]), amount: decimal, reason: z.string(), at: instant })),
  /** Orders the system placed for the person (maintenance covers, a margin call's forced sales) in the last week, with why. */
  notices: z.array(z.object({ id: z.string(), symbol: z.string(), side: orderSide, quantity: int, message: z.string(), at: instant })),
  rules: tradingRulesAnswer,
  createdAt: instant,
});
export type Summary = z.output<typeof summaryAnswer>;

/** A risk figure with its bound, or why it is absent (decision 053; server/performance.ts `wire`). */
export const riskFigureAnswer = z.object({
  /** A ratio, inside the figure's plausible range. */
  value: z.nullable(decimal),
  /** "max"/"min": beyond its plausible range, shown at that bound. */
  bound: z.nullable(z.enum(["max", "min"])),
  /** NOT_ENOUGH_HISTORY (with have, need and unit) or BENCHMARK_FLAT. */
  reason: z.nullable(z.object({ code: z.string(), message: z.string(), have: z.optional(z.number()), need: z.optional(z.number()), unit: z.optional(z.string()) })),
});
export type RiskFigureWire = z.output<typeof riskFigureAnswer>;

/**
 * A range's figures (server/performance.ts `rangeMetrics`): the performance panel's, the class
 * dashboard's and the report card's. Ratios as "0.0523".
 */
export const rangeFigures = z.object({
  totalReturn: z.nullable(decimal),
  benchmarkReturn: z.nullable(decimal),
  maxDrawdown: z.nullable(decimal),
  volatility: z.nullable(decimal),
  sharpe: z.nullable(decimal),
  beta: z.nullable(decimal),
  alpha: z.nullable(decimal),
  risk: z.object({ volatility: riskFigureAnswer, sharpe: riskFigureAnswer, beta: riskFigureAnswer, alpha: riskFigureAnswer }),
  /** The interval the risk figures' returns are taken over, in minutes (60, or 1440 for "all"). */
  sampleMinutes: z.number(),
  observations: int,
  minObservations: int,
});
export type RangeFigures = z.output<typeof rangeFigures>;

export const performanceRange = z.enum(["day", "week", "month", "all"]);
export type PerformanceRange = z.output<typeof performanceRange>;

/** The benchmark a portfolio is measured against (TLX; a replay's own index). */
export const benchmarkAnswer = z.object({ symbol: z.string(), name: z.string() });

/** An equity point with the benchmark scaled to the range's first equity (null before it had a level). */
export const performancePoint = z.object({ at: instant, equity: decimal, benchmark: z.nullable(decimal) });

/** GET /api/portfolios/{id}/performance (server/performance.ts `portfolioPerformance`). */
export const performanceAnswer = z.object({
  range: performanceRange,
  /** An event portfolio's "all": its event's window. */
  window: z.nullable(z.object({ start: instant, end: instant })),
  stepMinutes: z.number(),
  benchmark: benchmarkAnswer,
  points: z.array(performancePoint),
  metrics: rangeFigures,
});
export type Performance = z.output<typeof performanceAnswer>;

/** GET /api/portfolios/{id}/export.csv: text/csv the handler writes itself; documented as a string. */
export const portfolioCsvAnswer = z.string();
