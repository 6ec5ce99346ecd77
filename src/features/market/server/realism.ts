/**
 * The realism report of this install's own market (issue #21 §3, decision 051): the domain's
 * stylized-facts table (`realismReport`, which owns every statistic and target) measured on
 * the daily candles the simulator wrote here — the backfilled years and every day since.
 *
 * Only finished days count (today's candle is still moving), so the report changes once a
 * day: it is computed once per process and day and kept (a cache rebuilt from the database,
 * like the market day). Reading every stock's history is one statement over the candles'
 * primary key; on PGlite that holds the one connection for a moment, once a day.
 */
import { sql } from "drizzle-orm";
import { bucketStart, INDEX_KIND, realismReport, type DailyBar, type RealismReport } from "@/domain/market";
import type { DbOrTx } from "@/server/db";
import { BENCHMARK } from "./benchmark";
import { historyFilling } from "./history";

/**
 * A stock is measured when its history spans at least this many finished days: a stock an
 * admin added last week has too few returns for its own statistics, and the cross-section
 * (S10) is taken over the days every measured stock has.
 */
export const REALISM_MIN_DAYS = 365;

export interface MarketRealism extends RealismReport {
  /** The first and last finished day measured (ISO dates). */
  from: string;
  to: string;
  /** Stocks left out because their history is shorter than REALISM_MIN_DAYS. */
  skipped: string[];
}

/** Why there is no report yet (a market with less than REALISM_MIN_DAYS of history). */
export interface RealismUnavailable {
  unavailable: string;
  /** True while a first start's older years are still being written (decision 058): ask again in a minute. */
  filling?: true;
}

/** What the report says while the older years are written after a first start. */
export const HISTORY_FILLING_MESSAGE = "Still filling history: the market's older years are being written after its first start. The report appears when they are all there, within a minute or two.";

const KEY = Symbol.for("tickerlab.market-realism");
const holder = globalThis as { [KEY]?: { day: string; report: MarketRealism | RealismUnavailable } };

/** Forgets the kept report (tests that write candles). */
export function forgetMarketRealism(): void {
  delete holder[KEY];
}

/** The realism table of the finished days before `now`'s day. */
export async function marketRealism(db: DbOrTx, options: { now?: Date } = {}): Promise<MarketRealism | RealismUnavailable> {
  const today = bucketStart(options.now ?? new Date(), "1d").toISOString();
  const kept = holder[KEY];
  if (kept?.day === today) return kept.report;
  // Not kept: the figures of a history still being written would be wrong, and it is complete soon.
  if (await historyFilling(db)) return { unavailable: HISTORY_FILLING_MESSAGE, filling: true };
  const report = await measure(db, today);
  holder[KEY] = { day: today, report };
  return report;
}

async function measure(db: DbOrTx, today: string): Promise<MarketRealism | RealismUnavailable> {
  const index = BENCHMARK.symbol;
  const result = await db.execute<{ symbol: string; kind: string; start: string | Date; close: string; volume: string | number }>(sql`
    select c.symbol, i.kind, c.start, c.close::text as close, c.volume
    from candles c join instruments i on i.symbol = c.symbol
    where c.interval = '1d' and c.start < ${today}::timestamptz
      and ((i.kind = 'stock' and i.active) or (i.kind = ${INDEX_KIND} and i.symbol = ${index}))
    order by c.symbol, c.start`);
  const bars: Record<string, DailyBar[]> = {};
  for (const row of result.rows) {
    (bars[row.symbol] ??= []).push({ day: new Date(row.start).getTime(), close: Number(row.close), volume: Number(row.volume) });
  }
  const indexBars = bars[index] ?? [];
  if (indexBars.length < REALISM_MIN_DAYS) {
    return { unavailable: `The market has ${indexBars.length} finished days of history; the report needs at least ${REALISM_MIN_DAYS}.` };
  }
  const measured: string[] = [];
  const skipped: string[] = [];
  for (const symbol of Object.keys(bars).sort()) {
    if (symbol === index) continue;
    (bars[symbol]!.length >= REALISM_MIN_DAYS ? measured : skipped).push(symbol);
  }
  if (measured.length < 2) return { unavailable: "Fewer than two stocks have a year of history to measure." };
  const report = realismReport({ bars, index, stocks: measured });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { ...report, from: day(indexBars[0]!.day), to: day(indexBars.at(-1)!.day), skipped };
}
