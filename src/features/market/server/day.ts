/**
 * The practice market's day so far, for every instrument at once: its price path (the close of
 * every DAY_PATH_STEP_MINUTES since 00:00 UTC, from the minute candles) and its volume (the
 * day's candle). What the market overview's sparklines and volume column, and the dashboard's
 * movers, draw (docs/decisions/036-market-overview-and-dashboard.md).
 *
 * One statement whatever the number of instruments: for each instrument and step, a LATERAL
 * reads the step's last minute candle through the candles' primary key (symbol, interval,
 * start), and another the day's candle (LATERAL … LIMIT 1: key lookups, whatever the
 * planner's statistics say), so a page never sends one query per row and never ships 1,440
 * minutes per instrument. A step that ended more than a minute ago never changes again (ticks write only
 * the current minute), so the process keeps the finished steps of the whole market and asks
 * the database only for the steps since: a full day is read once per process and day, not on
 * every page view (PGlite has one connection: a long read holds up every order behind it).
 */
import { sql } from "drizzle-orm";
import { bucketStart, INTERVAL_MS } from "@/domain/market";
import type { DbOrTx } from "@/server/db";
import type { MarketDayAnswer } from "../types";

/** A point every 15 minutes: 96 for a whole day, enough for a sparkline a hundred pixels wide. */
export const DAY_PATH_STEP_MINUTES = 15;
const STEP_MS = DAY_PATH_STEP_MINUTES * 60_000;
const STEPS_PER_DAY = INTERVAL_MS["1d"] / STEP_MS;
/** A step is final this long after it ends: a tick's transaction commits well within it. */
const SETTLE_MS = 60_000;

/** One instrument's day: shares traded today, and the last price of each step since the day's start (the answer's schema, ../types.ts). */
export type DayPath = MarketDayAnswer["items"][number];

/** The practice market's day so far (GET /api/market/day's answer). */
export type MarketDay = MarketDayAnswer;

/** The whole market's finished steps of one day, as last read (per process; rebuilt from the database). */
interface FinishedSteps {
  start: string;
  /** Steps [0, count) are final for every symbol below. */
  count: number;
  closes: Map<string, Array<string | null>>;
}

const KEY = Symbol.for("tickerlab.market-day");
const holder = globalThis as { [KEY]?: FinishedSteps };

/** Forgets the finished steps (tests that write candles for past steps). */
export function forgetMarketDay(): void {
  delete holder[KEY];
}

/** Today's path and volume of every instrument (or of `symbols` only), by symbol. */
export async function marketDay(db: DbOrTx, options: { now?: Date; symbols?: readonly string[] } = {}): Promise<MarketDay> {
  const now = options.now ?? new Date();
  const start = bucketStart(now, "1d");
  const startIso = start.toISOString();
  const steps = Math.min(Math.floor((now.getTime() - start.getTime()) / STEP_MS) + 1, STEPS_PER_DAY);
  const finished = Math.max(0, Math.min(steps, Math.floor((now.getTime() - SETTLE_MS - start.getTime()) / STEP_MS)));
  if (options.symbols && options.symbols.length === 0) return { start: startIso, stepMinutes: DAY_PATH_STEP_MINUTES, items: [] };
  const known = holder[KEY]?.start === startIso ? holder[KEY] : undefined;
  // The current step is always read (a caller asking about an earlier moment of the same day included).
  const from = Math.min(known?.count ?? 0, steps - 1);
  const only = options.symbols
    ? sql`where i.symbol in (${sql.join(
        options.symbols.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<{ symbol: string; volume: string | number | null; step: number | string; close: string | null }>(sql`
    select i.symbol, d.volume, s.step, c.close
    from instruments i
    left join lateral (
      select volume from candles where symbol = i.symbol and interval = '1d' and start = ${startIso}::timestamptz limit 1
    ) d on true
    cross join generate_series(${from}::int, ${steps - 1}::int) as s(step)
    left join lateral (
      select m.close::text as close from candles m
      where m.symbol = i.symbol and m.interval = '1m'
        and m.start >= ${startIso}::timestamptz + s.step * ${`${DAY_PATH_STEP_MINUTES} minutes`}::interval
        and m.start < ${startIso}::timestamptz + (s.step + 1) * ${`${DAY_PATH_STEP_MINUTES} minutes`}::interval
      order by m.start desc
      limit 1
    ) c on true
    ${only}
    order by i.symbol, s.step`);
  const items = new Map<string, DayPath>();
  for (const row of result.rows) {
    let item = items.get(row.symbol);
    if (!item) {
      // Steps before `from` are the finished ones already read; an instrument that was not
      // there then had no candles then.
      const closes = [...(known?.closes.get(row.symbol)?.slice(0, from) ?? Array<string | null>(from).fill(null)), ...Array<string | null>(steps - from).fill(null)];
      items.set(row.symbol, (item = { symbol: row.symbol, volume: Number(row.volume ?? 0), closes }));
    }
    item.closes[Number(row.step)] = row.close;
  }
  // What the whole market's read settled is kept for the next reader; a read of a few symbols
  // does not know the others and leaves it alone.
  if (!options.symbols && finished > (known?.count ?? 0)) {
    holder[KEY] = { start: startIso, count: finished, closes: new Map([...items].map(([symbol, item]) => [symbol, item.closes.slice(0, finished)])) };
  }
  return { start: startIso, stepMinutes: DAY_PATH_STEP_MINUTES, items: [...items.values()] };
}
