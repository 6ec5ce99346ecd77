/**
 * Liquidity through the engine on a real database (docs/decisions/056): an order over 1 % of
 * the daily volume works in parts over ticks at the participation limit of their volume, every
 * part in the same write as its cash and position; cancelling keeps what filled; a day order's
 * rest expires; fills carry their reference price and impact. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { cancelOrder, expireDayOrders, listOrders, placeOrder, processPriceMoves } from "@/features/trading";
import { fills, orders } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument, createPortfolio } from "../factories/trading";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const fillsOf = (orderId: string) => database.db.select().from(fills).where(eq(fills.orderId, orderId)).orderBy(asc(fills.createdAt));

describe("an order larger than 1 % of the daily volume", () => {
  it("cannot fill at once (20 % of the volume), then fills in parts of at most 10 % of each tick's volume", async () => {
    const db = database.db;
    // 100,000 shares a day: 1,000 fill at once; 20,000 is 20 % of a day.
    const instrument = await createInstrument(db, { lastPrice: "10.00", averageDailyVolume: 100_000 });
    const portfolio = await createPortfolio(db, { cash: "1000000.00" });
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 20_000 } });
    expect(placed.rejection).toBeNull();
    expect(placed.fill).toBeNull();
    expect(placed.order).toMatchObject({ status: "open", filledQuantity: 0, averagePrice: null });
    // The expected cost (half-spread and impact of the whole order) is held back while it works.
    const reserved = m((await portfolioRow(db, portfolio.id)).reservedCash);
    expect(reserved > m("200000.00")).toBe(true);

    const t0 = new Date("2026-03-10T10:00:02.000Z");
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    let price = m("10.00");
    let traded = 0;
    for (const [i, volume] of [3_000, 7_500, 0, 12_345].entries()) {
      const next = (price + 1n) as typeof price;
      await processPriceMoves(db, [{ symbol: instrument.symbol, previous: price, next, volume }], at(i * 2));
      price = next;
      traded += volume;
      const row = await orderRow(placed.order.id);
      const parts = await fillsOf(placed.order.id);
      const filled = parts.reduce((n, f) => n + f.quantity, 0);
      // Never more than 10 % of what traded while it worked; the order's count is its fills'.
      expect(filled).toBeLessThanOrEqual(Math.floor(traded / 10));
      expect(row.filledQuantity).toBe(filled);
      expect(row.status).toBe("open");
      await expectIdentities(db, portfolio.id);
    }
    const parts = await fillsOf(placed.order.id);
    expect(parts.map((f) => f.quantity)).toEqual([300, 750, 1_234]);
    for (const part of parts) {
      expect(part.referencePrice).not.toBeNull();
      expect(Number(part.impactBps)).toBeGreaterThan(0);
      expect(part.reason).toMatch(/the rest waits: 10 % of the volume traded/);
      // Paid the half-spread and impact over the price it was priced against.
      expect(m(part.price) > m(part.referencePrice!)).toBe(true);
    }
    const listed = await listOrders(db, portfolio.id, { status: "partially_filled", page: 1, pageSize: 10 });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ status: "partially_filled", filledQuantity: 2_284 });
    const value = parts.reduce((sum, f) => sum + m(f.price) * BigInt(f.quantity), 0n);
    // The average price, rounded up for a buy.
    expect(m(listed.items[0]!.averagePrice!)).toBe((value + 2_283n) / 2_284n);

    // Cancelled: what filled stays filled, the rest's reservation comes back.
    const cancelled = await cancelOrder(db, { ...ids, orderId: placed.order.id, now: at(10) });
    expect(cancelled).toMatchObject({ status: "cancelled", filledQuantity: 2_284 });
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
    const after = await processPriceMoves(db, [{ symbol: instrument.symbol, previous: price, next: (price + 1n) as typeof price, volume: 50_000 }], at(12));
    expect(after.filled).toBe(0);
  });

  it("works to the end: the last part fills the rest and closes the order, the reservation all spent or given back", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00", averageDailyVolume: 100_000 });
    const portfolio = await createPortfolio(db, { cash: "1000000.00" });
    // Sell side too: a large short works the same way.
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 2_500 } });
    expect(placed.order.status).toBe("open");
    await processPriceMoves(db, [{ symbol: instrument.symbol, previous: m("50.00"), next: m("50.02"), volume: 20_000 }], new Date("2026-03-10T10:00:02Z"));
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "open", filledQuantity: 2_000 });
    await processPriceMoves(db, [{ symbol: instrument.symbol, previous: m("50.02"), next: m("49.98"), volume: 40_000 }], new Date("2026-03-10T10:00:04Z"));
    const done = await orderRow(placed.order.id);
    expect(done).toMatchObject({ status: "filled", filledQuantity: 2_500, reservedCash: "0.00" });
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
  });

  it("a day order's unfilled rest expires at the day's end, keeping what filled", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00", averageDailyVolume: 100_000 });
    const portfolio = await createPortfolio(db, { cash: "1000000.00" });
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placedAt = new Date("2026-03-10T23:59:00Z");
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "limit", limitPrice: "20.50", quantity: 5_000, timeInForce: "day" }, now: placedAt });
    expect(placed.order.status).toBe("open");
    await processPriceMoves(db, [{ symbol: instrument.symbol, previous: m("20.00"), next: m("20.01"), volume: 9_000 }], new Date("2026-03-10T23:59:30Z"));
    expect(await orderRow(placed.order.id)).toMatchObject({ filledQuantity: 900 });
    // A resting limit pays no spread or impact beyond its limit: never worse than 20.50.
    for (const f of await fillsOf(placed.order.id)) expect(m(f.price) <= m("20.50")).toBe(true);
    expect(await expireDayOrders(db, new Date("2026-03-11T00:00:01Z"))).toBe(1);
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "expired", filledQuantity: 900 });
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
  });

  it("an order up to 1 % fills at once, with its reference price and impact on the fill", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00", averageDailyVolume: 100_000 });
    const portfolio = await createPortfolio(db, { cash: "1000000.00" });
    const placed = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1_000 } });
    expect(placed.order).toMatchObject({ status: "filled", filledQuantity: 1_000, averagePrice: placed.fill!.price });
    // 5 bps half-spread + 0.7 × 30 %/√365 × √1 % = 10.992 bps impact, rounded up to 11.00 → 100.16.
    expect(placed.fill).toMatchObject({ referencePrice: "100.00", impactBps: "11.00", price: "100.16" });
    await expectIdentities(db, portfolio.id);
  });
});
