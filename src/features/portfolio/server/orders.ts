/**
 * Placing, cancelling and listing orders. Each change is ONE transaction that locks the
 * portfolio row first, so concurrent requests on a portfolio queue up and can never
 * overspend or oversell; the trading rules are the domain's (validateOrder, checkOrder,
 * matchOrder, executeFill), never re-implemented here.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { eventContextOf, eventTradingRules } from "@/features/events/server/rows";
import { eventReplayOf } from "@/features/events/server/replay-source";
import { isFeatureUnlocked } from "@/features/learn/server/learning";
import {
  checkOrder,
  executeFill,
  type Fill,
  matchOrder,
  type OrderInput,
  type OrderSpec,
  practiceRules,
  type Rejection,
  releaseCash,
  reservationFor,
  reserveCash,
  type Side,
  type TradingRules,
  validateOrder,
  ZERO,
} from "@/domain/trading";
import type { Db, Tx } from "@/server/db";
import { fills, orders } from "@/server/db/schema";
import { failures } from "@/domain/errors";
import { priceSourceFor } from "./pricing";
import { $, bookFill, type FillRow, loadState, lockPortfolio, money, type OrderRow, type PortfolioRow, saveCash, specOf } from "./state";
import { notifyPortfolio } from "./notify";

/** Idempotency keys are answered from memory for this long (PRODUCT.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function serializeOrder(row: OrderRow) {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    limitPrice: row.limitPrice,
    stopPrice: row.stopPrice,
    timeInForce: row.timeInForce,
    status: row.status,
    triggered: row.triggered,
    reservedCash: row.reservedCash,
    rejection: row.rejectCode ? { code: row.rejectCode, message: row.rejectMessage ?? "" } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

export function serializeFill(row: FillRow) {
  return {
    id: row.id,
    orderId: row.orderId,
    portfolioId: row.portfolioId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    commission: row.commission,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The rules a portfolio trades under: practice uses the defaults; an event portfolio its
 * event's (src/domain/events tradingRulesFor: window, instruments, shorting, limit, commission).
 */
export async function rulesFor(tx: Tx, portfolio: PortfolioRow, side: Side): Promise<TradingRules> {
  // Only a short needs the lesson check: skip the query for everything else.
  const shortingUnlocked = side === "short" ? await isFeatureUnlocked(tx, portfolio.userId, "short-selling") : true;
  if (portfolio.kind === "event") {
    const context = await eventContextOf(tx, portfolio);
    if (!context) throw failures.notFound("There is no such portfolio.");
    const replay = await eventReplayOf(tx, context.event);
    return eventTradingRules(context.event, shortingUnlocked, replay?.symbols);
  }
  return practiceRules({ shortingUnlocked });
}

/** A participant an organiser removed keeps their history but can no longer trade. */
async function assertMayTrade(tx: Tx, portfolio: PortfolioRow): Promise<void> {
  if (portfolio.kind !== "event") return;
  const context = await eventContextOf(tx, portfolio);
  if (!context?.participant || context.participant.removedAt !== null) {
    throw failures.refused("PARTICIPANT_REMOVED", "You were removed from this event by its organiser, so this portfolio can no longer trade.");
  }
}

/**
 * Cancels the open orders of a locked portfolio (all, or those on `symbol`), giving back their
 * reservations: what cancelOrder does one at a time, for an event's end, a removed
 * participant and a withdrawn instrument. `reason` is written on each order for its history.
 * The caller holds the portfolio's lock in its own transaction.
 */
export async function cancelOpenOrdersLocked(tx: Tx, portfolio: PortfolioRow, now: Date, options: { symbol?: string; reason?: string } = {}): Promise<number> {
  const open = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.portfolioId, portfolio.id), eq(orders.status, "open"), options.symbol === undefined ? undefined : eq(orders.symbol, options.symbol)));
  if (open.length === 0) return 0;
  let state = await loadState(tx, portfolio);
  for (const order of open) {
    state = releaseCash(state, money(order.reservedCash));
    await tx
      .update(orders)
      .set({ status: "cancelled", closedAt: now, updatedAt: now, ...(options.reason ? { rejectMessage: options.reason } : {}) })
      .where(eq(orders.id, order.id));
  }
  await saveCash(tx, portfolio.id, state, now);
  await notifyPortfolio(tx, portfolio.id);
  return open.length;
}

export interface PlaceOrderArgs {
  userId: string;
  portfolioId: string;
  input: OrderInput;
  idempotencyKey?: string;
  now?: Date;
}

export interface OrderAnswer {
  status: number;
  body: unknown;
}

