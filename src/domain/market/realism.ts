/**
 * How realistic the practice market is: the stylized facts of real daily returns (Cont 2001,
 * "Empirical properties of asset returns"; Bouchaud et al. 2001 on the leverage effect),
 * measured on daily closes and volumes, each against its target. This module owns the targets
 * and every statistic of the realism report (issue #21 §1 and §3); the API, the page,
 * `npm run realism` and the simulator's tests all call it.
 *
 * Conventions (the page explains them in words):
 * - a return is the log return between consecutive daily closes, r_t = ln(C_t / C_{t−1});
 * - "median stock" is the median across the stocks of the per-stock statistic; the index is
 *   measured on its own closes;
 * - the 21-day returns of S6 are overlapping windows (every start): the same distribution as
 *   non-overlapping ones, with far less sampling noise than 1826 ÷ 21 ≈ 87 of them would give;
 * - the volume of S9 is the day's volume, against |r| of the same day;
 * - S10 uses the days every stock has a close on.
 *
 * Pure and floating point: these are statistics, not money.
 */
import type { Candle } from "./candles";

export interface DailyBar {
  /** The day's start (epoch ms, 00:00 UTC): used to line stocks up for the correlation matrix. */
  day: number;
  close: number;
  volume: number;
}

export interface RealismInput {
  /** Each symbol's daily bars, oldest first. */
  bars: Readonly<Record<string, readonly DailyBar[]>>;
  /** The benchmark index's symbol (TLX). */
  index: string;
  /** The stocks the cross-section is taken over (funds and the index left out). */
  stocks: readonly string[];
}

export type RealismId = "S1" | "S2" | "S3" | "S4" | "S5" | "S6" | "S7" | "S8" | "S9" | "S10" | "S11";

/** A bound on one measured value; `above` and `below` are strict. */
export interface Bound {
  above?: number;
  below?: number;
}

export interface RealismValue {
  /** What the value is of: "median stock", "index", … */
  of: string;
  value: number;
  bound: Bound;
  holds: boolean;
}

export interface RealismRow {
  id: RealismId;
  property: string;
  statistic: string;
  /** The target in words, as the issue states it. */
  target: string;
  values: RealismValue[];
  /** Every value holds (and there was enough data to measure it). */
  holds: boolean;
}

export interface RealismReport {
  /** Daily returns of the index (the length of history measured). */
  days: number;
  stocks: number;
  rows: RealismRow[];
  holds: boolean;
}

/** The targets of issue #21 §1, one owner. `bound` is applied to each value of the row. */
export const REALISM_TARGETS: ReadonlyArray<{ id: RealismId; property: string; statistic: string; target: string }> = [
  { id: "S1", property: "No linear predictability", statistic: "mean |ACF(r, k)|, k = 1..10", target: "< 0.05" },
  { id: "S2", property: "Fat tails", statistic: "daily excess kurtosis", target: "stocks 3–15; index 2–10" },
  { id: "S3", property: "Power-law tail", statistic: "Hill α on the top 2.5 % of |r|", target: "2.5–5" },
  { id: "S4", property: "Volatility clustering", statistic: "ACF(|r|, 1); smallest ACF(|r|, k), k = 1..20", target: "> 0.1; all > 0" },
  { id: "S5", property: "Long memory", statistic: "ACF(|r|, 50)", target: "> 0" },
  { id: "S6", property: "Aggregational Gaussianity", statistic: "excess kurtosis of 21-day returns ÷ the daily one", target: "< ⅓" },
  { id: "S7", property: "Leverage effect", statistic: "corr(r_t, |r_t+k|), mean over k = 1..10", target: "< 0 (index and median stock)" },
  { id: "S8", property: "Gain/loss asymmetry", statistic: "skewness of the index's daily returns", target: "< 0" },
  { id: "S9", property: "Volume–volatility", statistic: "corr(daily volume, |r|)", target: "> 0.2" },
  { id: "S10", property: "One market", statistic: "top eigenvalue ÷ trace of the stocks' correlation matrix", target: "0.25–0.6" },
  { id: "S11", property: "Plausible levels", statistic: "annualised volatility (365 trading days)", target: "index 12–25 %; median stock 20–45 %" },
];

/** The market trades every day of the year: daily volatility × √365 is the annual one. */
export const TRADING_DAYS_PER_YEAR = 365;
/** The share of the largest |r| the Hill estimator uses. */
export const HILL_TAIL_FRACTION = 0.025;
/** The horizon of S6's aggregated returns, in days. */
export const AGGREGATION_DAYS = 21;

// --- statistics ------------------------------------------------------------------------

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Population central moment of order `order`. */
function centralMoment(values: readonly number[], order: number, m = mean(values)): number {
  let sum = 0;
  for (const v of values) sum += (v - m) ** order;
  return sum / values.length;
}

