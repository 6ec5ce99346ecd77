/**
 * The market feature's answers as the browser receives them, as zod schemas (docs/decisions/071):
 * declared by the routes, published in the OpenAPI document, checked in the tests; the screens
 * take their types from them. No server code here.
 */
import * as z from "zod/mini";
import { day, decimal, instant, int } from "@/lib/api/answers";

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

/** A dividend or a split as the API shows it (features/market/server/corporate-actions.ts `viewOf`). */
export const corporateActionView = z.object({
  id: z.string(),
  kind: z.enum(["dividend", "split"]),
  exDate: day,
  /** A dividend's. */
  payDate: z.optional(day),
  /** A dividend's, per share, two decimals. */
  amount: z.optional(decimal),
  /** A split's, new:old shares, e.g. "2:1". */
  ratio: z.optional(z.string()),
  source: z.enum(["simulated", "admin", "dataset"]),
  /** Whether the market has applied it (its ex-date has begun). */
  applied: z.boolean(),
  /** A dividend's: whether it has been paid. */
  paid: z.optional(z.boolean()),
});
export type CorporateActionView = z.output<typeof corporateActionView>;
