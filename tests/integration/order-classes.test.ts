/**
 * Bracket, OCO and OTO through the one engine on a real database (decision 065): exits wait
 * ("held") until the entry fills and are sized to what it filled; the first exit to fill
 * cancels the other (and the entry's rest) with the reason; cancelling the parent cancels its
 * unfilled legs; an entry that expires with nothing filled takes its exits with it; the
 * accounting identities hold after each step. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL (where the concurrent placements really race).
 */
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/domain/errors";
import { parseMoney } from "@/domain/trading";
import { seedCurriculum } from "@/features/learn/server/seed";
import { cancelOrder, expireDayOrders, listOrders, placeOrder, processPriceMove, processPriceMoves } from "@/features/trading";
import { fills, lessonProgress, lessons, orders, positions } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument, createPortfolio } from "../factories/trading";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const legsOf = (parentId: string) => database.db.select().from(orders).where(eq(orders.parentId, parentId)).orderBy(asc(orders.leg));

async function held(portfolioId: string, symbol: string) {
  const [row] = await database.db
    .select()
    .from(positions)
    .where(and(eq(positions.portfolioId, portfolioId), eq(positions.symbol, symbol)));
  return row?.quantity ?? 0;
}

const bracket = (symbol: string, extra: Record<string, unknown> = {}) => ({
  symbol,
  side: "buy",
  type: "market",
  quantity: 10,
  orderClass: "bracket",
  takeProfit: { limitPrice: "110.00" },
  stopLoss: { stopPrice: "95.00" },
  timeInForce: "gtc",
  ...extra,
});

describe("a bracket buy at market", () => {
  it("fills its entry at once, opens both exits for the shares, and the take-profit's fill cancels the stop-loss with the reason", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: bracket(instrument.symbol) });
    expect(placed.rejection).toBeNull();
    expect(placed.fill).toMatchObject({ quantity: 10, price: "100.05" });
    expect(placed.order).toMatchObject({ orderClass: "bracket", leg: "entry", parentId: null, status: "filled" });
    expect(placed.order.legs.map((l) => [l.leg, l.side, l.type, l.quantity, l.status, l.parentId, l.limitPrice, l.stopPrice])).toEqual([
      ["take-profit", "sell", "limit", 10, "open", placed.order.id, "110.00", null],
      ["stop-loss", "sell", "stop", 10, "open", placed.order.id, null, "95.00"],
    ]);
    await expectIdentities(db, portfolio.id);

    // Through the take-profit: it sells at its limit; the stop-loss is cancelled, saying why.
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("111.00"))).toMatchObject({ filled: 1 });
    const [stopLoss, takeProfit] = await legsOf(placed.order.id);
    expect(takeProfit).toMatchObject({ status: "filled", filledQuantity: 10, filledValue: "1100.00" });
    expect(stopLoss).toMatchObject({ status: "cancelled", rejectCode: null, rejectMessage: "The take-profit filled first: the stop-loss is cancelled." });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    // The list shows the parent with its legs, and each leg as an order of its own.
    const list = await listOrders(db, portfolio.id, { page: 1, pageSize: 20 });
    expect(list.total).toBe(3);
    const parent = list.items.find((o) => o.id === placed.order.id)!;
    expect(parent.legs.map((l) => [l.leg, l.status, l.reason])).toEqual([
      ["take-profit", "filled", null],
      ["stop-loss", "cancelled", "The take-profit filled first: the stop-loss is cancelled."],
    ]);
    // Down through the old stop: nothing is left to sell.
    expect(await processPriceMove(db, instrument.symbol, m("111.00"), m("90.00"))).toMatchObject({ candidates: 0 });
    await expectIdentities(db, portfolio.id);
  });
});

