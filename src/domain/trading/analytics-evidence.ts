/**
 * THE rule for risk figures that mean something (docs/decisions/053-risk-figures-evidence.md):
 * how they are sampled, how much evidence each needs before it is shown, the range a shown
 * figure stays inside, and what is said instead until then. The performance panel and its API,
 * the class dashboard, the report card, the Sharpe-ranked event boards (their SQL takes these
 * numbers as parameters) and the frozen standings all take their figures from here.
 *
 * Why: annualised figures from a handful of 5-minute snapshots are noise (a new student's panel
 * showed Sharpe −793.57 beside a +0.50 % return, issue #23). Sampling over whole hours, and
 * waiting for a day of them, keeps the noise at the level any real Sharpe ratio carries.
 */
import { type Amount, MS_PER_YEAR, periodReturns } from "./analytics";
import { parseMoney } from "./money";
import { timeWeightedReturn, type Units } from "./returns";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type RiskFigureName = "volatility" | "sharpe" | "beta" | "alpha";
export const RISK_FIGURE_NAMES: readonly RiskFigureName[] = ["volatility", "sharpe", "beta", "alpha"];

/** Returns are measured over whole intervals on the clock, never shorter than an hour, never snapshot to snapshot. */
export const MIN_SAMPLE_INTERVAL_MS = HOUR_MS;

export interface EvidenceRule {
  /** The returns counted must cover at least this much time. */
  minSpanMs: number;
  /** And there must be at least this many of them. */
  minReturns: number;
}

/** The minimum evidence per figure: a span of time and a number of returns (both). */
export const RISK_EVIDENCE: Readonly<Record<RiskFigureName, EvidenceRule>> = {
  volatility: { minSpanMs: DAY_MS, minReturns: 20 },
  sharpe: { minSpanMs: DAY_MS, minReturns: 20 },
  // A slope against the benchmark needs more pairs than a spread does.
  beta: { minSpanMs: 3 * DAY_MS, minReturns: 60 },
  alpha: { minSpanMs: 3 * DAY_MS, minReturns: 60 },
};

/**
 * The range a shown figure stays inside (annualised where the figure is). A figure beyond it
 * is shown at the bound, marked as "at least"/"at most" (`bound`), and ranked at the bound.
 */
export const PLAUSIBLE_RANGE: Readonly<Record<RiskFigureName, { min: number; max: number }>> = {
  volatility: { min: 0, max: 5 },
  sharpe: { min: -10, max: 10 },
  beta: { min: -5, max: 5 },
  alpha: { min: -5, max: 5 },
};

/** Below this a standard deviation is float noise, not variance (a steady 1 % a step gives ~1e-17). */
export const ZERO_VARIANCE = 1e-12;

/** The interval returns are taken over for a series whose rows are `stepMs` apart. */
export const sampleIntervalFor = (stepMs: number): number => Math.max(stepMs, MIN_SAMPLE_INTERVAL_MS);

/** Annualisation of a per-interval spread or Sharpe ratio: √(intervals per year). */
export const annualisingFactor = (intervalMs: number): number => Math.sqrt(MS_PER_YEAR / intervalMs);

/**
 * How many returns over `intervalMs` a figure needs: its count, or as many as cover its span,
 * whichever is more (returns count only over whole intervals, so enough of them cover the span).
 */
export function requiredReturns(figure: RiskFigureName, intervalMs: number): number {
  const rule = RISK_EVIDENCE[figure];
  return Math.max(rule.minReturns, Math.ceil(rule.minSpanMs / intervalMs));
}

export type RiskAbsence =
  | { code: "NOT_ENOUGH_HISTORY"; have: number; need: number; unit: "hour" | "day" | "minute" }
  | { code: "BENCHMARK_FLAT" };

