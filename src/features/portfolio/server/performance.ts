/**
 * GET /api/portfolios/{id}/performance: the equity curve of a range against the benchmark
 * (scaled to start at the same equity), and the risk figures of that range.
 */
import { TLX } from "@/domain/market";
import { type Capital, evidencedRiskFigures, exactReturn, flowAdjustedSeries, formatMoney, formatRatio, fractionOf, maxDrawdown, parseMoney, requiredReturns, type RiskFigure, riskAbsenceMessage, unitsOr } from "@/domain/trading";
import { equityOf, type EquityFigures, resolveContexts } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { eventWindowSeries, type PerformanceRange, RANGE_WINDOWS, rangeStart, SNAPSHOT_EVERY_MS, snapshotSeries } from "./snapshots";
import type { PortfolioRow } from "@/features/trading";

export interface PerformancePoint {
  at: string;
  equity: string;
  /** The benchmark as if the range's first equity had been invested in it; null before it had a price. */
  benchmark: string | null;
}


/** A snapshot row of a range: the portfolio's equity and the benchmark's level at an aligned instant. */
export interface SnapshotRow {
  at: Date;
  equity: string;
  benchmark: string | null;
  /** The portfolio's units then (decision 057); null or absent = as many as its starting cash. */
  units?: string | null;
}

const capitalOf = (row: SnapshotRow, startingCash: string): Capital => ({ equity: parseMoney(row.equity), units: unitsOr(row.units, parseMoney(startingCash)) });

/**
 * The range's points as one performance line (decision 057): each carried to the live point's
 * units, so a teacher's cash adjustment is no jump and the return, drawdown and chart drawn from
 * it are time-weighted. The last point is the equity now.
 */
export function performanceLine(raw: readonly SnapshotRow[], startingCash: string): SnapshotRow[] {
  const line = flowAdjustedSeries(raw.map((r) => capitalOf(r, startingCash)));
  return raw.map((r, i) => ({ ...r, equity: formatMoney(line[i]!) }));
}

/**
 * A range's points: its snapshots, led by the starting cash when the portfolio opened inside
 * the range (a portfolio younger than the range, an event portfolio at its event's start),
 * and ended by the live point.
 */
export function rangePoints(rows: readonly SnapshotRow[], options: { opened: Date; from: Date | null; startingCash: string; now: Date; current: EquityFigures }): SnapshotRow[] {
  const raw: SnapshotRow[] = rows.map((r) => ({ at: r.at, equity: r.equity, benchmark: r.benchmark }));
  const createdInRange = options.from === null || options.opened >= options.from;
  if (createdInRange && (raw.length === 0 || raw[0]!.at > options.opened)) {
    raw.unshift({ at: options.opened, equity: options.startingCash, benchmark: null });
  }
  raw.push({ at: options.now, equity: options.current.equity, benchmark: options.current.benchmark, units: options.current.units });
  return raw;
}

/** A risk figure as the API sends it: the value (or null) and, when null, why (decision 053). */
export interface RiskFigureWire {
  /** Ratio as a 4-decimal string; inside the figure's plausible range. */
  value: string | null;
  /** "max"/"min": the figure went beyond its plausible range and is shown at that bound ("at least 10.00"). */
  bound: "max" | "min" | null;
  /** Why it is absent: NOT_ENOUGH_HISTORY (with how much there is and is needed) or BENCHMARK_FLAT. */
  reason: { code: string; message: string; have?: number; need?: number; unit?: string } | null;
}

const wire = (figure: RiskFigure): RiskFigureWire => ({
  value: formatRatio(figure.value),
  bound: figure.bound,
  reason: figure.absent && { ...figure.absent, message: riskAbsenceMessage(figure.absent) },
});

/**
 * THE figures of a range (the performance panel's, the class dashboard's, the report card's):
 * return and drawdown over its points, benchmark return from the first level it had, and the
 * risk figures by the domain's one rule (`evidencedRiskFigures`, decision 053): returns over
 * whole hours (days for "all") from the range's snapshots (not the live point), each figure
 * shown only with enough evidence and inside its plausible range, else absent with its reason.
 */
