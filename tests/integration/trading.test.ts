/** The trading engine on a real database: locks, idempotency, resting orders, expiry, rejections. */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { parseMoney } from "@/domain/trading";
import { seedCurriculum } from "@/features/learn/server/seed";
import { portfolioSummary } from "@/features/portfolio";
import { cancelOrder, expireDayOrders, getOrCreatePracticePortfolio, listFills, listOrders, placeOrder, processPriceMove } from "@/features/trading";
import { getHub, portfolioTopic } from "@/server/realtime/hub";
import { fills, ledgerEntries, lessonProgress, lessons, orders, portfolios, positions, users } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";
import { buildCourse, buildLesson } from "../factories/learn";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const m = parseMoney;

const buy = (symbol: string, quantity: number, extra: Record<string, string> = {}) => ({ symbol, side: "buy", type: "market", quantity, ...extra });

describe("the practice portfolio", () => {
  it("is created once under 10 concurrent first visits, with 100,000.00", async () => {
    const db = database.db;
    const user = await createTestUser(db);
    const created = await Promise.all(Array.from({ length: 10 }, () => getOrCreatePracticePortfolio(db, user.id)));
    expect(new Set(created.map((p) => p.id)).size).toBe(1);
    const rows = await db.select().from(portfolios).where(eq(portfolios.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cash).toBe("100000.00");
    await expectIdentities(db, rows[0]!.id);
  });
});

describe("placing orders", () => {
  it(`never overspends under 50 concurrent market buys${onPostgres ? " (really racing on PostgreSQL)" : ""}`, async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    // 25 × 100.05 = 2,501.25 each: 39 fit in 100,000.00, the 40th does not.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 25) })),
    );
    const filled = answers.filter((a) => a.rejection === null);
    const refused = answers.filter((a) => a.rejection !== null);
    expect(filled).toHaveLength(39);
    expect(refused).toHaveLength(11);
    for (const r of refused) expect(r.rejection!.code).toBe("INSUFFICIENT_FUNDS");
    const p = await portfolioRow(db, portfolio.id);
    expect(p.cash).toBe("2451.25");
    const [position] = await db.select().from(positions).where(eq(positions.portfolioId, portfolio.id));
    expect(position!.quantity).toBe(39 * 25);
    await expectIdentities(db, portfolio.id);
  });

  it("answers a replayed Idempotency-Key with the first answer, and refuses the key for another body", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const args = { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 3), idempotencyKey: "key-1" };
    const [first, second] = await Promise.all([placeOrder(db, args), placeOrder(db, args)]);
    const third = await placeOrder(db, args);
    expect(first.rejection).toBeNull();
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect((await listFills(db, portfolio.id, { page: 1, pageSize: 20 })).total).toBe(1);
    const reused = await placeOrder(db, { ...args, input: buy(instrument.symbol, 4) }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(DomainError);
    expect(reused).toMatchObject({ kind: "refused", code: "IDEMPOTENCY_KEY_REUSED" });
    // Keys are scoped to the portfolio: another portfolio may use the same key.
    const other = await createPortfolio(db);
    expect((await placeOrder(db, { ...args, userId: other.userId, portfolioId: other.id })).rejection).toBeNull();
    await expectIdentities(db, portfolio.id);
  });

  it("stores a rejected order in the history with its code and message", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const answer = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 10_000) });
    expect(answer.rejection).not.toBeNull();
    expect(answer.rejection!.code).toBe("INSUFFICIENT_FUNDS");
    expect(answer.order.status).toBe("rejected");
    const history = await listOrders(db, portfolio.id, { status: "rejected", page: 1, pageSize: 20 });
    expect(history.items).toEqual([expect.objectContaining({ id: answer.order.id, rejection: { code: "INSUFFICIENT_FUNDS", message: answer.rejection!.message } })]);
    expect((await portfolioRow(db, portfolio.id)).cash).toBe("100000.00");
  });

  it("refuses an order for someone else's portfolio with 404", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const stranger = await createTestUser(db);
    await expect(placeOrder(db, { userId: stranger.id, portfolioId: portfolio.id, input: buy(instrument.symbol, 1) })).rejects.toMatchObject({ kind: "not-found" });
  });
});

