/**
 * Performance figures from an equity series. Amounts come in exact (Money or decimal
 * strings); the results are ratios, so they are plain numbers, rounded to 4 decimals
 * (0.0523 = 5.23 %). Per-period figures are per step of the series given: a daily series
 * gives daily volatility and a daily Sharpe ratio; nothing is annualised here.
 */
import { addMoney, type Money, moneyRatio, multiplyMoney, parseMoney, subtractMoney } from "./money";
import { type Side, signedQuantity } from "./orders";

/** Money, or the wire's decimal string ("101.25"). */
export type Amount = Money | string;

export class SeriesMismatchError extends Error {
  constructor(equityLength: number, benchmarkLength: number) {
    super(`The benchmark series must line up with the equity series (${benchmarkLength} points for ${equityLength}).`);
    this.name = "SeriesMismatchError";
  }
}

/** Below this a standard deviation is float noise, not variance (a steady 1 % a day gives ~1e-17). */
const ZERO_VARIANCE = 1e-12;

const toMoney = (amount: Amount): Money => (typeof amount === "string" ? parseMoney(amount) : amount);

/** Rounded half away from zero to 4 decimals, and never −0. */
export function round4(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10_000)) / 10_000;
  return rounded === 0 ? 0 : rounded;
}

/**
 * (end − start) / start unrounded — the exact figure rankings compare (float division of
 * exact cents is correctly rounded, so two equal ratios are the same number and two different
 * ones differ) — or null when start is not positive (no meaningful return).
 */
export function exactReturn(start: Amount, end: Amount): number | null {
  const from = toMoney(start);
  if (from <= 0n) return null;
  return moneyRatio(subtractMoney(toMoney(end), from), from);
}

/** (end − start) / start rounded to 4 decimals (what is shown), or null when start is not positive. */
export function totalReturn(start: Amount, end: Amount): number | null {
  const ratio = exactReturn(start, end);
  return ratio === null ? null : round4(ratio);
}

/** A ratio as the API sends it: rounded half away from zero to 4 decimals, "0.0123" = 1.23 %. The one formatter. */
export function formatRatio(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : round4(value).toFixed(4);
}

/** Today's change: the amount since the day began, and as a fraction of that day's opening equity. */
export function dayChange(startOfDay: Amount, now: Amount): { amount: Money; ratio: number | null } {
  return { amount: subtractMoney(toMoney(now), toMoney(startOfDay)), ratio: totalReturn(startOfDay, now) };
}

/** A fill of the day, as a position's day change needs it: its commission is what it cost on top (negative when refunded). */
export interface DayFill {
  side: Side;
  quantity: number;
  price: Amount;
  commission: Amount;
}

/**
 * One position's change over the day: its value now, less its value when the day began (the
 * shares held then at the previous close), less what the day's fills paid in (buys, covers,
 * commissions) or took out (sales, shorts). Shares bought today count from the price paid,
 * never from the previous close: a position opened this morning and down 7.00 changed by
 * −7.00 today, whatever the stock did before it was bought (issue #23 §4). Without fills it is
 * quantity × (last − previous close), the market's own day change.
 */
export function positionDayChange(position: { quantity: number; last: Amount; previousClose: Amount; fills: readonly DayFill[] }): Money {
  let heldAtStart = position.quantity;
  let paidIn = 0n as Money;
  for (const f of position.fills) {
    const signed = signedQuantity(f.side, f.quantity);
    heldAtStart -= signed;
    paidIn = addMoney(paidIn, multiplyMoney(toMoney(f.price), signed), toMoney(f.commission));
  }
  const valueNow = multiplyMoney(toMoney(position.last), position.quantity);
  const valueAtStart = multiplyMoney(toMoney(position.previousClose), heldAtStart);
  return subtractMoney(subtractMoney(valueNow, valueAtStart), paidIn);
}

