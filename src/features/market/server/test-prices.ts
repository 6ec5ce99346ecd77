/**
 * Test-only (TEST_PRICE_CONTROL): sets an instrument's price as if the market moved there —
 * last price, the minute and day candles, then the trading engine settles resting orders
 * and runs the maintenance check, exactly as after a simulator tick.
 */
import { eq, sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { bucketStart, createMarketState, fromCents, type MarketState, syncUniverse, toCents } from "@/domain/market";
import { formatMoney, parseMoney } from "@/domain/trading";
import { processPriceMove } from "@/features/trading";
import type { Db } from "@/server/db";
import { candles, instruments, marketState } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { adjustThrough, dueActions, settleActions } from "./corporate-actions";
import { definitionsOf } from "./definitions";

export async function setPrice(db: Db, symbol: string, priceText: string, now = new Date()) {
  const next = parseMoney(priceText);
  if (next <= 0n) throw failures.invalid("The price must be positive.", { price: "The price must be positive." });
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(instruments).where(eq(instruments.symbol, symbol)).for("update");
    if (!row) throw failures.notFound(`There is no instrument ${symbol}.`);
    const price = formatMoney(next);
    await tx.update(instruments).set({ lastPrice: price, updatedAt: now }).where(eq(instruments.symbol, symbol));
    for (const interval of ["1m", "1d"] as const) {
      await tx
        .insert(candles)
        .values({ symbol, interval, start: bucketStart(now, interval), open: price, high: price, low: price, close: price, volume: 0 })
        .onConflictDoUpdate({
          target: [candles.symbol, candles.interval, candles.start],
          set: { high: sql`greatest(${candles.high}, excluded.high)`, low: sql`least(${candles.low}, excluded.low)`, close: sql`excluded.close` },
        });
    }
    return parseMoney(row.lastPrice);
  });
  const moved = await processPriceMove(db, symbol, previous, next, now);
  return { symbol, previous: formatMoney(previous), price: formatMoney(next), ...moved };
}

/**
 * Test-only (TEST_PRICE_CONTROL): applies the corporate actions whose ex-date has begun now,
 * as the simulator's tick would but without moving the market (a browser test's server runs
 * no simulator, and its prices are the tests'): the state takes the stored last prices, each
 * action adjusts its instrument's, the trading engine adjusts the portfolios, due dividends
 * are paid. Returns how many actions were applied.
 */
export async function applyDueCorporateActions(db: Db, now = new Date()): Promise<number> {
  const outbox = new Outbox();
  const applied = await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(marketState).where(eq(marketState.id, 1)).for("update");
    const rows = await tx.select().from(instruments);
    const definitions = definitionsOf(rows.filter((r) => r.active));
    if (!stored || definitions.length === 0) return 0;
    const previous = stored.state.market as MarketState | null;
    const synced = previous ? syncUniverse(previous, definitions) : createMarketState(definitions, stored.state.seed, now);
    const last = new Map(rows.map((r) => [r.symbol, toCents(r.lastPrice)]));
    // No time passes: every due action applies at `now`, from the prices the tests set.
    const base: MarketState = {
      ...synced,
      time: Math.max(synced.time, now.getTime()),
      instruments: synced.instruments.map((i) => {
        const c = last.get(i.symbol);
        return c === undefined ? i : { ...i, price: fromCents(c), logPrice: Math.log(c / 100) };
      }),
    };
    const due = await dueActions(tx, now);
    const adjustment = adjustThrough(base, due.pending);
    await settleActions(tx, adjustment, { now, payable: due.payable, outbox });
    for (const { action, before, after } of adjustment.applied) {
      const row = rows.find((r) => r.symbol === action.symbol)!;
      const previousClose = action.kind === "split" ? fromCents(Math.max(1, Math.round((toCents(row.previousClose) * after) / before))) : row.previousClose;
      await tx.update(instruments).set({ lastPrice: fromCents(after), previousClose, updatedAt: now }).where(eq(instruments.symbol, action.symbol));
    }
    await tx.update(marketState).set({ state: { ...stored.state, market: adjustment.state }, updatedAt: now }).where(eq(marketState.id, 1));
    return adjustment.applied.length;
  });
  outbox.afterCommit();
  return applied;
}