describe("resting orders", () => {
  it("fills a limit buy when a price move crosses it, at its limit (honest limits, decision 056), and not before", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const placed = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 10, { type: "limit", limitPrice: "95.00" }) });
    expect(placed.rejection).toBeNull();
    const orderId = placed.order.id;
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("950.00");

    const missed = await processPriceMove(db, instrument.symbol, m("100.00"), m("96.00"));
    expect(missed).toMatchObject({ candidates: 0, filled: 0 });
    const hit = await processPriceMove(db, instrument.symbol, m("96.00"), m("94.50"));
    expect(hit).toMatchObject({ candidates: 1, filled: 1 });
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("filled");
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, orderId));
    // An ordinary move through the limit fills at the limit; only a jump would give the better 94.50.
    expect(fill!.price).toBe("95.00");
    const p = await portfolioRow(db, portfolio.id);
    expect(p).toMatchObject({ cash: "99050.00", reservedCash: "0.00" });
    await expectIdentities(db, portfolio.id);
  });

  it("cancels an open order once, giving its reservation back; the second cancel is 409", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const placed = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 10, { type: "limit", limitPrice: "50.00", timeInForce: "gtc" }) });
    const orderId = placed.order.id;
    const cancelled = await cancelOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, orderId });
    expect(cancelled.status).toBe("cancelled");
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("0.00");
    await expect(cancelOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, orderId })).rejects.toMatchObject({ kind: "conflict", code: "ORDER_NOT_OPEN" });
    // A cancelled order no longer fills.
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("40.00"))).toMatchObject({ candidates: 0, filled: 0 });
  });

  it("fills a sell stop that the price gaps through at the new, worse price with slippage", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    expect((await placeOrder(db, { ...ids, input: buy(instrument.symbol, 10) })).rejection).toBeNull();
    const stop = await placeOrder(db, { ...ids, input: { symbol: instrument.symbol, side: "sell", type: "stop", quantity: 10, stopPrice: "90.00" } });
    expect(stop.rejection).toBeNull();
    expect(await processPriceMove(db, instrument.symbol, m("100.00"), m("91.00"))).toMatchObject({ filled: 0 });
    expect(await processPriceMove(db, instrument.symbol, m("91.00"), m("85.00"))).toMatchObject({ candidates: 1, filled: 1 });
    const stopId = stop.order.id;
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, stopId));
    // 85.00 less 5 bps, rounded down against the seller.
    expect(fill!.price).toBe("84.95");
    expect(fill!.reason).toMatch(/gapped/);
    const [position] = await db.select().from(positions).where(eq(positions.portfolioId, portfolio.id));
    expect(position!.quantity).toBe(0);
    await expectIdentities(db, portfolio.id);
  });

  it("expires day orders at 24:00 UTC of their day and keeps GTC orders", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const placedAt = new Date("2026-01-05T10:00:00Z");
    const day = await placeOrder(db, { ...ids, now: placedAt, input: buy(instrument.symbol, 10, { type: "limit", limitPrice: "50.00", timeInForce: "day" }) });
    const gtc = await placeOrder(db, { ...ids, now: placedAt, input: buy(instrument.symbol, 10, { type: "limit", limitPrice: "40.00", timeInForce: "gtc" }) });
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("900.00");
    expect(await expireDayOrders(db, new Date("2026-01-05T23:59:59.999Z"))).toBe(0);
    expect(await expireDayOrders(db, new Date("2026-01-06T00:00:00Z"))).toBe(1);
    const statuses = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.portfolioId, portfolio.id));
    const byId = Object.fromEntries(statuses.map((s) => [s.id, s.status]));
    expect(byId[day.order.id]).toBe("expired");
    expect(byId[gtc.order.id]).toBe("open");
    expect((await portfolioRow(db, portfolio.id)).reservedCash).toBe("400.00");
    await expectIdentities(db, portfolio.id);
  });
});

describe("short selling", () => {
  it("is SHORTING_LOCKED until the short-selling lesson is passed", async () => {
    const db = database.db;
    const gate = buildLesson({ unlocks: "short-selling" });
    await seedCurriculum(db, [buildCourse({ lessons: [gate] })]);
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const ids = { userId: portfolio.userId, portfolioId: portfolio.id };
    const short = { symbol: instrument.symbol, side: "short", type: "market", quantity: 10 };
    const locked = await placeOrder(db, { ...ids, input: short });
    expect(locked.rejection).not.toBeNull();
    expect(locked.rejection!.code).toBe("SHORTING_LOCKED");

    const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, gate.slug));
    await db.insert(lessonProgress).values({ userId: portfolio.userId, lessonId: lesson!.id, attempts: 1, passedAt: new Date() });
    const unlocked = await placeOrder(db, { ...ids, input: short });
    expect(unlocked.rejection).toBeNull();
    const summary = await portfolioSummary(db, await portfolioRow(db, portfolio.id));
    expect(summary.positions).toEqual([expect.objectContaining({ symbol: instrument.symbol, quantity: -10 })]);
    // Proceeds of 10 × 99.95 are cash; equity = cash − |short value| at the last price.
    expect(summary).toMatchObject({ cash: "100999.50", shortMarketValue: "1000.00", equity: "99999.50" });
    await expectIdentities(db, portfolio.id);
  });
});

