/**
 * The benchmark index TLX as a listed instrument (kind "index", docs/decisions/024): its row
 * and history are seeded once, like every instrument, and every simulator tick writes its
 * level in the same fenced transaction as its constituents' prices. Every number comes from
 * the domain (`indexLevel`, `indexCandles`); this module only loads and stores.
 */
import { and, eq, gte, inArray, or } from "drizzle-orm";
import { INDEX_KIND, indexHistory, IndexPriceError, indexLevel, TLX, type BenchmarkIndex, type Candle, type CandleInterval, type Tick } from "@/domain/market";
import type { Tx } from "@/server/db";
import { candles, instruments, seededContent } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { insertCandles } from "./candle-rows";

/** The benchmark every portfolio is compared with; one index for now. */
export const BENCHMARK: BenchmarkIndex = TLX;

/** An index is in no sector of its own; this is what the instruments table and the admin list show. */
export const INDEX_SECTOR = "Index";

/** Minute candles of constituents read back when an existing install first gets its index: the last day, as a fresh backfill has. */
const MINUTE_HISTORY_MS = 86_400_000;

type InstrumentRow = Pick<typeof instruments.$inferSelect, "symbol" | "lastPrice" | "previousClose">;

/** The level from the constituents' stored prices, or null (with a warning) when one is missing. */
export function levelOf(index: BenchmarkIndex, prices: Readonly<Record<string, string>>, totalReturn?: Readonly<Record<string, number>>): string | null {
  try {
    return indexLevel(index, prices, totalReturn);
  } catch (error) {
    if (!(error instanceof IndexPriceError)) throw error;
    // A missing constituent must not stop the market: the index waits until it can be computed.
    logger().warn({ index: index.symbol, reason: error.message }, "[market] the benchmark index cannot be computed");
    return null;
  }
}

export interface SeededBenchmark {
  inserted: boolean;
  candles: number;
}

/**
 * Inserts the index once (insert-if-never-seeded, decision 012): its row at the level of its
 * constituents' last prices (previous close likewise), and its daily and minute candles from
 * theirs (domain `indexHistory`) — taken from `history` when the backfill just made them, else read from the table
 * (an install that had its market before the index existed). With `from`, only the days
 * from then on (the rest is the market-history task's).
 */
export async function seedBenchmark(
  tx: Tx,
  options: { index?: BenchmarkIndex; now: Date; history?: { daily: Record<string, Candle[]>; minute: Record<string, Candle[]> }; from?: Date },
): Promise<SeededBenchmark> {
  const index = options.index ?? BENCHMARK;
  const key = `instrument:${index.symbol}`;
  const [seen] = await tx.select({ key: seededContent.key }).from(seededContent).where(eq(seededContent.key, key));
  if (seen) return { inserted: false, candles: 0 };

  const symbols = index.constituents.map((c) => c.symbol);
  const rows: InstrumentRow[] = await tx.select({ symbol: instruments.symbol, lastPrice: instruments.lastPrice, previousClose: instruments.previousClose }).from(instruments).where(inArray(instruments.symbol, symbols));
  const level = levelOf(index, Object.fromEntries(rows.map((r) => [r.symbol, r.lastPrice])));
  const previousClose = levelOf(index, Object.fromEntries(rows.map((r) => [r.symbol, r.previousClose])));
  // Not marked as seeded: a later start tries again once the constituents are there.
  if (level === null || previousClose === null) return { inserted: false, candles: 0 };

  const inserted = await tx
    .insert(instruments)
    .values({
      symbol: index.symbol,
      name: index.name,
      sector: INDEX_SECTOR,
      kind: INDEX_KIND,
      startingPrice: index.baseLevel,
      // Nothing simulates an index: its level follows from its constituents.
      drift: 0,
      volatility: 0,
      beta: 0,
      sectorLoading: 0,
      averageDailyVolume: 0,
      lastPrice: level,
      previousClose,
      updatedAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ symbol: instruments.symbol });
  await tx.insert(seededContent).values({ key }).onConflictDoNothing();
  if (inserted.length === 0) {
    logger().warn({ symbol: index.symbol }, `[market] an instrument ${index.symbol} already exists (added by an admin), so the benchmark index was not created: performance charts have no benchmark line`);
    return { inserted: false, candles: 0 };
  }

  const history = options.history ?? (await storedHistory(tx, symbols, options.now));
  const computed = indexHistory(index, history);
  // `from`: a first start writes the index's older days later with its constituents' (./history.ts).
  const from = options.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const own = [...computed.daily.filter((c) => c.start.getTime() >= from), ...computed.minute];
  await insertCandles(tx, own);
  return { inserted: true, candles: own.length };
}

/** The constituents' stored daily candles and their last day of minute candles, by symbol. */
async function storedHistory(tx: Tx, symbols: string[], now: Date) {
  const since = new Date(now.getTime() - MINUTE_HISTORY_MS);
  const rows = await tx
    .select()
    .from(candles)
    .where(and(inArray(candles.symbol, symbols), or(eq(candles.interval, "1d"), and(eq(candles.interval, "1m"), gte(candles.start, since)))))
    .orderBy(candles.start);
  const daily: Record<string, Candle[]> = {};
  const minute: Record<string, Candle[]> = {};
  for (const r of rows) {
    const into = r.interval === "1d" ? daily : minute;
    (into[r.symbol] ??= []).push({ symbol: r.symbol, interval: r.interval as CandleInterval, start: r.start, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume });
  }
  return { daily, minute };
}

/**
 * The index's tick for this simulator tick: its level from the constituents' new prices (and
 * the stored price of any the tick did not move, a withdrawn stock say). Null when the
 * install has no index row (an admin's own TLX, or not seeded yet) or it cannot be computed.
 */
export function benchmarkTick(options: {
  rows: ReadonlyArray<Pick<typeof instruments.$inferSelect, "symbol" | "kind" | "lastPrice">>;
  ticks: readonly Tick[];
  at: Date;
  index?: BenchmarkIndex;
  /** The constituents' total-return factors (decision 052). */
  totalReturn?: Readonly<Record<string, number>>;
}): Tick | null {
  const index = options.index ?? BENCHMARK;
  const row = options.rows.find((r) => r.symbol === index.symbol);
  if (!row || row.kind !== INDEX_KIND) return null;
  const prices: Record<string, string> = Object.fromEntries(options.rows.map((r) => [r.symbol, r.lastPrice]));
  for (const tick of options.ticks) prices[tick.symbol] = tick.price;
  const level = levelOf(index, prices, options.totalReturn);
  return level === null ? null : { symbol: index.symbol, price: level, at: options.at, volume: 0 };
}

/** What an index's page says about it: how many stocks make it and where it started. Null for anything else. */
export function indexFacts(symbol: string, kind: string): { constituents: number; baseLevel: string } | null {
  if (kind !== INDEX_KIND || symbol !== BENCHMARK.symbol) return null;
  return { constituents: BENCHMARK.constituents.length, baseLevel: BENCHMARK.baseLevel };
}
