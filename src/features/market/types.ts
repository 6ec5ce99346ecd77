/**
 * The market feature's answers as the browser receives them (server-free), declared once for
 * the server that answers and the screens that read: the market's API as zod schemas (docs/
 * decisions/071: the routes declare them, the OpenAPI document publishes them, the tests check
 * every real answer against them), the admin's too.
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
export type WatchlistAnswer = z.output<typeof watchlistAnswer>;

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
      /**
       * The last price of each step since `start`, oldest first: `closes[k]` closes the step
       * that starts at start + k × stepMinutes; null for a step without a tick (the server was
       * down). The last entry is the step "now" falls in, so it moves until that step ends.
       */
      closes: z.array(z.nullable(decimal)),
    }),
  ),
});
export type MarketDayAnswer = z.output<typeof marketDayAnswer>;

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

// ── Admin answers (issue 24 §1) ──

/** A historical dataset (features/market/server/datasets.ts `toSummary`). */
export const datasetSummary = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** The company's sector: what a replay position's sector is. */
  sector: z.string(),
  createdAt: instant,
  rowCount: int,
  firstDate: day,
  lastDate: day,
});
export type DatasetSummary = z.output<typeof datasetSummary>;

/** GET /api/admin/datasets: newest first. */
export const datasetsAnswer = z.object({ items: z.array(datasetSummary) });

/** A dataset's day, raw (unadjusted) prices. */
export const datasetRow = z.object({
  date: day,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: int,
  /** A dividend going ex this day, per share (docs/decisions/063). */
  dividend: z.optional(decimal),
  /** A split taking effect this day, new:old shares ("2:1"). */
  split: z.optional(z.string()),
});
export type DatasetRow = z.output<typeof datasetRow>;

/** GET /api/admin/datasets/{id}: the dataset and its rows, oldest first. */
export const datasetDetail = z.object({ dataset: datasetSummary, rows: z.array(datasetRow) });

/** Everything an admin sees and edits of an instrument (features/market/server/instruments.ts `toAdmin`). */
export const adminInstrument = z.object({
  symbol: z.string(),
  name: z.string(),
  sector: z.string(),
  /** "index" is the benchmark: listed, computed, never edited (its parameters are zero). */
  kind: z.enum(["stock", "etf", "index"]),
  startingPrice: decimal,
  drift: z.number(),
  volatility: z.number(),
  beta: z.number(),
  sectorLoading: z.number(),
  averageDailyVolume: int,
  active: z.boolean(),
  lastPrice: decimal,
  updatedAt: instant,
  /** A constituent of the TLX benchmark: deactivating it freezes its price inside the index. */
  inBenchmark: z.boolean(),
});
export type AdminInstrumentRow = z.output<typeof adminInstrument>;

/** GET /api/admin/instruments: every instrument by symbol, and the sectors instruments have, alphabetically. */
export const adminInstrumentsAnswer = z.object({ items: z.array(adminInstrument), sectors: z.array(z.string()) });
export type AdminInstrumentList = z.output<typeof adminInstrumentsAnswer>;
export type CorporateActionView = z.output<typeof corporateActionView>;