function requestHash(input: OrderInput): string {
  const canonical = {
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    quantity: input.quantity,
    limitPrice: input.limitPrice ?? null,
    stopPrice: input.stopPrice ?? null,
    timeInForce: input.timeInForce ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

export async function placeOrder(db: Db, args: PlaceOrderArgs): Promise<OrderAnswer> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, args.portfolioId);
    if (!portfolio || portfolio.userId !== args.userId) throw failures.notFound("There is no such portfolio.");
    await assertMayTrade(tx, portfolio);

    const hash = args.idempotencyKey === undefined ? null : requestHash(args.input);
    if (args.idempotencyKey !== undefined) {
      const [previous] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.portfolioId, portfolio.id), eq(orders.idempotencyKey, args.idempotencyKey)));
      if (previous && now.getTime() - previous.createdAt.getTime() < IDEMPOTENCY_TTL_MS) {
        if (previous.requestHash !== hash) {
          throw failures.refused("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different order in the last 24 hours. Use a new key for a new order.");
        }
        if (previous.response) return previous.response as OrderAnswer;
      } else if (previous) {
        // Older than 24 hours: the key is free again.
        await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, previous.id));
      }
    }

    const validation = validateOrder(args.input);
    // Input that is not an order at all is refused without a trace in the history.
    if (!validation.ok) throw failures.refused(validation.rejection.code, validation.rejection.message);
    const spec = validation.order;

    let state = await loadState(tx, portfolio);
    // A replay event's portfolio trades at its replay's price now; everyone else at the practice market's.
    const source = await priceSourceFor(tx, portfolio);
    const market = await source.market(tx, now);
    const rules = await rulesFor(tx, portfolio, spec.side);
    const openRows = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.portfolioId, portfolio.id), eq(orders.status, "open")));
    const context = { now, prices: market.prices, inactiveSymbols: market.inactiveSymbols, untradableSymbols: market.untradableSymbols };

    const row: OrderRow = {
      id: randomUUID(),
      portfolioId: portfolio.id,
      symbol: spec.symbol,
      side: spec.side,
      type: spec.type,
      quantity: spec.quantity,
      limitPrice: spec.type === "limit" || spec.type === "stop-limit" ? $(spec.limitPrice) : null,
      stopPrice: spec.type === "stop" || spec.type === "stop-limit" ? $(spec.stopPrice) : null,
      timeInForce: spec.timeInForce,
      status: "open",
      rejectCode: null,
      rejectMessage: null,
      reservedCash: "0.00",
      triggered: false,
      replay: source.kind === "replay",
      idempotencyKey: args.idempotencyKey ?? null,
      requestHash: hash,
      response: null,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    };
    let fill: Fill | null = null;
    let applied: Parameters<typeof bookFill>[1]["applied"] | null = null;
    let refused: Rejection | null = null;

    const check = checkOrder(state, spec, { ...context, openOrders: openRows.map((o) => ({ order: specOf(o) })) }, rules);
    if (!check.ok) refused = check.rejection;
    else {
      const outcome = matchOrder(spec, { kind: "placement", last: market.prices.get(spec.symbol)! }, rules.slippageBps);
      if (outcome.kind === "fill") {
        const executed = executeFill(state, { order: spec, reservedCash: ZERO }, outcome.fill, context, rules);
        state = executed.state;
        if (executed.ok) {
          fill = executed.fill;
          applied = executed.applied;
        } else refused = executed.rejection;
      } else {
        const resting: OrderSpec = outcome.kind === "triggered" ? outcome.order : spec;
        const reservation = reservationFor(resting, rules);
        state = reserveCash(state, reservation);
        row.reservedCash = $(reservation);
        row.triggered = outcome.kind === "triggered";
      }
    }

    if (refused) Object.assign(row, { status: "rejected", rejectCode: refused.code, rejectMessage: refused.message, closedAt: now, reservedCash: "0.00" });
    else if (fill) Object.assign(row, { status: "filled", closedAt: now });

    const answer: OrderAnswer = refused
      ? { status: 422, body: { error: { code: refused.code, message: refused.message }, order: serializeOrder(row) } }
      : { status: 201, body: { order: serializeOrder(row), fill: null } };
    await tx.insert(orders).values({ ...row, response: null });
    if (fill && applied) {
      const fillRow = await bookFill(tx, { portfolioId: portfolio.id, orderId: row.id, fill, applied, state, now });
      answer.body = { order: serializeOrder(row), fill: serializeFill(fillRow) };
    }
    if (!refused) await saveCash(tx, portfolio.id, state, now);
    if (args.idempotencyKey !== undefined) await tx.update(orders).set({ response: answer }).where(eq(orders.id, row.id));
    await notifyPortfolio(tx, portfolio.id);
    return answer;
  });
}

export async function cancelOrder(db: Db, args: { userId: string; portfolioId: string; orderId: string; now?: Date }) {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, args.portfolioId);
    if (!portfolio || portfolio.userId !== args.userId) throw failures.notFound("There is no such portfolio.");
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, args.orderId), eq(orders.portfolioId, portfolio.id)));
    if (!order) throw failures.notFound("There is no such order.");
    if (order.status !== "open") throw failures.conflict("ORDER_NOT_OPEN", `This order is already ${order.status}: only open orders can be cancelled.`);
    const state = releaseCash(await loadState(tx, portfolio), money(order.reservedCash));
    const [updated] = await tx.update(orders).set({ status: "cancelled", closedAt: now, updatedAt: now }).where(eq(orders.id, order.id)).returning();
    await saveCash(tx, portfolio.id, state, now);
    await notifyPortfolio(tx, portfolio.id);
    return serializeOrder(updated!);
  });
}

export async function listOrders(db: Db, portfolioId: string, options: { status?: OrderRow["status"]; page: number; pageSize: number }) {
  const where = and(eq(orders.portfolioId, portfolioId), options.status ? eq(orders.status, options.status) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map(serializeOrder), page: options.page, pageSize: options.pageSize, total };
}

export async function listFills(db: Db, portfolioId: string, options: { page: number; pageSize: number }) {
  const where = eq(fills.portfolioId, portfolioId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(fills).where(where);
  const rows = await db
    .select()
    .from(fills)
    .where(where)
    .orderBy(desc(fills.createdAt), desc(fills.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map(serializeFill), page: options.page, pageSize: options.pageSize, total };
}