describe("a bracket with a limit entry", () => {
  it("holds its exits while the entry waits (no tick reads them), opens them when it fills, and the stop-loss closes the shares", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: bracket(instrument.symbol, { type: "limit", limitPrice: "98.00" }) });
    expect(placed.rejection).toBeNull();
    expect(placed.order).toMatchObject({ status: "open", reservedCash: "980.00" });
    expect(placed.order.legs.map((l) => [l.leg, l.status, l.quantity])).toEqual([
      ["take-profit", "held", 10],
      ["stop-loss", "held", 10],
    ]);
    // Up through the take-profit's price: only an exit would care, and it is held.
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("112.00"))).toMatchObject({ candidates: 0 });
    // Down through the entry's limit: it buys at 98.00, and the exits start to work.
    expect(await processPriceMove(db, instrument.symbol, m("112.00"), m("96.00"))).toMatchObject({ filled: 1 });
    expect((await legsOf(placed.order.id)).map((l) => [l.leg, l.status, l.quantity])).toEqual([
      ["stop-loss", "open", 10],
      ["take-profit", "open", 10],
    ]);
    await expectIdentities(db, portfolio.id);
    // Through the stop-loss: a market sell, 94.00 less 5 bps; the take-profit is cancelled.
    expect(await processPriceMove(db, instrument.symbol, m("96.00"), m("94.00"))).toMatchObject({ filled: 1 });
    const [stopLoss, takeProfit] = await legsOf(placed.order.id);
    expect(stopLoss).toMatchObject({ status: "filled", filledValue: "939.50" });
    expect(takeProfit).toMatchObject({ status: "cancelled", rejectMessage: "The stop-loss filled first: the take-profit is cancelled." });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    await expectIdentities(db, portfolio.id);
  });

  it("cancelling the entry cancels its held exits and gives back what it held; a day entry that expires unfilled takes its exits with it", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: bracket(instrument.symbol, { type: "limit", limitPrice: "98.00" }) });
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("980.00");
    const cancelled = await cancelOrder(db, { ...ids, orderId: placed.order.id });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.legs.map((l) => [l.leg, l.status, l.reason])).toEqual([
      ["take-profit", "cancelled", "Cancelled with its entry: the order it belongs to was cancelled."],
      ["stop-loss", "cancelled", "Cancelled with its entry: the order it belongs to was cancelled."],
    ]);
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("0.00");
    await expectIdentities(db, portfolio.id);

    const placedAt = new Date("2026-03-10T10:00:00.000Z");
    const day = await placeOrder(db, { ...ids, input: bracket(instrument.symbol, { type: "limit", limitPrice: "97.00", timeInForce: "day" }), now: placedAt });
    expect(day.order.legs.map((l) => [l.status, l.timeInForce])).toEqual([
      ["held", "day"],
      ["held", "day"],
    ]);
    expect(await expireDayOrders(db, new Date("2026-03-11T00:00:01.000Z"))).toBe(1);
    expect(await orderRow(day.order.id)).toMatchObject({ status: "expired" });
    expect((await legsOf(day.order.id)).map((l) => [l.status, l.rejectMessage])).toEqual([
      ["cancelled", "The entry was expired before any of it filled: nothing to close."],
      ["cancelled", "The entry was expired before any of it filled: nothing to close."],
    ]);
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("0.00");
    await expectIdentities(db, portfolio.id);
  });
});

describe("a bracket whose entry fills in parts", () => {
  it("sizes its exits to what filled, and the stop-loss's fill cancels the entry's rest and the take-profit", async () => {
    const db = database.db;
    // 100,000 shares a day: 20,000 works in parts at 10 % of each tick's volume.
    const instrument = await createInstrument(db, { lastPrice: "10.00", averageDailyVolume: 100_000 });
    const portfolio = await createPortfolio(db, { cash: "1000000.00" });
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, {
      ...ids,
      input: { ...bracket(instrument.symbol), quantity: 20_000, takeProfit: { limitPrice: "12.00" }, stopLoss: { stopPrice: "9.00" } },
    });
    expect(placed.rejection).toBeNull();
    expect(placed.fill).toBeNull();
    expect(placed.order.legs.map((l) => [l.status, l.quantity])).toEqual([
      ["held", 20_000],
      ["held", 20_000],
    ]);
    const t0 = new Date("2026-03-10T10:00:02.000Z");
    await processPriceMoves(db, [{ symbol: instrument.symbol, previous: m("10.00"), next: m("10.01"), volume: 3_000 }], t0);
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "open", filledQuantity: 300 });
    expect((await legsOf(placed.order.id)).map((l) => [l.leg, l.status, l.quantity])).toEqual([
      ["stop-loss", "open", 300],
      ["take-profit", "open", 300],
    ]);
    await expectIdentities(db, portfolio.id);

    await processPriceMoves(db, [{ symbol: instrument.symbol, previous: m("10.01"), next: m("8.90"), volume: 0 }], new Date(t0.getTime() + 2000));
    const entry = await orderRow(placed.order.id);
    expect(entry).toMatchObject({ status: "cancelled", filledQuantity: 300, reservedCash: "0.00", rejectMessage: "The stop-loss filled first: the rest of the entry is cancelled." });
    const [stopLoss, takeProfit] = await legsOf(placed.order.id);
    expect(stopLoss).toMatchObject({ status: "filled", filledQuantity: 300 });
    expect(takeProfit).toMatchObject({ status: "cancelled" });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("0.00");
    await expectIdentities(db, portfolio.id);
  });
});

