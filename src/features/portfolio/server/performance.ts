/**
 * GET /api/portfolios/{id}/performance: the equity curve of a range against the benchmark
 * (scaled to start at the same equity), and the risk figures of that range.
 */
import { sql } from "drizzle-orm";
import { TLX } from "@/domain/market";
import { annualised, formatMoney, maxDrawdown, parseMoney, performanceMetrics, totalReturn } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { type PerformanceRange, RANGE_WINDOWS, snapshotSeries } from "./snapshots";
import type { PortfolioRow } from "./state";

export interface PerformancePoint {
  at: string;
  equity: string;
  /** The benchmark as if the range's first equity had been invested in it; null before it had a price. */
  benchmark: string | null;
}

const ratio = (value: number | null) => (value === null ? null : value.toFixed(4));

/** The portfolio's equity now and the benchmark's level, valued the way snapshots are. */
async function currentValue(db: DbOrTx, portfolioId: string): Promise<{ equity: string; benchmark: string | null }> {
  const result = await db.execute<{ equity: string; benchmark: string | null }>(sql`
    select p.cash + coalesce(sum(pos.quantity * coalesce(rq.price, i.last_price)), 0) as equity,
      (select last_price from instruments where symbol = ${TLX.symbol}) as benchmark
    from portfolios p
    left join positions pos on pos.portfolio_id = p.id and pos.quantity <> 0
    left join instruments i on i.symbol = pos.symbol
        left join replay_quotes rq on rq.event_id = p.event_id and rq.symbol = pos.symbol
    where p.id = ${portfolioId}
    group by p.id`);
  const row = result.rows[0]!;
  return { equity: String(row.equity), benchmark: row.benchmark === null ? null : String(row.benchmark) };
}

export async function portfolioPerformance(db: DbOrTx, portfolio: PortfolioRow, range: PerformanceRange, now = new Date()) {
  const { backMs, stepMs } = RANGE_WINDOWS[range];
  const from = backMs === null ? null : new Date(now.getTime() - backMs);
  const [rows, current] = await Promise.all([snapshotSeries(db, portfolio.id, range, now), currentValue(db, portfolio.id)]);
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

  // Risk figures need evenly spaced steps: the snapshots of the range (not the live point).
  const even = rows.filter((r) => r.benchmark !== null);
  const metrics = annualised(
    performanceMetrics(
      even.map((r) => r.equity),
      even.map((r) => r.benchmark!),
    ),
    stepMs,
  );
  const first = raw[0]!;
  const last = raw[raw.length - 1]!;
  return {
    range,
    stepMinutes: stepMs / 60_000,
    benchmark: { symbol: TLX.symbol, name: TLX.name },
    points,
    metrics: {
      totalReturn: ratio(totalReturn(first.equity, last.equity)),
      benchmarkReturn: base && last.benchmark !== null ? ratio(totalReturn(base.benchmark!, last.benchmark)) : null,
      maxDrawdown: ratio(maxDrawdown(raw.map((p) => p.equity))),
      volatility: ratio(metrics.volatility),
      sharpe: ratio(metrics.sharpe),
      beta: ratio(metrics.beta),
      alpha: ratio(metrics.alpha),
      /** How many evenly spaced snapshots the risk figures stand on. */
      observations: even.length,
    },
  };
}

export type Performance = Awaited<ReturnType<typeof portfolioPerformance>>;