/** Sample standard deviation (n − 1). */
export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - m) ** 2;
  return Math.sqrt(sum / (values.length - 1));
}

/** Excess kurtosis m4 / m2² − 3 (population moments; 0 for a normal distribution). */
export function excessKurtosis(values: readonly number[]): number {
  const m = mean(values);
  return centralMoment(values, 4, m) / centralMoment(values, 2, m) ** 2 - 3;
}

/** Skewness m3 / m2^1.5 (population moments). */
export function skewness(values: readonly number[]): number {
  const m = mean(values);
  return centralMoment(values, 3, m) / centralMoment(values, 2, m) ** 1.5;
}

/** Pearson correlation of two equally long series. */
export function correlation(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError("A correlation takes two series of the same length.");
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return cov / Math.sqrt(va * vb);
}

/**
 * The sample autocorrelation at `lag` (Box–Jenkins): Σ (x_t − x̄)(x_{t+k} − x̄) / Σ (x_t − x̄)²,
 * the usual estimator (the one ACF plots use).
 */
export function autocorrelation(values: readonly number[], lag: number): number {
  const m = mean(values);
  let denominator = 0;
  for (const v of values) denominator += (v - m) ** 2;
  let numerator = 0;
  for (let t = 0; t + lag < values.length; t++) numerator += (values[t]! - m) * (values[t + lag]! - m);
  return numerator / denominator;
}

/**
 * Hill's estimator of the tail index from the `k` largest of `values` (all positive):
 * α = 1 / ( (1/k) Σ_{i=1..k} ln(X_(i) / X_(k+1)) ), X_(1) ≥ X_(2) ≥ … the order statistics.
 */
export function hillAlpha(values: readonly number[], k: number): number {
  if (!Number.isInteger(k) || k < 1 || k >= values.length) throw new RangeError(`Hill's estimator needs 1 ≤ k < n, got k = ${k} of ${values.length}.`);
  const sorted = [...values].sort((a, b) => b - a);
  const threshold = sorted[k]!;
  let sum = 0;
  for (let i = 0; i < k; i++) sum += Math.log(sorted[i]! / threshold);
  return k / sum;
}

/** corr(r_t, |r_{t+k}|): does a move predict the size of a later one? */
export function leverageCorrelation(returns: readonly number[], lag: number): number {
  const now = returns.slice(0, returns.length - lag);
  const later = returns.slice(lag).map(Math.abs);
  return correlation(now, later);
}

/** Log returns of consecutive closes. */
export function logReturns(closes: readonly number[]): number[] {
  const returns: number[] = [];
  for (let t = 1; t < closes.length; t++) returns.push(Math.log(closes[t]! / closes[t - 1]!));
  return returns;
}