describe("an OCO on shares held", () => {
  it("works both exits at once, promises the shares once, and the stop-loss's fill cancels the take-profit", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 12 } });
    const oco = await placeOrder(db, {
      ...ids,
      input: { symbol: instrument.symbol, side: "sell", type: "limit", quantity: 10, orderClass: "oco", takeProfit: { limitPrice: "110.00" }, stopLoss: { stopPrice: "95.00", limitPrice: "94.00" }, timeInForce: "gtc" },
    });
    expect(oco.rejection).toBeNull();
    expect(oco.order).toMatchObject({ orderClass: "oco", leg: "take-profit", type: "limit", limitPrice: "110.00", status: "open" });
    expect(oco.order.legs.map((l) => [l.leg, l.type, l.stopPrice, l.limitPrice, l.status])).toEqual([["stop-loss", "stop-limit", "95.00", "94.00", "open"]]);
    // 12 held, 10 promised once (not twice) to the OCO: 2 are free to sell, 3 are not.
    expect((await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "sell", type: "limit", limitPrice: "120.00", quantity: 3 } })).rejection).toMatchObject({
      code: "INSUFFICIENT_SHARES",
    });
    const free = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "sell", type: "limit", limitPrice: "120.00", quantity: 2 } });
    expect(free.rejection).toBeNull();
    await cancelOrder(db, { ...ids, orderId: free.order.id });

    // Through the stop (95.00): the stop-limit triggers and sells at no less than 94.00 (at once, or on the next move within the limit).
    await processPriceMove(db, instrument.symbol, m("100.00"), m("94.50"));
    await processPriceMove(db, instrument.symbol, m("94.50"), m("94.80"));
    const [stopLoss] = await legsOf(oco.order.id);
    expect(stopLoss).toMatchObject({ status: "filled", filledQuantity: 10 });
    expect(await orderRow(oco.order.id)).toMatchObject({ status: "cancelled", rejectMessage: "The stop-loss filled first: the take-profit is cancelled." });
    expect(await held(portfolio.id, instrument.symbol)).toBe(2);
    await expectIdentities(db, portfolio.id);
  });
});

describe("an OTO with a stop-loss", () => {
  it("opens its one exit for the shares the entry bought", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placed = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 5, orderClass: "oto", stopLoss: { stopPrice: "90.00" } } });
    expect(placed.order.legs.map((l) => [l.leg, l.status, l.quantity, l.timeInForce])).toEqual([["stop-loss", "open", 5, "day"]]);
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("89.00"))).toMatchObject({ filled: 1 });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    await expectIdentities(db, portfolio.id);
  });
});

describe("bad combinations", () => {
  it("are refused with a code and the field, and nothing is stored; exits the price has already passed are refused and recorded", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const refusal = (input: Record<string, unknown>) => placeOrder(db, { ...ids, input: input as never }).catch((e: unknown) => e);
    const crossed = await refusal(bracket(instrument.symbol, { takeProfit: { limitPrice: "90.00" }, stopLoss: { stopPrice: "95.00" } }));
    expect(crossed).toBeInstanceOf(DomainError);
    expect(crossed).toMatchObject({ code: "LEG_PRICES_CROSSED", fields: { "takeProfit.limitPrice": expect.stringMatching(/must be above stopLoss\.stopPrice \(95\.00\)/) } });
    expect(await refusal({ symbol: instrument.symbol, side: "buy", type: "market", quantity: 1, stopLoss: { stopPrice: "90.00" } })).toMatchObject({ code: "LEGS_NOT_APPLICABLE", fields: { stopLoss: expect.any(String) } });
    expect(await refusal({ ...bracket(instrument.symbol), side: "sell" })).toMatchObject({ code: "CLASS_SIDE_NOT_APPLICABLE", fields: { side: expect.any(String) } });
    expect(await refusal({ ...bracket(instrument.symbol), orderClass: "oto" })).toMatchObject({ code: "OTO_ONE_LEG" });
    expect((await listOrders(db, portfolio.id, { page: 1, pageSize: 20 })).total).toBe(0);

    // Valid in itself, but the take-profit is below the price now: it would sell at once.
    const passed = await placeOrder(db, { ...ids, input: bracket(instrument.symbol, { takeProfit: { limitPrice: "99.00" }, stopLoss: { stopPrice: "90.00" } }) });
    expect(passed.rejection).toMatchObject({ code: "LEG_PRICES_CROSSED", field: "takeProfit.limitPrice" });
    expect(passed.order).toMatchObject({ status: "rejected", orderClass: "bracket", legs: [] });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    await expectIdentities(db, portfolio.id);
  });
});