export interface RiskFigure {
  /** Null when absent; otherwise inside PLAUSIBLE_RANGE (unrounded: round only to show it). */
  value: number | null;
  /** "max"/"min": the figure went beyond its plausible range and is shown at that bound. */
  bound: "max" | "min" | null;
  /** Why the figure is absent; null when it is shown. */
  absent: RiskAbsence | null;
}

export interface SamplePoint {
  at: Date | number;
  equity: Amount;
  /** The benchmark's level at the same instant; null when it had none. */
  benchmark?: Amount | null;
  /**
   * The portfolio's units at the same instant (decision 057): given on both ends of a step, its
   * return is time-weighted (a cash adjustment between them is not a gain). Absent: no flows.
   */
  units?: Units;
}

const toMoney = (amount: Amount) => (typeof amount === "string" ? parseMoney(amount) : amount);

/** The portfolio's return from one point to the next: time-weighted when both carry units. */
function stepReturn(previous: SamplePoint, current: SamplePoint): number | null | undefined {
  if (previous.units !== undefined && current.units !== undefined) {
    return timeWeightedReturn({ equity: toMoney(previous.equity), units: previous.units }, { equity: toMoney(current.equity), units: current.units });
  }
  return periodReturns([previous.equity, current.equity])[0];
}

export interface SampledReturns {
  intervalMs: number;
  /** The portfolio's returns over consecutive whole intervals. */
  returns: number[];
  /** The (portfolio, benchmark) returns over the intervals where both had a level. */
  paired: { r: number[]; b: number[] };
}

const msOf = (at: Date | number) => (typeof at === "number" ? at : at.getTime());

/**
 * Returns over fixed intervals: the points that sit on the interval's grid (an hour on the
 * clock, 00:00 UTC), and a return only between two of them exactly one interval apart (a gap
 * — a missed snapshot, thinned-out history — contributes nothing rather than a longer step).
 * A step from a non-positive equity has no return.
 */
export function sampleReturns(points: readonly SamplePoint[], intervalMs: number): SampledReturns {
  const grid = points.filter((p) => msOf(p.at) % intervalMs === 0).sort((a, b) => msOf(a.at) - msOf(b.at));
  const returns: number[] = [];
  const r: number[] = [];
  const b: number[] = [];
  for (let i = 1; i < grid.length; i++) {
    const previous = grid[i - 1]!;
    const current = grid[i]!;
    if (msOf(current.at) - msOf(previous.at) !== intervalMs) continue;
    const own = stepReturn(previous, current);
    if (own === null || own === undefined) continue;
    returns.push(own);
    const hasBenchmark = previous.benchmark !== null && previous.benchmark !== undefined && current.benchmark !== null && current.benchmark !== undefined;
    if (!hasBenchmark) continue;
    const [bench] = periodReturns([previous.benchmark!, current.benchmark!]);
    if (bench === null || bench === undefined) continue;
    r.push(own);
    b.push(bench);
  }
  return { intervalMs, returns, paired: { r, b } };
}

function mean(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0) / values.length;
}

/** Sample covariance (n − 1); callers ensure n ≥ 2. */
function covariance(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  return a.reduce((total, v, i) => total + (v - ma) * (b[i]! - mb), 0) / (a.length - 1);
}

const stdev = (values: readonly number[]) => Math.sqrt(Math.max(0, covariance(values, values)));

function unitOf(intervalMs: number): { unit: "hour" | "day" | "minute"; unitMs: number } {
  if (intervalMs % DAY_MS === 0) return { unit: "day", unitMs: DAY_MS };
  if (intervalMs % HOUR_MS === 0) return { unit: "hour", unitMs: HOUR_MS };
  return { unit: "minute", unitMs: 60_000 };
}

function notEnough(have: number, need: number, intervalMs: number): RiskFigure {
  const { unit, unitMs } = unitOf(intervalMs);
  const per = intervalMs / unitMs;
  return { value: null, bound: null, absent: { code: "NOT_ENOUGH_HISTORY", have: have * per, need: need * per, unit } };
}

