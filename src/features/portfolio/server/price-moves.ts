/**
 * What a price move does to resting orders: find the open orders the move could trigger
 * with an indexed query (only those whose limit or stop the new price crosses), then run
 * each through the domain's matching in its own portfolio-locked transaction. Also day-order
 * expiry, the maintenance check after a move, and the test-only price setter.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, lt, ne, or, sql } from "drizzle-orm";
import { bucketStart } from "@/domain/market";
import { executeFill, expiredDayOrders, formatMoney, maintenanceCall, matchOrder, type Money, parseMoney, releaseCash, ZERO } from "@/domain/trading";
import type { Db } from "@/server/db";
import { candles, instruments, orders, positions } from "@/server/db/schema";
import { httpErrors } from "@/server/http/errors";
import { rulesFor } from "./orders";
import { $, bookFill, loadMarket, loadState, lockPortfolio, money, saveCash, specOf } from "./state";
import { notifyPortfolio } from "./notify";

export interface PriceMoveResult {
  /** Orders the indexed query returned (candidates). */
  candidates: number;
  filled: number;
  triggered: number;
  rejected: number;
  /** Portfolios whose shorts were covered by the maintenance check. */
  maintenance: number;
}

/** Open orders on `symbol` whose limit or stop the price `next` reaches. */
function crossedBy(symbol: string, next: Money) {
  const price = formatMoney(next);
  const paying = sql`${orders.side} in ('buy', 'cover')`;
  const receiving = sql`${orders.side} in ('sell', 'short')`;
  const restingLimit = or(eq(orders.type, "limit"), and(eq(orders.type, "stop-limit"), eq(orders.triggered, true)));
  const waitingStop = or(eq(orders.type, "stop"), and(eq(orders.type, "stop-limit"), eq(orders.triggered, false)));
  return and(
    eq(orders.status, "open"),
    eq(orders.symbol, symbol),
    or(
      and(restingLimit, or(and(paying, sql`${orders.limitPrice} >= ${price}`), and(receiving, sql`${orders.limitPrice} <= ${price}`))),
      and(waitingStop, or(and(paying, sql`${orders.stopPrice} <= ${price}`), and(receiving, sql`${orders.stopPrice} >= ${price}`))),
    ),
  );
}

export async function processPriceMove(db: Db, symbol: string, previous: Money, next: Money, now = new Date()): Promise<PriceMoveResult> {
  const result: PriceMoveResult = { candidates: 0, filled: 0, triggered: 0, rejected: 0, maintenance: 0 };
  const candidates = await db
    .select({ id: orders.id, portfolioId: orders.portfolioId })
    .from(orders)
    .where(crossedBy(symbol, next))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  result.candidates = candidates.length;
  for (const candidate of candidates) {
    const outcome = await executeResting(db, candidate, previous, next, now);
    if (outcome) {
      result[outcome] += 1;
      await notifyPortfolio(db, candidate.portfolioId);
    }
  }
  result.maintenance = await checkMaintenance(db, symbol, now);
  return result;
}

async function executeResting(db: Db, candidate: { id: string; portfolioId: string }, previous: Money, next: Money, now: Date): Promise<"filled" | "triggered" | "rejected" | null> {
  return db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, candidate.portfolioId);
    if (!portfolio) return null;
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, candidate.id), eq(orders.status, "open")));
    if (!row) return null; // cancelled or filled meanwhile
    const spec = specOf(row);
    const rules = await rulesFor(tx, portfolio, spec.side);
    const outcome = matchOrder(spec, { kind: "tick", previous, next }, rules.slippageBps);
    if (outcome.kind === "none") return null;
    if (outcome.kind === "triggered") {
      await tx.update(orders).set({ triggered: true, updatedAt: now }).where(eq(orders.id, row.id));
      return "triggered";
    }
    const market = await loadMarket(tx);
    market.prices.set(spec.symbol, next);
    const executed = executeFill(await loadState(tx, portfolio), { order: spec, reservedCash: money(row.reservedCash) }, outcome.fill, { now, ...market }, rules);
    if (!executed.ok) {
      await tx
        .update(orders)
        .set({ status: "rejected", rejectCode: executed.rejection.code, rejectMessage: executed.rejection.message, closedAt: now, updatedAt: now })
        .where(eq(orders.id, row.id));
      await saveCash(tx, portfolio.id, executed.state, now);
      return "rejected";
    }
    await bookFill(tx, { portfolioId: portfolio.id, orderId: row.id, fill: executed.fill, applied: executed.applied, state: executed.state, now });
    await tx.update(orders).set({ status: "filled", closedAt: now, updatedAt: now }).where(eq(orders.id, row.id));
    await saveCash(tx, portfolio.id, executed.state, now);
    return "filled";
  });
}