/** Step-by-step returns; a step from a non-positive value has no return (null). */
export function periodReturns(series: readonly Amount[]): Array<number | null> {
  const values = series.map(toMoney);
  return values.slice(1).map((value, index) => {
    const previous = values[index]!;
    return previous > 0n ? moneyRatio(subtractMoney(value, previous), previous) : null;
  });
}

const defined = (values: ReadonlyArray<number | null>): number[] => values.filter((v): v is number => v !== null);

function mean(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0) / values.length;
}

/** Sample covariance (n − 1); null with fewer than two pairs. */
function covariance(a: readonly number[], b: readonly number[]): number | null {
  if (a.length < 2) return null;
  const ma = mean(a);
  const mb = mean(b);
  return a.reduce((total, v, i) => total + (v - ma) * (b[i]! - mb), 0) / (a.length - 1);
}

function sampleStdev(values: readonly number[]): number | null {
  const variance = covariance(values, values);
  return variance === null ? null : Math.sqrt(Math.max(0, variance));
}

const rounded = (value: number | null) => (value === null ? null : round4(value));

/** Sample standard deviation of the period returns; null with fewer than two returns. */
export function volatility(series: readonly Amount[]): number | null {
  return rounded(sampleStdev(defined(periodReturns(series))));
}

/** The largest fall from a peak, as a positive fraction of that peak (0 when it never fell). */
export function maxDrawdown(series: readonly Amount[]): number {
  let peak: Money | null = null;
  let worst = 0;
  for (const value of series.map(toMoney)) {
    if (peak === null || value > peak) peak = value;
    if (peak > 0n) worst = Math.max(worst, moneyRatio(subtractMoney(peak, value), peak));
  }
  return round4(worst);
}

export interface RiskFreeOption {
  /** The risk-free return per period of the series (default 0). */
  riskFreePerPeriod?: number;
}

/**
 * Mean excess return over its sample standard deviation. Undefined (null) with fewer than
 * two returns or no variance: rankings put those after every defined ratio.
 */
export function sharpeRatio(series: readonly Amount[], options: RiskFreeOption = {}): number | null {
  return rounded(exactSharpe(series, options));
}

function exactSharpe(series: readonly Amount[], options: RiskFreeOption): number | null {
  return sharpeOfReturns(periodReturns(series), options);
}

/** The Sharpe ratio per step of a series of step returns (a step without a return counts for nothing), unannualised. */
export function sharpeOfReturns(returns: ReadonlyArray<number | null>, options: RiskFreeOption = {}): number | null {
  const rf = options.riskFreePerPeriod ?? 0;
  const excess = defined(returns).map((r) => r - rf);
  const stdev = sampleStdev(excess);
  if (stdev === null || stdev <= ZERO_VARIANCE) return null;
  return mean(excess) / stdev;
}

/** Pairs of (portfolio, benchmark) returns over the steps where both are defined. */
function pairedReturns(series: readonly Amount[], benchmark: readonly Amount[]): { r: number[]; b: number[] } {
  if (series.length !== benchmark.length) throw new SeriesMismatchError(series.length, benchmark.length);
  const rs = periodReturns(series);
  const bs = periodReturns(benchmark);
  const r: number[] = [];
  const b: number[] = [];
  rs.forEach((value, i) => {
    const other = bs[i];
    if (value !== null && other !== null && other !== undefined) {
      r.push(value);
      b.push(other);
    }
  });
  return { r, b };
}

function betaOf(r: readonly number[], b: readonly number[]): number | null {
  const cov = covariance(r, b);
  const variance = covariance(b, b);
  if (cov === null || variance === null || Math.sqrt(variance) <= ZERO_VARIANCE) return null;
  return cov / variance;
}

/** cov(portfolio, benchmark) / var(benchmark) over aligned periods; null with fewer than two or a flat benchmark. */
export function beta(series: readonly Amount[], benchmark: readonly Amount[]): number | null {
  const { r, b } = pairedReturns(series, benchmark);
  return rounded(betaOf(r, b));
}

