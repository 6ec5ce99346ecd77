/**
 * The practice market at start-up: the bundled universe (insert-if-never-seeded, like the
 * curriculum, so an admin's edits survive), the simulator state with a secret random seed,
 * and — when there are no candles yet — a backfilled year of daily and a day of minute
 * candles so charts are never empty.
 */
import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { backfill, type Candle, type InstrumentDefinition } from "@/domain/market";
import type { Db, Tx } from "@/server/db";
import { candles, instruments, marketState, seededContent, type StoredMarketState } from "@/server/db/schema";
import { definitionsOf } from "./definitions";

/** Serialises the market seed across instances starting together on one PostgreSQL. */
const MARKET_SEED_LOCK_KEY = 724_311_003;
/** Rows per statement: 8 array parameters however many rows, so batches can be large. */
const CANDLE_BATCH = 20_000;

export interface MarketSeedResult {
  instruments: number;
  candles: number;
  ms: number;
}

export async function seedMarket(db: Db, universe: readonly InstrumentDefinition[], now = new Date()): Promise<MarketSeedResult> {
  const started = performance.now();
  let added = 0;
  let candleRows = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MARKET_SEED_LOCK_KEY})`);
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

    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(candles);
    if (n > 0) return;
    const rows = await tx.select().from(instruments).where(eq(instruments.active, true));
    if (rows.length === 0) return;
    const definitions = definitionsOf(rows);
    const history = backfill(definitions, seed, now);
    const all: Candle[] = [...Object.values(history.daily).flat(), ...Object.values(history.minute).flat()];
    for (let i = 0; i < all.length; i += CANDLE_BATCH) {
      await insertCandles(tx, all.slice(i, i + CANDLE_BATCH));
    }
    candleRows = all.length;
    // Today's price is where the backfill ends; the day change starts from yesterday's close.
    for (const instrument of history.state.instruments) {
      const days = history.daily[instrument.symbol] ?? [];
      const previousClose = days.length >= 2 ? days[days.length - 2]!.close : instrument.price;
      await tx.update(instruments).set({ lastPrice: instrument.price, previousClose, updatedAt: now }).where(eq(instruments.symbol, instrument.symbol));
    }
    const state: StoredMarketState = { seed, market: history.state };
    await tx.update(marketState).set({ state, updatedAt: now }).where(eq(marketState.id, 1));
  });
  return { instruments: added, candles: candleRows, ms: Math.round(performance.now() - started) };
}

/**
 * One INSERT … SELECT FROM json_to_recordset(one JSON parameter) per batch instead of eight
 * bind parameters a row: the ~65,000 backfilled candles are written several times faster on
 * PGlite, and the same SQL runs on both drivers.
 */
async function insertCandles(tx: Tx, batch: readonly Candle[]): Promise<void> {
  const rows = JSON.stringify(batch.map((c) => ({ symbol: c.symbol, interval: c.interval, start: c.start.toISOString(), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume })));
  await tx.execute(sql`
    insert into ${candles} (symbol, interval, start, open, high, low, close, volume)
    select symbol, interval, start, open, high, low, close, volume
    from json_to_recordset(${rows}::json) as x(symbol text, interval text, start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint)
    on conflict do nothing`);
}
