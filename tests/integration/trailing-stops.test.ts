/**
 * Trailing stops and dollar-amount orders through the engine on a real database (decision 060):
 * a tick reads only the trailing stops it moves or fires (the trail indexes), a moved mark is
 * written under the portfolio's guard, a short's trailing cover follows the low, and a resting
 * notional limit is sized at its limit. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseMoney } from "@/domain/trading";
import { seedCurriculum } from "@/features/learn/server/seed";
import { placeOrder, processPriceMove } from "@/features/trading";
import { fills, lessonProgress, lessons, orders } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument, createPortfolio } from "../factories/trading";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("a sell trailing stop through the engine", () => {
  it("is read by a tick only when the tick moves its mark or reaches its stop, and fills at market on the way down", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    expect((await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 20 } })).rejection).toBeNull();
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "sell", type: "trailing-stop", quantity: 20, trailAmount: "3.00", timeInForce: "gtc" } });
    expect(placed.rejection).toBeNull();
    expect(placed.order).toMatchObject({ status: "open", stopPrice: "97.00", highWaterMark: "100.00", trailAmount: "3.00", trailPercent: null });

    const version = (await portfolioRow(db, portfolio.id)).version;
    // A new high: the order is a candidate, its mark and stop move, under the portfolio's guard.
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("102.00"))).toMatchObject({ candidates: 1, trailed: 1, filled: 0 });
    expect(await orderRow(placed.order.id)).toMatchObject({ waterMark: "102.00", stopPrice: "99.00", status: "open" });
    expect((await portfolioRow(db, portfolio.id)).version).toBe(version + 1);
    // Between the stop and the high: not even read.
    expect(await processPriceMove(db, instrument.symbol, m("102.00"), m("99.50"))).toMatchObject({ candidates: 0, trailed: 0 });
    expect(await processPriceMove(db, instrument.symbol, m("99.50"), m("101.99"))).toMatchObject({ candidates: 0 });
    // Down to the stop: a market sell of the 20 shares, 99.00 less 5 bps = 98.9505, received as 98.95.
    expect(await processPriceMove(db, instrument.symbol, m("101.99"), m("99.00"))).toMatchObject({ candidates: 1, filled: 1 });
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "filled", filledQuantity: 20 });
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, placed.order.id));
    expect(fill).toMatchObject({ quantity: 20, price: "98.95", referencePrice: "99.00" });
    expect(fill!.reason).toBe("trailing stop 99.00 (3.00 below the high 102.00) touched at 99.00; market sell at 98.95 (99.00 with 5\u00a0bps half-spread)");
    await expectIdentities(db, portfolio.id);
  });
});

describe("a buy-to-cover trailing stop of 10 % on a short", () => {
  it("follows the low down and covers when the price rises 10 % off it", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    // Short selling unlocked as the product does it: the short-selling lesson passed.
    const gate = buildLesson({ unlocks: "short-selling" });
    await seedCurriculum(db, [buildCourse({ lessons: [gate] })]);
    const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, gate.slug));
    await db.insert(lessonProgress).values({ userId: portfolio.userId, lessonId: lesson!.id, attempts: 1, passedAt: new Date() });
    const short = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "short", type: "market", quantity: 10 } });
    expect(short.rejection).toBeNull();
    const cover = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "cover", type: "trailing-stop", quantity: 10, trailPercent: "10", timeInForce: "gtc" } });
    expect(cover.order).toMatchObject({ stopPrice: "55.00", lowWaterMark: "50.00", highWaterMark: null });
    expect(await processPriceMove(db, instrument.symbol, m("50.00"), m("40.00"))).toMatchObject({ trailed: 1 });
    expect(await orderRow(cover.order.id)).toMatchObject({ waterMark: "40.00", stopPrice: "44.00" });
    expect(await processPriceMove(db, instrument.symbol, m("40.00"), m("44.10"))).toMatchObject({ filled: 1 });
    expect(await orderRow(cover.order.id)).toMatchObject({ status: "filled" });
    await expectIdentities(db, portfolio.id);
  });
});

describe("a dollar-amount limit buy", () => {
  it("is sized at its limit when it rests, holds back no more than the amount, and fills those shares when the price comes", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "80.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "limit", notional: "2500.00", limitPrice: "75.00", timeInForce: "gtc" } });
    expect(placed.rejection).toBeNull();
    expect(placed.order).toMatchObject({ status: "open", quantity: 33, notional: "2500.00", reservedCash: "2475.00" });
    expect(await processPriceMove(db, instrument.symbol, m("80.00"), m("74.00"))).toMatchObject({ filled: 1 });
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "filled", filledQuantity: 33, filledValue: "2475.00" });
    expect(await portfolioRow(db, portfolio.id)).toMatchObject({ cash: "97525.00", reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
  });
});
