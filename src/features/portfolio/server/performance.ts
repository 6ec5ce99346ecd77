/**
 * GET /api/portfolios/{id}/performance: the equity curve of a range against the benchmark
 * (scaled to start at the same equity), and the risk figures of that range.
 */
import { TLX } from "@/domain/market";
import { exactReturn, formatMoney, formatRatio, maxDrawdown, parseMoney, riskFigures } from "@/domain/trading";
import { equityOf, resolveContexts } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { type PerformanceRange, RANGE_WINDOWS, snapshotSeries } from "./snapshots";
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
  const { backMs, stepMs } = RANGE_WINDOWS[range];
  const from = backMs === null ? null : new Date(now.getTime() - backMs);
  const [rows, values, contexts] = await Promise.all([snapshotSeries(db, portfolio.id, range, now), equityOf(db, [portfolio.id]), resolveContexts(db, [portfolio], { now })]);
  const current = values.get(portfolio.id)!;
  const replay = contexts.get(portfolio.id)!.priceSource.kind === "replay";
  const raw: Array<{ at: Date; equity: string; benchmark: string | null }> = rows.map((r) => ({ at: r.at, equity: r.equity, benchmark: r.benchmark }));
  // A portfolio younger than the range starts at its starting cash.
  const createdInRange = from === null || portfolio.createdAt >= from;
  if (createdInRange && (raw.length === 0 || raw[0]!.at > portfolio.createdAt)) {
    raw.unshift({ at: portfolio.createdAt, equity: portfolio.startingCash, benchmark: null });
  }
  raw.push({ at: now, equity: current.equity, benchmark: current.benchmark });

  const base = raw.find((p) => p.benchmark !== null);
  const scale = base ? Number(raw[0]!.equity) / Number(base.benchmark) : 0;
  const points: PerformancePoint[] = raw.map((p) => ({
    at: p.at.toISOString(),
    equity: formatMoney(parseMoney(p.equity)),
    benchmark: p.benchmark === null || !base ? null : (Number(p.benchmark) * scale).toFixed(2),
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
