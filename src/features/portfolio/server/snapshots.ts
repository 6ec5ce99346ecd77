/**
 * Equity snapshots: every portfolio's equity at aligned instants (every 5 minutes on the
 * clock), with the benchmark's level. They are what period returns, today's change and the
 * equity curve are measured from (docs/decisions/017-equity-snapshots.md).
 *
 * One set-based statement values every portfolio through the one valuation (the engine's
 * portfolio_valuations view), so the cost grows with rows, not with round trips. Taking the same instant twice
 * is harmless (the key is portfolio + instant), so a second runner or a retry changes nothing.
 */
import { and, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { sampleIntervalFor } from "@/domain/trading";
import { portfolioValuations } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { eventPhaseSql } from "@/server/db/event-rules-sql";
import { equitySnapshots } from "@/server/db/schema";

export const SNAPSHOT_EVERY_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** 5-minute rows are kept this long, then only the hour's. */
export const FINE_SNAPSHOT_RETENTION_MS = 2 * DAY_MS;
/** Hourly rows are kept this long, then only the day's (00:00 UTC). */
export const HOURLY_SNAPSHOT_RETENTION_MS = 35 * DAY_MS;

/** The aligned instant a snapshot taken at `at` stands for. */
export const snapshotInstant = (at: Date) => new Date(Math.floor(at.getTime() / SNAPSHOT_EVERY_MS) * SNAPSHOT_EVERY_MS);

/**
 * Values every practice portfolio, and every portfolio of an event live at `at` (start
 * inclusive, end exclusive: the event's last row, at its end, is written when it is
 * finalised), at `at` (an aligned instant), by the one valuation (the engine's
 * portfolio_valuations view, with each portfolio's own benchmark). Returns how many rows were written.
 */
export async function takeSnapshots(db: DbOrTx, at: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into equity_snapshots (portfolio_id, taken_at, equity, benchmark, units)
    select v.portfolio_id, ${at.toISOString()}::timestamptz, v.equity, v.benchmark, v.units
    from ${portfolioValuations} v
    where v.created_at <= ${at.toISOString()}::timestamptz
      -- An event portfolio while its event is live: the one phase definition (event_phase, migration 0011).
      and (v.kind = 'practice' or v.event_id in (select e.id from events e where ${eventPhaseSql("e", at)} = 'live'))
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** A snapshot of these portfolios at `at` (an event's end): the last point of their curves. */
export async function snapshotPortfolios(db: DbOrTx, portfolioIds: readonly string[], at: Date): Promise<void> {
  if (portfolioIds.length === 0) return;
  await db.execute(sql`
    insert into equity_snapshots (portfolio_id, taken_at, equity, benchmark, units)
    select v.portfolio_id, ${at.toISOString()}::timestamptz, v.equity, v.benchmark, v.units
    from ${portfolioValuations} v
    where v.portfolio_id in (${sql.join(
      portfolioIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    on conflict do nothing`);
}

/** Thins old snapshots out: 5-minute rows older than 2 days, hourly rows older than 35 days. */
export async function pruneSnapshots(db: DbOrTx, now: Date): Promise<number> {
  const fine = new Date(now.getTime() - FINE_SNAPSHOT_RETENTION_MS).toISOString();
  const hourly = new Date(now.getTime() - HOURLY_SNAPSHOT_RETENTION_MS).toISOString();
  const result = await db.execute(sql`
    delete from equity_snapshots
    where (taken_at < ${fine}::timestamptz and mod(extract(epoch from taken_at)::bigint, ${HOUR_MS / 1000}) <> 0)
       or (taken_at < ${hourly}::timestamptz and mod(extract(epoch from taken_at)::bigint, ${DAY_MS / 1000}) <> 0)`);
  return result.rowCount ?? 0;
}

/** The portfolio's equity and units at `at` (the latest snapshot at or before it; units null = its starting cash), or null without one. */
export async function equityAt(db: DbOrTx, portfolioId: string, at: Date): Promise<{ equity: string; units: string | null } | null> {
  const [row] = await db
    .select({ equity: equitySnapshots.equity, units: equitySnapshots.units })
    .from(equitySnapshots)
    .where(and(eq(equitySnapshots.portfolioId, portfolioId), lte(equitySnapshots.takenAt, at)))
    .orderBy(desc(equitySnapshots.takenAt))
    .limit(1);
  return row ?? null;
}

export const PERFORMANCE_RANGES = ["day", "week", "month", "all"] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

/** What each range shows: how far back, and which rows (every 5 minutes, hourly, daily). */
export const RANGE_WINDOWS: Record<PerformanceRange, { backMs: number | null; stepMs: number }> = {
  day: { backMs: DAY_MS, stepMs: SNAPSHOT_EVERY_MS },
  week: { backMs: 7 * DAY_MS, stepMs: HOUR_MS },
  month: { backMs: 30 * DAY_MS, stepMs: HOUR_MS },
  all: { backMs: null, stepMs: DAY_MS },
};

/**
 * Where a range starts: `backMs` before now, moved back to the interval its risk figures are
 * sampled over (the hour on the clock, decision 053), so a full day holds 24 hourly returns and
 * not 23. Null for "all".
 */
export function rangeStart(range: PerformanceRange, now: Date): Date | null {
  const { backMs, stepMs } = RANGE_WINDOWS[range];
  if (backMs === null) return null;
  const interval = sampleIntervalFor(stepMs);
  return new Date(Math.floor((now.getTime() - backMs) / interval) * interval);
}

/** The snapshots a range draws, oldest first. */
export async function snapshotSeries(db: DbOrTx, portfolioId: string, range: PerformanceRange, now: Date) {
  return seriesBetween(db, portfolioId, { from: rangeStart(range, now), to: null, stepMs: RANGE_WINDOWS[range].stepMs });
}

/**
 * Every snapshot of an event portfolio in its event's window (start to end, both inclusive,
 * whatever their spacing): what its Sharpe-ranked board ranks by, so the panel's "Event"
 * figures are the board's.
 */
export async function eventWindowSeries(db: DbOrTx, portfolioId: string, window: { start: Date; end: Date }) {
  return seriesBetween(db, portfolioId, { from: window.start, to: window.end, stepMs: SNAPSHOT_EVERY_MS });
}

async function seriesBetween(db: DbOrTx, portfolioId: string, options: { from: Date | null; to: Date | null; stepMs: number }) {
  return db
    .select({ at: equitySnapshots.takenAt, equity: equitySnapshots.equity, benchmark: equitySnapshots.benchmark, units: equitySnapshots.units })
    .from(equitySnapshots)
    .where(and(eq(equitySnapshots.portfolioId, portfolioId), inWindow(options)))
    .orderBy(equitySnapshots.takenAt);
}

function inWindow({ from, to, stepMs }: { from: Date | null; to: Date | null; stepMs: number }) {
  return and(
    from ? sql`${equitySnapshots.takenAt} >= ${from.toISOString()}::timestamptz` : undefined,
    to ? sql`${equitySnapshots.takenAt} <= ${to.toISOString()}::timestamptz` : undefined,
    stepMs > SNAPSHOT_EVERY_MS ? sql`mod(extract(epoch from ${equitySnapshots.takenAt})::bigint, ${stepMs / 1000}) = 0` : undefined,
  );
}

/**
 * The snapshots a range draws for many portfolios in one statement (a class's dashboard):
 * portfolio id → rows, oldest first, the same rows `snapshotSeries` gives one portfolio.
 */
export async function snapshotSeriesOf(db: DbOrTx, portfolioIds: readonly string[], range: PerformanceRange, now: Date) {
  const byPortfolio = new Map<string, Array<{ at: Date; equity: string; benchmark: string | null; units: string | null }>>();
  if (portfolioIds.length === 0) return byPortfolio;
  const { stepMs } = RANGE_WINDOWS[range];
  const rows = await db
    .select({ portfolioId: equitySnapshots.portfolioId, at: equitySnapshots.takenAt, equity: equitySnapshots.equity, benchmark: equitySnapshots.benchmark, units: equitySnapshots.units })
    .from(equitySnapshots)
    .where(and(inArray(equitySnapshots.portfolioId, [...portfolioIds]), inWindow({ from: rangeStart(range, now), to: null, stepMs })))
    .orderBy(equitySnapshots.portfolioId, equitySnapshots.takenAt);
  for (const { portfolioId, ...row } of rows) byPortfolio.set(portfolioId, [...(byPortfolio.get(portfolioId) ?? []), row]);
  return byPortfolio;
}

/**
 * The snapshots of the portfolios `portfolioIds` selects (a subquery of ids) taken within
 * [from, to], as a subquery for another feature's statement (the fair-play detectors):
 * `portfolio_id, taken_at, equity, benchmark, units`.
 */
export const snapshotsSql = (portfolioIds: SQL, window: { from: Date; to: Date }) => sql`
  select portfolio_id, taken_at, equity, benchmark, units from equity_snapshots
  where portfolio_id in (${portfolioIds}) and taken_at >= ${window.from.toISOString()}::timestamptz and taken_at <= ${window.to.toISOString()}::timestamptz`;

/**
 * Every snapshot, `portfolio_id, taken_at, equity, units` and its row's xmin as `row_xmin`, as a
 * subquery for a reader that picks baselines itself with the domain and asks for the rows written
 * since it last read them (the boards ranked in memory, docs/decisions/084). Filter it by
 * portfolio and instant: the table's keys serve those.
 */
export const snapshotRowsSql = sql`select portfolio_id, taken_at, equity, units, xmin as row_xmin from equity_snapshots`;