/**
 * Portfolios that hold `symbol` and have a short somewhere: the only ones whose equity this
 * move can push under the maintenance level. Each is checked under its lock.
 */
async function checkMaintenance(db: Db, symbol: string, now: Date): Promise<number> {
  const held = await db
    .selectDistinct({ portfolioId: positions.portfolioId })
    .from(positions)
    .where(
      and(
        eq(positions.symbol, symbol),
        ne(positions.quantity, 0),
        sql`exists (select 1 from "positions" as p2 where p2.portfolio_id = "positions"."portfolio_id" and p2.quantity < 0)`,
      ),
    );
  let covered = 0;
  for (const { portfolioId } of held) {
    const did = await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, portfolioId);
      if (!portfolio) return false;
      let state = await loadState(tx, portfolio);
      const market = await loadMarket(tx);
      const rules = await rulesFor(tx, portfolio, "cover");
      const call = maintenanceCall(state, market.prices, rules);
      if (!call) return false;
      for (const order of call.orders) {
        const outcome = matchOrder(order, { kind: "placement", last: market.prices.get(order.symbol)! }, rules.slippageBps);
        if (outcome.kind !== "fill") continue;
        const executed = executeFill(state, { order, reservedCash: ZERO }, outcome.fill, { now, ...market }, rules, { forced: true });
        if (!executed.ok) continue;
        state = executed.state;
        const id = randomUUID();
        await tx.insert(orders).values({
          id,
          portfolioId,
          symbol: order.symbol,
          side: order.side,
          type: "market",
          quantity: order.quantity,
          timeInForce: "day",
          status: "filled",
          // Not a rejection: the notice that tells the person why this order exists.
          rejectMessage: call.message,
          createdAt: now,
          updatedAt: now,
          closedAt: now,
        });
        await bookFill(tx, { portfolioId, orderId: id, fill: executed.fill, applied: executed.applied, state, now, reasonPrefix: "Maintenance:" });
      }
      await saveCash(tx, portfolioId, state, now);
      return true;
    });
    if (did) {
      covered += 1;
      await notifyPortfolio(db, portfolioId);
    }
  }
  return covered;
}

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Expires open day orders placed before today's 00:00 UTC, giving back their reservations. */
export async function expireDayOrders(db: Db, now = new Date()): Promise<number> {
  const candidates = await db
    .select({ id: orders.id, portfolioId: orders.portfolioId })
    .from(orders)
    .where(and(eq(orders.status, "open"), eq(orders.timeInForce, "day"), lt(orders.createdAt, startOfUtcDay(now))));
  let expired = 0;
  for (const candidate of candidates) {
    const done = await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, candidate.portfolioId);
      if (!portfolio) return false;
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, candidate.id), eq(orders.status, "open")));
      if (!row || expiredDayOrders([{ order: specOf(row), placedAt: row.createdAt }], now).length === 0) return false;
      const state = releaseCash(await loadState(tx, portfolio), money(row.reservedCash));
      await tx.update(orders).set({ status: "expired", closedAt: now, updatedAt: now }).where(eq(orders.id, row.id));
      await saveCash(tx, portfolio.id, state, now);
      return true;
    });
    if (done) {
      expired += 1;
      await notifyPortfolio(db, candidate.portfolioId);
    }
  }
  return expired;
}

/**
 * Test-only (TEST_PRICE_CONTROL): sets an instrument's price as if the market moved there —
 * last price, the minute and day candles, then resting orders and the maintenance check.
 */
export async function setPrice(db: Db, symbol: string, priceText: string, now = new Date()) {
  const next = parseMoney(priceText);
  if (next <= 0n) throw httpErrors.badRequest("The price must be positive.", { price: "The price must be positive." });
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(instruments).where(eq(instruments.symbol, symbol)).for("update");
    if (!row) throw httpErrors.notFound(`There is no instrument ${symbol}.`);
    const price = $(next);
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
    return money(row.lastPrice);
  });
  const moved = await processPriceMove(db, symbol, previous, next, now);
  return { symbol, previous: $(previous), price: $(next), ...moved };
}