describe("live updates", () => {
  it("tells the portfolio's open pages what changed when an order is placed, filled by a price move, or cancelled", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(db);
    const events: Array<{ id: number; topic: string; type: string; data: unknown }> = [];
    const unsubscribe = getHub().subscribe(portfolioTopic(portfolio.id), (event) => events.push(event));
    // Delivered after commit, read back by the hub (docs/decisions/078).
    const delivered = (n: number) => vi.waitFor(() => expect(events).toHaveLength(n), { timeout: 5000 });
    try {
      const placed = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(instrument.symbol, 1) });
      await delivered(1);
      // The message carries the change itself: the page applies it without asking again.
      expect(events).toEqual([{ id: expect.any(Number), topic: portfolioTopic(portfolio.id), type: "portfolio", data: { portfolioId: portfolio.id, orders: [placed.order], fills: [placed.fill] } }]);
      const resting = await placeOrder(db, {
        userId: portfolio.userId,
        portfolioId: portfolio.id,
        input: buy(instrument.symbol, 1, { type: "limit", limitPrice: "45.00" }),
      });
      const orderId = resting.order.id;
      await processPriceMove(db, instrument.symbol, m("50.00"), m("44.00"));
      await delivered(3);
      // The fill of the resting limit: the order as it is now (filled) and its fill at its limit (crossed, not a jump).
      expect(events[2]!.data).toMatchObject({ orders: [{ id: orderId, status: "filled", filledQuantity: 1 }], fills: [{ orderId, price: "45.00", referencePrice: "45.00" }] });
      const another = await placeOrder(db, {
        userId: portfolio.userId,
        portfolioId: portfolio.id,
        input: buy(instrument.symbol, 1, { type: "limit", limitPrice: "30.00" }),
      });
      await cancelOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, orderId: another.order.id });
      await delivered(5);
      expect(events[4]!.data).toMatchObject({ orders: [{ id: another.order.id, status: "cancelled" }], fills: [] });
      // In the one order of events, each once.
      const ids = events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(5);
      expect(orderId).toBeTruthy();
    } finally {
      unsubscribe();
    }
  });
});

describe("what goes with a deleted row (decision 088: per-statement triggers, not per-row keys)", () => {
  /** A person who bought and sold (two fills, their ledger lines) and has an order resting. */
  async function trader(db: typeof database.db, symbol: string) {
    const portfolio = await createPortfolio(db);
    await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(symbol, 10) });
    await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol, side: "sell", type: "market", quantity: 4 } });
    await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: buy(symbol, 1, { type: "limit", limitPrice: "1.00" }) });
    return portfolio;
  }
  const rowsOf = async (db: typeof database.db, portfolioId: string) => ({
    orders: (await db.select().from(orders).where(eq(orders.portfolioId, portfolioId))).length,
    fills: (await db.select().from(fills).where(eq(fills.portfolioId, portfolioId))).length,
    ledger: (await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolioId))).length,
  });

  it("a deleted account takes its orders, fills and ledger lines with it, and nobody else's", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00" });
    const leaving = await trader(db, instrument.symbol);
    const staying = await trader(db, instrument.symbol);
    // The deposit and the two trades' lines (no commission in the test market).
    expect(await rowsOf(db, leaving.id)).toEqual({ orders: 3, fills: 2, ledger: 3 });
    await db.delete(users).where(eq(users.id, leaving.userId));
    expect(await rowsOf(db, leaving.id)).toEqual({ orders: 0, fills: 0, ledger: 0 });
    expect(await rowsOf(db, staying.id)).toEqual({ orders: 3, fills: 2, ledger: 3 });
    await expectIdentities(db, staying.id);
  });

  it("a deleted order takes its fills, whose ledger lines stay without them (the cash they moved is still the portfolio's)", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00" });
    const portfolio = await trader(db, instrument.symbol);
    const other = await trader(db, instrument.symbol);
    const [bought] = await db.select().from(fills).where(eq(fills.portfolioId, portfolio.id)).orderBy(fills.createdAt);
    await db.delete(orders).where(eq(orders.id, bought!.orderId));
    expect(await db.select().from(fills).where(eq(fills.orderId, bought!.orderId))).toEqual([]);
    const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.portfolioId, portfolio.id));
    expect(lines).toHaveLength(3);
    expect(lines.filter((l) => l.orderId === bought!.orderId).map((l) => l.fillId)).toEqual([null]);
    expect(lines.filter((l) => l.fillId !== null)).toHaveLength(1);
    expect(await rowsOf(db, other.id)).toEqual({ orders: 3, fills: 2, ledger: 3 });
    await expectIdentities(db, other.id);
  });
});
