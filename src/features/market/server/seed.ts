/**
 * The practice market at start-up: the bundled universe (insert-if-never-seeded, like the
 * curriculum, so an admin's edits survive), the simulator state with a secret random seed,
 * — when there are no candles yet — five backfilled years of daily and a day of minute candles
 * so charts are never empty, and the benchmark index with its history computed from its
 * constituents' (also on an install that had its market before the index existed).
 *
 * The five years are simulated here, but only the most recent year of daily candles (and the
 * day of minutes) is written before the server says ready; the older years follow in the
 * background (./history.ts, decision 058). The history kept is the first candidate of the
 * install's seed on which every row of the realism table holds (domain `firstHistory`).
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { firstHistory, INDEX_KIND, type BackfillResult, type Candle, type InstrumentDefinition } from "@/domain/market";
import type { Db } from "@/server/db";
import { startupProgress } from "@/server/startup";
import { candles, instruments, marketState, seededContent, type StoredMarketState } from "@/server/db/schema";
import { BENCHMARK, seedBenchmark } from "./benchmark";
import { insertCandles } from "./candle-rows";
import { definitionsOf } from "./definitions";
import { holdHistory, readyHistoryFrom } from "./history";

/** Serialises the market seed across instances starting together on one PostgreSQL. */
const MARKET_SEED_LOCK_KEY = 724_311_003;

export interface MarketSeedResult {
  instruments: number;
  candles: number;
  /** Whether this start created the benchmark index, and how many candles it got. */
  benchmark: { inserted: boolean; candles: number };
  /** Candidate seeds the first start walked for a history that holds every realism row (0: no first start). */
  tries: number;
  ms: number;
}

export async function seedMarket(db: Db, universe: readonly InstrumentDefinition[], now = new Date()): Promise<MarketSeedResult> {
  const started = performance.now();
  let added = 0;
  let candleRows = 0;
  let benchmark = { inserted: false, candles: 0 };
  let tries = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MARKET_SEED_LOCK_KEY})`);
    // The first start simulates five years inside this transaction (seconds of CPU, many more on
    // a loaded machine): PostgreSQL's idle-in-transaction timeout (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    // 10 s by default) would end the session mid-seed. This transaction alone may wait longer.
    await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', '300000', true)`);
    const seen = new Set((await tx.select({ key: seededContent.key }).from(seededContent)).map((r) => r.key));
    const missing = universe.filter((i) => !seen.has(`instrument:${i.symbol}`));
    if (missing.length > 0) {
      const inserted = await tx
        .insert(instruments)
        .values(
          missing.map((i) => ({
            symbol: i.symbol,
            name: i.name,
            sector: i.sector,
            kind: i.kind,
            startingPrice: i.startingPrice,
            drift: i.drift,
            volatility: i.volatility,
            beta: i.beta,
            sectorLoading: i.sectorLoading,
            averageDailyVolume: i.averageDailyVolume,
            lastPrice: i.startingPrice,
            previousClose: i.startingPrice,
          })),
        )
        .onConflictDoNothing()
        .returning({ symbol: instruments.symbol });
      added = inserted.length;
      await tx
        .insert(seededContent)
        .values(missing.map((i) => ({ key: `instrument:${i.symbol}` })))
        .onConflictDoNothing();
    }

    const [existing] = await tx.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1));
    let seed = existing?.state.seed;
    if (!seed) {
      // Random per install and never sent anywhere: nobody can compute tomorrow's prices.
      seed = randomBytes(32).toString("hex");
      await tx.insert(marketState).values({ id: 1, state: { seed, market: null } }).onConflictDoNothing();
    }

    let history: BackfillResult | undefined;
    let readyFrom: Date | undefined;
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(candles);
    const rows = n > 0 ? [] : await tx.select().from(instruments).where(and(eq(instruments.active, true), ne(instruments.kind, INDEX_KIND)));
    if (rows.length > 0) {
      startupProgress("market-history", `Simulating the market's past for ${rows.length} instruments: five years of daily and a day of minute prices (first start only)…`);
      const definitions = definitionsOf(rows);
      // The first candidate seed whose history holds every realism row (decision 058): the install's seed from now on.
      const first = firstHistory(definitions, seed, now, BENCHMARK);
      seed = first.seed;
      history = first.history;
      readyFrom = readyHistoryFrom(now);
      const from = readyFrom.getTime();
      // Before ready: the most recent year of days and the day of minutes; the older years after (./history.ts).
      const recent: Candle[] = [...Object.values(history.daily).flatMap((days) => days.filter((c) => c.start.getTime() >= from)), ...Object.values(history.minute).flat()];
      const older = Object.values(history.daily).some((days) => days.some((c) => c.start.getTime() < from));
      // The count above found no candle, in this transaction under the seed's lock.
      await insertCandles(tx, recent, { emptyTable: true });
      candleRows = recent.length;
      // Today's price is where the backfill ends; the day change starts from yesterday's close.
      for (const instrument of history.state.instruments) {
        const days = history.daily[instrument.symbol] ?? [];
        const previousClose = days.length >= 2 ? days[days.length - 2]!.close : instrument.price;
        await tx.update(instruments).set({ lastPrice: instrument.price, previousClose, updatedAt: now }).where(eq(instruments.symbol, instrument.symbol));
      }
      const state: StoredMarketState = { seed, market: history.state, ...(older && { historyFill: { endTime: now.toISOString(), before: readyFrom.toISOString(), definitions } }) };
      await tx.update(marketState).set({ state, updatedAt: now }).where(eq(marketState.id, 1));
      if (older) holdHistory({ seed, endTime: now.toISOString(), daily: history.daily });
      tries = first.tries;
    }

    // After the backfill, in the same transaction: the index is computed from the prices and candles just written.
    benchmark = await seedBenchmark(tx, { now, history, from: readyFrom });
    candleRows += benchmark.candles;
  });
  return { instruments: added, candles: candleRows, benchmark, tries, ms: Math.round(performance.now() - started) };
}