/** Jensen's alpha per period: mean excess return − beta × mean benchmark excess return. */
export function alpha(series: readonly Amount[], benchmark: readonly Amount[], options: RiskFreeOption = {}): number | null {
  return rounded(exactAlpha(series, benchmark, options));
}

function exactAlpha(series: readonly Amount[], benchmark: readonly Amount[], options: RiskFreeOption): number | null {
  const rf = options.riskFreePerPeriod ?? 0;
  const { r, b } = pairedReturns(series, benchmark);
  const slope = betaOf(r, b);
  if (slope === null) return null;
  return mean(r) - rf - slope * (mean(b) - rf);
}

export interface PerformanceMetrics {
  totalReturn: number | null;
  volatility: number | null;
  maxDrawdown: number;
  sharpe: number | null;
  beta: number | null;
  alpha: number | null;
}

/** Every metric of the performance panel at once; beta and alpha need a benchmark. */
export function performanceMetrics(series: readonly Amount[], benchmark: readonly Amount[] | null = null, options: RiskFreeOption = {}): PerformanceMetrics {
  return {
    totalReturn: series.length === 0 ? null : totalReturn(series[0]!, series[series.length - 1]!),
    volatility: volatility(series),
    maxDrawdown: maxDrawdown(series),
    sharpe: sharpeRatio(series, options),
    beta: benchmark ? beta(series, benchmark) : null,
    alpha: benchmark ? alpha(series, benchmark, options) : null,
  };
}

/** The practice market trades around the clock: a year is 365 days of steps. */
export const MS_PER_YEAR = 365 * 86_400_000;

/**
 * Per-step figures scaled to a year, so a chart of 5-minute points and one of daily points
 * speak the same units: volatility and Sharpe grow with √(steps per year), alpha with the
 * number of steps; return, drawdown and beta are not per step and stay as they are.
 */
export function annualised(metrics: PerformanceMetrics, stepMs: number): PerformanceMetrics {
  const steps = MS_PER_YEAR / stepMs;
  const scale = (value: number | null, factor: number) => (value === null ? null : round4(value * factor));
  return {
    ...metrics,
    volatility: scale(metrics.volatility, Math.sqrt(steps)),
    sharpe: scale(metrics.sharpe, Math.sqrt(steps)),
    alpha: scale(metrics.alpha, steps),
  };
}

export interface RiskOptions extends RiskFreeOption {
  /** The series' step (5-minute snapshots, hourly, daily): figures are annualised from it. */
  stepMs: number;
}

/**
 * THE risk figures of an equity series — what the performance panel shows and what a
 * Sharpe-ranked board ranks by — computed unrounded and annualised once (round them only to
 * show them, with formatRatio). Volatility and Sharpe over every step; beta and alpha over
 * the steps where the benchmark has a level too (pass the aligned benchmark, null where it
 * had none).
 */
export function riskFigures(series: readonly Amount[], benchmark: ReadonlyArray<Amount | null> | null, options: RiskOptions): PerformanceMetrics {
  const steps = MS_PER_YEAR / options.stepMs;
  const scale = (value: number | null, factor: number) => (value === null ? null : value * factor);
  const paired = benchmark ? series.map((value, i) => [value, benchmark[i]] as const).filter((p): p is readonly [Amount, Amount] => p[1] !== null && p[1] !== undefined) : [];
  const own = paired.map((p) => p[0]);
  const bench = paired.map((p) => p[1]);
  const { r, b } = pairedReturns(own, bench);
  return {
    totalReturn: series.length === 0 ? null : exactReturn(series[0]!, series[series.length - 1]!),
    volatility: scale(sampleStdev(defined(periodReturns(series))), Math.sqrt(steps)),
    maxDrawdown: maxDrawdown(series),
    sharpe: scale(exactSharpe(series, options), Math.sqrt(steps)),
    beta: betaOf(r, b),
    alpha: scale(exactAlpha(own, bench, options), steps),
  };
}
