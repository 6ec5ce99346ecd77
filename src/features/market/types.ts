/**
 * The market feature's answers as the browser receives them (server-free), declared once for
 * the server that answers and the screens that read: the market's API as zod schemas (docs/
 * decisions/071: the routes declare them, the OpenAPI document publishes them, the tests check
 * every real answer against them), and the datasets admin's list and rows.
 */
import * as z from "zod/mini";
import { day, decimal, instant, int } from "@/lib/api/answers";

/**
 * An instrument with its quote (features/market/server/queries.ts `quoteOf`). `kind` is the
 * instruments table's INSTRUMENT_KINDS, written out because that list lives with the database
 * schema, which the browser may not import; tsc refuses a server whose kind this does not name.
 */
export const instrumentQuote = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  /** "index" is the TLX benchmark: its `lastPrice` is its level, and it cannot be traded. */
  kind: z.enum(["stock", "etf", "index"]),
  active: z.boolean(),
  lastPrice: decimal,
  previousClose: decimal,
  dayChange: decimal,
  /** A fraction: "0.0123" is +1.23 %; null without a previous close. */
  dayChangePct: z.nullable(decimal),
  updatedAt: instant,
  /** What the engine prices fills with (decision 056): the simulated average daily volume and annual volatility. */
  liquidity: z.object({ averageDailyVolume: z.number(), volatility: z.number() }),
});
export type InstrumentQuoteAnswer = z.output<typeof instrumentQuote>;

/** GET /api/instruments: every instrument with its quote and its figures (features/market/server/corporate-actions.ts `instrumentFigures`). */
export const instrumentsAnswer = z.object({
  items: z.array(
    z.extend(instrumentQuote, {
      /** The indicated annual dividend yield, a fraction ("0.0312"; "0.0000" for none). */
      dividendYield: decimal,
      /** Shares a day over the last 30 days. */
      averageDailyVolume: z.number(),
    }),
  ),
});

/** The person's watchlist: the quotes of the instruments followed, in the order added (features/portfolio/server/watchlist.ts). */
export const watchlistAnswer = z.object({ items: z.array(instrumentQuote), limit: int });

/** A price candle (GET /api/instruments/{symbol}/candles): money as decimal strings. */
export const candle = z.object({
  /** The candle's opening instant. */
  start: instant,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: z.number(),
});
export type Candle = z.output<typeof candle>;
export const candlesAnswer = z.object({
  symbol: z.string(),
  interval: z.enum(["1m", "1d"]),
  /** Oldest first, at most the newest 2,000 of the range. */
  items: z.array(candle),
  /** Daily only: a first start's older years are still being written (decision 058). */
  historyFilling: z.optional(z.literal(true)),
});

/** A dividend or a split (features/market/server/corporate-actions.ts `viewOf`; decision 052). */
export const corporateActionView = z.object({
  id: z.string(),
  kind: z.enum(["dividend", "split"]),
  exDate: day,
  /** Dividends: the day it is paid. */
  payDate: z.optional(day),
  /** Dividends: per share. */
  amount: z.optional(decimal),
  /** Splits: new:old shares, "2:1". */
  ratio: z.optional(z.string()),
  source: z.enum(["simulated", "admin", "dataset"]),
  /** The market has applied it (its ex-date has begun). */
  applied: z.boolean(),
  /** Dividends: paid out. */
  paid: z.optional(z.boolean()),
});
export const corporateActionsAnswer = z.object({ items: z.array(corporateActionView) });

/** Today's price path of every instrument (features/market/server/day.ts `marketDay`). */
export const marketDayAnswer = z.object({
  /** 00:00 UTC of the practice market's day. */
  start: instant,
  stepMinutes: int,
  items: z.array(
    z.object({
      symbol: z.string(),
      /** Shares traded today. */
      volume: z.number(),
      /** The last price of each step since `start`, oldest first; null for a step without a tick. */
      closes: z.array(z.nullable(decimal)),
    }),
  ),
});

/** One measured value of a stylized fact (domain/market/realism.ts). */
const realismValue = z.object({
  /** What it is of: "median stock", "index", … */
  of: z.string(),
  /** Null when it could not be measured (JSON writes a NaN as null). */
  value: z.nullable(z.number()),
  /** Strict bounds the value must keep. */
  bound: z.object({ above: z.optional(z.number()), below: z.optional(z.number()) }),
  holds: z.boolean(),
});
/** The stylized facts measured on this market's finished daily candles (features/market/server/realism.ts; decision 051). */
export const marketRealism = z.object({
  days: int,
  stocks: int,
  /** The first and last finished day measured. */
  from: day,
  to: day,
  /** Stocks left out for a history shorter than a year. */
  skipped: z.array(z.string()),
  holds: z.boolean(),
  rows: z.array(
    z.object({
      id: z.enum(["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11"]),
      property: z.string(),
      statistic: z.string(),
      target: z.string(),
      values: z.array(realismValue),
      holds: z.boolean(),
    }),
  ),
});
/** No report yet: why (less than a year of finished days, or `filling` while a first start writes its history). */
export const realismUnavailable = z.object({ unavailable: z.string(), filling: z.optional(z.literal(true)) });
export const realismAnswer = z.union([marketRealism, realismUnavailable]);
export type MarketRealismAnswer = z.output<typeof marketRealism>;
export type RealismAnswer = z.output<typeof realismAnswer>;

export interface DatasetSummary {
  id: string;
  name: string;
  symbol: string;
  /** The company's sector: what a replay position's sector is. */
  sector: string;
  createdAt: string;
  rowCount: number;
  firstDate: string;
  lastDate: string;
}

export interface DatasetRow {
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  /** A dividend going ex this day, per share (docs/decisions/063). */
  dividend?: string;
  /** A split taking effect this day, new:old shares ("2:1"). */
  split?: string;
}