describe("many brackets at once", () => {
  it(`never overspends under 30 concurrent brackets${onPostgres ? " (really racing on PostgreSQL)" : ""}, and one move closes each exactly once`, async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db, { cash: "20000.00" });
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    // 25 × 100.05 = 2,501.25 each: 7 fit in 20,000.00.
    const answers = await Promise.all(Array.from({ length: 30 }, () => placeOrder(db, { ...ids, input: { ...bracket(instrument.symbol), quantity: 25 } })));
    const placed = answers.filter((a) => a.rejection === null);
    expect(placed).toHaveLength(7);
    expect(answers.filter((a) => a.rejection !== null).every((a) => a.rejection!.code === "INSUFFICIENT_FUNDS" && a.order.legs.length === 0)).toBe(true);
    expect(await held(portfolio.id, instrument.symbol)).toBe(175);
    await expectIdentities(db, portfolio.id);
    // Concurrently: the price through every take-profit, and cancels of three stop-losses.
    const stopLosses = placed.slice(0, 3).map((p) => p.order.legs.find((l) => l.leg === "stop-loss")!.id);
    await Promise.all([processPriceMove(db, instrument.symbol, m("100.00"), m("111.00")), ...stopLosses.map((orderId) => cancelOrder(db, { ...ids, orderId }).catch((e: unknown) => expect(e).toMatchObject({ code: "ORDER_NOT_OPEN" })))]);
    const legs = await db.select().from(orders).where(and(eq(orders.portfolioId, portfolio.id), eq(orders.leg, "take-profit")));
    expect(legs.filter((l) => l.status === "filled")).toHaveLength(7);
    const all = await db.select().from(orders).where(eq(orders.portfolioId, portfolio.id));
    expect(all.filter((o) => o.status === "open" || o.status === "held")).toEqual([]);
    const sold = (await db.select().from(fills).where(and(eq(fills.portfolioId, portfolio.id), eq(fills.side, "sell")))).reduce((n, f) => n + f.quantity, 0);
    expect(sold).toBe(175);
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    await expectIdentities(db, portfolio.id);
  });
});

// Last: a published lesson that gates the advanced types gates them for everyone in this database.
describe("the advanced-orders lesson gate", () => {
  it("refuses trailing stops and orders with legs until the lesson is passed, as shorts are gated; simple orders never ask", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const gate = buildLesson({ unlocks: "advanced-orders" });
    await seedCurriculum(db, [buildCourse({ lessons: [gate] })]);
    const locked = await placeOrder(db, { ...ids, input: bracket(instrument.symbol) });
    expect(locked.rejection).toMatchObject({ code: "ADVANCED_ORDERS_LOCKED", field: "orderClass" });
    expect(locked.order).toMatchObject({ status: "rejected", legs: [] });
    expect(await held(portfolio.id, instrument.symbol)).toBe(0);
    const trailing = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "trailing-stop", quantity: 1, trailPercent: "5" } });
    expect(trailing.rejection).toMatchObject({ code: "ADVANCED_ORDERS_LOCKED", field: "type" });
    expect((await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } })).rejection).toBeNull();

    const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, gate.slug));
    await db.insert(lessonProgress).values({ userId: portfolio.userId, lessonId: lesson!.id, attempts: 1, passedAt: new Date() });
    const unlocked = await placeOrder(db, { ...ids, input: bracket(instrument.symbol) });
    expect(unlocked.rejection).toBeNull();
    expect(unlocked.order.legs).toHaveLength(2);
    await expectIdentities(db, portfolio.id);
  });
});
