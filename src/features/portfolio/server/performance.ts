/**
 * GET /api/portfolios/{id}/performance: the equity curve of a range against the benchmark
 * (scaled to start at the same equity), and the risk figures of that range.
 */
import { TLX } from "@/domain/market";
import { exactReturn, formatMoney, formatRatio, fractionOf, maxDrawdown, parseMoney, riskFigures } from "@/domain/trading";
import { equityOf, resolveContexts } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { eventWindowSeries, type PerformanceRange, RANGE_WINDOWS, SNAPSHOT_EVERY_MS, snapshotSeries } from "./snapshots";
import type { PortfolioRow } from "@/features/trading";

export interface PerformancePoint {
  at: string;
  equity: string;
  /** The benchmark as if the range's first equity had been invested in it; null before it had a price. */
  benchmark: string | null;
}


/**
 * Risk figures need this many evenly spaced snapshots (two returns): fewer, and volatility,
 * Sharpe, beta and alpha are not defined. The panel says so, with the count so far.
 */
export const MIN_RISK_OBSERVATIONS = 3;

export async function portfolioPerformance(db: DbOrTx, portfolio: PortfolioRow, range: PerformanceRange, now = new Date()) {
  const context = (await resolveContexts(db, [portfolio], { now })).get(portfolio.id)!;
  // An event portfolio's "all" is its event's window at every snapshot: the rows its board ranks by.
  const window = range === "all" ? context.rules("buy").liveWindow : null;
  const stepMs = window ? SNAPSHOT_EVERY_MS : RANGE_WINDOWS[range].stepMs;
  const backMs = RANGE_WINDOWS[range].backMs;
  const from = window ? window.start : backMs === null ? null : new Date(now.getTime() - backMs);
  const [rows, values] = await Promise.all([window ? eventWindowSeries(db, portfolio.id, window) : snapshotSeries(db, portfolio.id, range, now), equityOf(db, [portfolio.id])]);
  const current = values.get(portfolio.id)!;
  const replay = context.priceSource.kind === "replay";
  const raw: Array<{ at: Date; equity: string; benchmark: string | null }> = rows.map((r) => ({ at: r.at, equity: r.equity, benchmark: r.benchmark }));
  // A portfolio younger than the range starts at its starting cash; so does an event
  // portfolio at its event's start (nothing trades before it).
  const opened = window && portfolio.createdAt < window.start ? window.start : portfolio.createdAt;
  const createdInRange = from === null || opened >= from;
  if (createdInRange && (raw.length === 0 || raw[0]!.at > opened)) {
    raw.unshift({ at: opened, equity: portfolio.startingCash, benchmark: null });
  }
  raw.push({ at: now, equity: current.equity, benchmark: current.benchmark });

  const base = raw.find((p) => p.benchmark !== null && parseMoney(p.benchmark) > 0n);
  // The benchmark as if the range's first equity had been put in it: first × level / base level, exact.
  const scaled = (level: string) => formatMoney(fractionOf(parseMoney(raw[0]!.equity), parseMoney(level), parseMoney(base!.benchmark!), "down"));
  const points: PerformancePoint[] = raw.map((p) => ({
    at: p.at.toISOString(),
    equity: formatMoney(parseMoney(p.equity)),
    benchmark: p.benchmark === null || !base ? null : scaled(p.benchmark),
  }));

  // Risk figures need evenly spaced steps: the snapshots of the range (not the live point);
  // beta and alpha only over the steps where the benchmark had a level too (riskFigures).
  const metrics = riskFigures(
    rows.map((r) => r.equity),
    rows.map((r) => r.benchmark),
    { stepMs },
  );
  const first = raw[0]!;
  const last = raw[raw.length - 1]!;
  return {
    range,
    /** For an event portfolio's "all": the event's window, which its board's figures cover too. */
    window: window ? { start: window.start.toISOString(), end: window.end.toISOString() } : null,
    stepMinutes: stepMs / 60_000,
    // A replay is measured against its own instruments' index, never the live market.
    benchmark: replay ? { symbol: "REPLAY", name: "This replay's instruments, equal-weighted" } : { symbol: TLX.symbol, name: TLX.name },
    points,
    metrics: {
      totalReturn: formatRatio(exactReturn(first.equity, last.equity)),
      benchmarkReturn: base && last.benchmark !== null ? formatRatio(exactReturn(base.benchmark!, last.benchmark)) : null,
      maxDrawdown: formatRatio(maxDrawdown(raw.map((p) => p.equity))),
      volatility: formatRatio(metrics.volatility),
      sharpe: formatRatio(metrics.sharpe),
      beta: formatRatio(metrics.beta),
      alpha: formatRatio(metrics.alpha),
      /** How many evenly spaced snapshots the risk figures stand on, and how many they need. */
      observations: rows.length,
      minObservations: MIN_RISK_OBSERVATIONS,
    },
  };
}

export type Performance = Awaited<ReturnType<typeof portfolioPerformance>>;