export function rangeMetrics(rows: readonly SnapshotRow[], points: readonly SnapshotRow[], options: { stepMs: number; startingCash: string }) {
  const { stepMs, startingCash } = options;
  // Time-weighted (decision 057): every step's return and the line itself leave the flows out.
  const risk = evidencedRiskFigures(
    rows.map((r) => ({ at: r.at, equity: r.equity, benchmark: r.benchmark, units: capitalOf(r, startingCash).units })),
    { stepMs },
  );
  const raw = performanceLine(points, startingCash);
  const base = benchmarkBase(raw);
  const first = raw[0]!;
  const last = raw[raw.length - 1]!;
  return {
    totalReturn: formatRatio(exactReturn(first.equity, last.equity)),
    benchmarkReturn: base && last.benchmark !== null ? formatRatio(exactReturn(base.benchmark!, last.benchmark)) : null,
    maxDrawdown: formatRatio(maxDrawdown(raw.map((p) => p.equity))),
    volatility: formatRatio(risk.volatility.value),
    sharpe: formatRatio(risk.sharpe.value),
    beta: formatRatio(risk.beta.value),
    alpha: formatRatio(risk.alpha.value),
    /** Each risk figure with its bound or the reason it is absent. */
    risk: { volatility: wire(risk.volatility), sharpe: wire(risk.sharpe), beta: wire(risk.beta), alpha: wire(risk.alpha) },
    /** The interval the risk figures' returns are taken over (60 = hourly, 1440 = daily). */
    sampleMinutes: risk.intervalMs / 60_000,
    /** How many such returns there are, and how many volatility and Sharpe need (beta and alpha need more: their reasons say). */
    observations: risk.returns,
    minObservations: requiredReturns("volatility", risk.intervalMs),
  };
}

export type RangeMetrics = ReturnType<typeof rangeMetrics>;

/** The first point with a benchmark level: what the benchmark's return and curve start from. */
const benchmarkBase = (raw: readonly SnapshotRow[]) => raw.find((p) => p.benchmark !== null && parseMoney(p.benchmark) > 0n);

export async function portfolioPerformance(db: DbOrTx, portfolio: PortfolioRow, range: PerformanceRange, now = new Date()) {
  const context = (await resolveContexts(db, [portfolio], { now })).get(portfolio.id)!;
  // An event portfolio's "all" is its event's window at every snapshot: the rows its board ranks by.
  const window = range === "all" ? context.rules("buy").liveWindow : null;
  const stepMs = window ? SNAPSHOT_EVERY_MS : RANGE_WINDOWS[range].stepMs;
  const from = window ? window.start : rangeStart(range, now);
  const [rows, values] = await Promise.all([window ? eventWindowSeries(db, portfolio.id, window) : snapshotSeries(db, portfolio.id, range, now), equityOf(db, [portfolio.id])]);
  const replay = context.priceSource.kind === "replay";
  // An event portfolio opens at its event's start (nothing trades before it).
  const opened = window && portfolio.createdAt < window.start ? window.start : portfolio.createdAt;
  const points0 = rangePoints(rows, { opened, from, startingCash: portfolio.startingCash, now, current: values.get(portfolio.id)! });
  // The chart draws the time-weighted line: a cash adjustment is not a jump (decision 057).
  const raw = performanceLine(points0, portfolio.startingCash);

  const base = benchmarkBase(raw);
  // The benchmark as if the range's first equity had been put in it: first × level / base level, exact.
  const scaled = (level: string) => formatMoney(fractionOf(parseMoney(raw[0]!.equity), parseMoney(level), parseMoney(base!.benchmark!), "down"));
  const points: PerformancePoint[] = raw.map((p) => ({
    at: p.at.toISOString(),
    equity: formatMoney(parseMoney(p.equity)),
    benchmark: p.benchmark === null || !base ? null : scaled(p.benchmark),
  }));

  return {
    range,
    /** For an event portfolio's "all": the event's window, which its board's figures cover too. */
    window: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
    stepMinutes: stepMs / 60_000,
    // A replay is measured against its own instruments' index, never the live market.
    benchmark: replay ? { symbol: "REPLAY", name: "This replay's instruments, equal-weighted" } : { symbol: TLX.symbol, name: TLX.name },
    points,
    metrics: rangeMetrics(rows, points0, { stepMs, startingCash: portfolio.startingCash }),
  };
}

export type Performance = Awaited<ReturnType<typeof portfolioPerformance>>;