/** Overlapping `horizon`-day log returns (one per start). */
export function aggregatedReturns(returns: readonly number[], horizon: number): number[] {
  const result: number[] = [];
  let sum = 0;
  for (let t = 0; t < returns.length; t++) {
    sum += returns[t]!;
    if (t >= horizon) sum -= returns[t - horizon]!;
    if (t >= horizon - 1) result.push(sum);
  }
  return result;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The largest eigenvalue of a symmetric positive semi-definite matrix, by power iteration
 * (a correlation matrix's top eigenvalue is well separated when there is one market).
 */
export function topEigenvalue(matrix: readonly (readonly number[])[]): number {
  const n = matrix.length;
  let vector = new Array<number>(n).fill(1 / Math.sqrt(n));
  let value = 0;
  for (let iteration = 0; iteration < 1000; iteration++) {
    const next = matrix.map((row) => row.reduce((sum, a, j) => sum + a * vector[j]!, 0));
    const norm = Math.sqrt(next.reduce((sum, v) => sum + v * v, 0));
    if (norm === 0) return 0;
    vector = next.map((v) => v / norm);
    const converged = Math.abs(norm - value) <= 1e-12 * norm;
    value = norm;
    if (converged) break;
  }
  return value;
}

// --- the report ------------------------------------------------------------------------

function check(value: number, bound: Bound): boolean {
  return Number.isFinite(value) && (bound.above === undefined || value > bound.above) && (bound.below === undefined || value < bound.below);
}

function measured(of: string, value: number, bound: Bound): RealismValue {
  return { of, value, bound, holds: check(value, bound) };
}

interface Measures {
  returns: number[];
  volumes: number[];
}

function measuresOf(bars: readonly DailyBar[]): Measures {
  return { returns: logReturns(bars.map((b) => b.close)), volumes: bars.slice(1).map((b) => b.volume) };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Per-stock statistic → its median across the stocks. */
function medianOf(series: readonly Measures[], statistic: (m: Measures) => number): number {
  return median(series.map(statistic));
}

/** The stocks' correlation matrix of daily returns over the days they all have. */
function stockCorrelationMatrix(bars: readonly (readonly DailyBar[])[]): number[][] {
  const common = bars.map((b) => new Map(b.map((bar) => [bar.day, bar.close])));
  const days = [...common[0]!.keys()].filter((day) => common.every((byDay) => byDay.has(day))).sort((a, b) => a - b);
  const returns = common.map((byDay) => logReturns(days.map((day) => byDay.get(day)!)));
  return returns.map((a) => returns.map((b) => (a === b ? 1 : correlation(a, b))));
}

/** Daily candles as bars (the close as a float: a statistic, not money). */
export function barsFromCandles(candles: readonly Candle[]): DailyBar[] {
  return candles.map((c) => ({ day: c.start.getTime(), close: Number(c.close), volume: c.volume }));
}

export class RealismInputError extends Error {}

/**
 * The realism table (S1–S11) from daily bars. Needs the index and at least two stocks with
 * enough days for the statistics (a few months at the very least; the targets are meant for
 * five years).
 */
export function realismReport(input: RealismInput): RealismReport {
  const indexBars = input.bars[input.index];
  if (!indexBars) throw new RealismInputError(`No daily bars for the index ${input.index}.`);
  const stockBars = input.stocks.map((symbol) => {
    const bars = input.bars[symbol];
    if (!bars) throw new RealismInputError(`No daily bars for the stock ${symbol}.`);
    return bars;
  });
  if (stockBars.length < 2) throw new RealismInputError("The cross-section needs at least two stocks.");
  const minimum = 50 + 2 * AGGREGATION_DAYS;
  if ([indexBars, ...stockBars].some((bars) => bars.length <= minimum)) throw new RealismInputError(`Every series needs more than ${minimum} daily bars.`);

  const index = measuresOf(indexBars);
  const stocks = stockBars.map(measuresOf);
  const absolute = (m: Measures) => m.returns.map(Math.abs);
  const absoluteStocks = stocks.map(absolute);
  const absAcf = (k: number) => median(absoluteStocks.map((a) => autocorrelation(a, k)));
  const kurtosis = (m: Measures) => excessKurtosis(m.returns);
  const leverage = (m: Measures) => mean(range(1, 10).map((k) => leverageCorrelation(m.returns, k)));
  const annualVolatility = (m: Measures) => standardDeviation(m.returns) * Math.sqrt(TRADING_DAYS_PER_YEAR);
  const hill = (m: Measures) => hillAlpha(absolute(m), Math.max(1, Math.floor(HILL_TAIL_FRACTION * m.returns.length)));
  const dailyKurtosis = medianOf(stocks, kurtosis);
  const monthlyKurtosis = medianOf(stocks, (m) => excessKurtosis(aggregatedReturns(m.returns, AGGREGATION_DAYS)));
  const matrix = stockCorrelationMatrix(stockBars);

  const values: Record<RealismId, RealismValue[]> = {
    S1: [measured("median stock", medianOf(stocks, (m) => mean(range(1, 10).map((k) => Math.abs(autocorrelation(m.returns, k))))), { below: 0.05 })],
    S2: [measured("median stock", dailyKurtosis, { above: 3, below: 15 }), measured("index", kurtosis(index), { above: 2, below: 10 })],
    S3: [measured("median stock", medianOf(stocks, hill), { above: 2.5, below: 5 })],
    S4: [measured("median stock, k = 1", absAcf(1), { above: 0.1 }), measured("median stock, smallest over k = 1..20", Math.min(...range(1, 20).map(absAcf)), { above: 0 })],
    S5: [measured("median stock", absAcf(50), { above: 0 })],
    S6: [
      measured("median stock, 21-day ÷ daily", monthlyKurtosis / dailyKurtosis, { below: 1 / 3 }),
      // The two figures the ratio is made of, shown beside it (no bound of their own).
      measured("median stock, daily", dailyKurtosis, {}),
      measured("median stock, 21-day", monthlyKurtosis, {}),
    ],
    S7: [measured("index", leverage(index), { below: 0 }), measured("median stock", medianOf(stocks, leverage), { below: 0 })],
    S8: [measured("index", skewness(index.returns), { below: 0 })],
    S9: [measured("median stock", medianOf(stocks, (m) => correlation(m.volumes, absolute(m))), { above: 0.2 })],
    S10: [measured("stocks", topEigenvalue(matrix) / matrix.length, { above: 0.25, below: 0.6 })],
    S11: [measured("index", annualVolatility(index), { above: 0.12, below: 0.25 }), measured("median stock", medianOf(stocks, annualVolatility), { above: 0.2, below: 0.45 })],
  };
  const rows = REALISM_TARGETS.map((target) => ({ ...target, values: values[target.id], holds: values[target.id].every((v) => v.holds) }));
  return { days: index.returns.length, stocks: stocks.length, rows, holds: rows.every((r) => r.holds) };
}