/** `value` held inside the figure's plausible range, saying when it was held at a bound. */
export function withinRange(figure: RiskFigureName, value: number): RiskFigure {
  const { min, max } = PLAUSIBLE_RANGE[figure];
  if (value > max) return { value: max, bound: "max", absent: null };
  if (value < min) return { value: min, bound: "min", absent: null };
  return { value: value === 0 ? 0 : value, bound: null, absent: null };
}

/**
 * Annualised Sharpe ratio of per-interval returns (risk-free 0). With no variance the ratio is
 * 0 when nothing moved (a portfolio that never traded took no risk and made nothing: it is
 * neither above nor below a steady 0), and at the bound when every step gained (or lost) alike.
 */
function sharpeOf(returns: readonly number[], intervalMs: number): RiskFigure {
  const m = mean(returns);
  const s = stdev(returns);
  if (s <= ZERO_VARIANCE) return Math.abs(m) <= ZERO_VARIANCE ? withinRange("sharpe", 0) : withinRange("sharpe", m > 0 ? Infinity : -Infinity);
  return withinRange("sharpe", (m / s) * annualisingFactor(intervalMs));
}

export interface RiskFiguresWithEvidence {
  volatility: RiskFigure;
  sharpe: RiskFigure;
  beta: RiskFigure;
  alpha: RiskFigure;
  /** The interval the returns were taken over, and how many there were. */
  intervalMs: number;
  returns: number;
  pairedReturns: number;
}

/**
 * THE risk figures (volatility, Sharpe, beta, alpha; annualised, unrounded), each either
 * inside its plausible range or absent with its reason. `stepMs` is the spacing of the rows
 * given (5-minute snapshots, hourly, daily): returns are taken over `sampleIntervalFor(stepMs)`.
 */
export function evidencedRiskFigures(points: readonly SamplePoint[], options: { stepMs: number }): RiskFiguresWithEvidence {
  const intervalMs = sampleIntervalFor(options.stepMs);
  const sampled = sampleReturns(points, intervalMs);
  const { returns } = sampled;
  const { r, b } = sampled.paired;
  const need = (figure: RiskFigureName) => requiredReturns(figure, intervalMs);
  const steps = MS_PER_YEAR / intervalMs;

  const volatility = returns.length < need("volatility") ? notEnough(returns.length, need("volatility"), intervalMs) : withinRange("volatility", stdev(returns) * annualisingFactor(intervalMs));
  const sharpe = returns.length < need("sharpe") ? notEnough(returns.length, need("sharpe"), intervalMs) : sharpeOf(returns, intervalMs);

  let beta: RiskFigure;
  let alpha: RiskFigure;
  if (r.length < need("beta")) {
    beta = notEnough(r.length, need("beta"), intervalMs);
    alpha = notEnough(r.length, need("alpha"), intervalMs);
  } else if (stdev(b) <= ZERO_VARIANCE) {
    beta = { value: null, bound: null, absent: { code: "BENCHMARK_FLAT" } };
    alpha = beta;
  } else {
    const slope = covariance(r, b) / covariance(b, b);
    beta = withinRange("beta", slope);
    // Jensen's alpha per interval, annualised by the number of intervals in a year.
    alpha = withinRange("alpha", (mean(r) - slope * mean(b)) * steps);
  }
  return { volatility, sharpe, beta, alpha, intervalMs, returns: returns.length, pairedReturns: r.length };
}

/** What is said in place of an absent figure: "Not enough history yet — 3 of 24 hours". */
export function riskAbsenceMessage(absent: RiskAbsence): string {
  if (absent.code === "BENCHMARK_FLAT") return "The benchmark did not move over this range, so there is nothing to measure against.";
  const unit = absent.need === 1 ? absent.unit : `${absent.unit}s`;
  return `Not enough history yet — ${absent.have} of ${absent.need} ${unit}`;
}
