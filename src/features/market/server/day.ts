/**
 * The practice market's day so far, for every instrument at once: its price path (the close of
 * every DAY_PATH_STEP_MINUTES since 00:00 UTC, from the minute candles) and its volume (the
 * day's candle). What the market overview's sparklines and volume column, and the dashboard's
 * movers, draw (docs/decisions/036-market-overview-and-dashboard.md).
 *
 * One statement whatever the number of instruments: a LATERAL per instrument walks the candles'
 * primary key (symbol, interval, start) over today's minutes and keeps the last close of each
 * step, so a page never sends one query per row and never ships 1,440 minutes per instrument.
 */
import { sql } from "drizzle-orm";
import { bucketStart, INTERVAL_MS } from "@/domain/market";
import type { DbOrTx } from "@/server/db";

/** A point every 15 minutes: 96 for a whole day, enough for a sparkline a hundred pixels wide. */
export const DAY_PATH_STEP_MINUTES = 15;

export interface DayPath {
  symbol: string;
  /** Shares traded today (the daily candle's volume; 0 before the day's first tick). */
  volume: number;
  /**
   * The last price of each step since the day's start, oldest first: `closes[k]` closes the
   * step that starts at start + k × step. Null for a step without a tick (the server was down).
   * The last entry is the step "now" falls in, so it moves until that step ends.
   */
  closes: Array<string | null>;
}

export interface MarketDay {
  /** 00:00 UTC of the practice market's day (ISO). */
  start: string;
  stepMinutes: number;
  items: DayPath[];
}

/** Today's path and volume of every instrument (or of `symbols` only), by symbol. */
export async function marketDay(db: DbOrTx, options: { now?: Date; symbols?: readonly string[] } = {}): Promise<MarketDay> {
  const now = options.now ?? new Date();
  const start = bucketStart(now, "1d");
  const end = new Date(start.getTime() + INTERVAL_MS["1d"]);
  const stepMs = DAY_PATH_STEP_MINUTES * 60_000;
  const steps = Math.min(Math.floor((now.getTime() - start.getTime()) / stepMs) + 1, INTERVAL_MS["1d"] / stepMs);
  if (options.symbols && options.symbols.length === 0) return { start: start.toISOString(), stepMinutes: DAY_PATH_STEP_MINUTES, items: [] };
  const only = options.symbols
    ? sql`where i.symbol in (${sql.join(
        options.symbols.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<{ symbol: string; volume: string | number | null; step: number | string | null; close: string | null }>(sql`
    select i.symbol, d.volume, p.step, p.close
    from instruments i
    left join candles d on d.symbol = i.symbol and d.interval = '1d' and d.start = ${start.toISOString()}::timestamptz
    left join lateral (
      select floor(extract(epoch from m.start - ${start.toISOString()}::timestamptz) / ${stepMs / 1000})::int as step,
             (array_agg(m.close::text order by m.start desc))[1] as close
      from candles m
      where m.symbol = i.symbol and m.interval = '1m'
        and m.start >= ${start.toISOString()}::timestamptz and m.start < ${end.toISOString()}::timestamptz
      group by 1
    ) p on true
    ${only}
    order by i.symbol, p.step`);
  const items = new Map<string, DayPath>();
  for (const row of result.rows) {
    let item = items.get(row.symbol);
    if (!item) items.set(row.symbol, (item = { symbol: row.symbol, volume: Number(row.volume ?? 0), closes: Array<string | null>(steps).fill(null) }));
    const step = row.step === null ? null : Number(row.step);
    if (step !== null && step >= 0 && step < steps) item.closes[step] = row.close;
  }
  return { start: start.toISOString(), stepMinutes: DAY_PATH_STEP_MINUTES, items: [...items.values()] };
}
