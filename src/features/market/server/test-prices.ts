/**
 * Test-only (TEST_PRICE_CONTROL): sets an instrument's price as if the market moved there —
 * last price, the minute and day candles, then the trading engine settles resting orders
 * and runs the maintenance check, exactly as after a simulator tick.
 */
import { eq, sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { bucketStart } from "@/domain/market";
import { formatMoney, parseMoney } from "@/domain/trading";
import { processPriceMove } from "@/features/trading";
import type { Db } from "@/server/db";
import { candles, instruments } from "@/server/db/schema";

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
