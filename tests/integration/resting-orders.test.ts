/** Resting orders the unit tests judge in memory, run here through the engine on a real database. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { placeOrder, processPriceMove, type PlaceOrderResult } from "@/features/trading";
import { fills, orders } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument, createPortfolio } from "../factories/trading";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;
const idOf = (answer: PlaceOrderResult) => answer.order.id;

describe("a stop-limit order", () => {
  it("waits for its stop, then rests as a limit and fills only at the limit or better", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    // Buy when it breaks out above 105, but pay no more than 106.
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "stop-limit", quantity: 10, stopPrice: "105.00", limitPrice: "106.00", timeInForce: "gtc" } });
    expect(placed.rejection).toBeNull();
    const orderId = idOf(placed);
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("104.99"))).toMatchObject({ triggered: 0, filled: 0 });
    // Gaps through the stop and the limit: triggered, but 107 is above the limit, so it rests.
    expect(await processPriceMove(db, instrument.symbol, m("104.99"), m("107.00"))).toMatchObject({ triggered: 1, filled: 0 });
    const [resting] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(resting).toMatchObject({ status: "open", triggered: true });
    // Back under the limit: an ordinary move through it fills at the limit (no spread for a resting limit; the better price only on a jump).
    expect(await processPriceMove(db, instrument.symbol, m("107.00"), m("105.50"))).toMatchObject({ filled: 1 });
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, orderId));
    expect(fill).toMatchObject({ price: "106.00", quantity: 10 });
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ cash: "98940.00", reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
  });
});

describe("a resting order the rules refuse when it comes to fill", () => {
  it("is rejected with its code, kept in history, and gives its reservation back", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db, { cash: "10000.00" });
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    // A buy stop for 90 shares at 100 reserves ~9,004.50; the price then gaps to 150,
    // where 90 shares cost 13,507.50: more than the whole portfolio.
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "stop", quantity: 90, stopPrice: "100.50", timeInForce: "gtc" } });
    expect(placed.rejection).toBeNull();
    expect(m((await portfolioRow(db, portfolio.id)).reservedCash) > 0n).toBe(true);
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("150.00"))).toMatchObject({ candidates: 1, filled: 0, rejected: 1 });
    const [order] = await db.select().from(orders).where(eq(orders.id, idOf(placed)));
    expect(order).toMatchObject({ status: "rejected", rejectCode: "INSUFFICIENT_FUNDS" });
    expect(order!.rejectMessage).toMatch(/\S/);
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ cash: "10000.00", reservedCash: "0.00" });
    expect(await db.select().from(fills).where(eq(fills.orderId, order!.id))).toEqual([]);
    await expectIdentities(db, portfolio.id);
  });
});
