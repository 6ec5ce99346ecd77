/** Reading a portfolio's orders and fills: pages of the API, and the CSV of its history. */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { classmateName } from "@/domain/classes";
import { csvOf } from "@/lib/csv";
import type { Db, DbOrTx } from "@/server/db";
import { anyOf } from "@/server/db/lists";
import type { PortfolioRef } from "@/server/realtime/hub";
import type { PortfolioChange } from "@/lib/live-messages";
import { fills, ledgerEntries, orders, portfolios, users } from "@/server/db/schema";
import { averagePriceOf, type FillRow, type OrderRow, serializeFill, serializeOrder, serializeWithLegs, storedOrderColumns } from "./rows";

/**
 * A portfolio's orders, newest first. A team's portfolio (`team`) names who placed each
 * order (`placedBy`: first name + initial, as classmates see each other; decision 042).
 */
export async function listOrders(db: DbOrTx, portfolioId: string, options: { status?: OrderRow["status"] | "partially_filled"; page: number; pageSize: number; team?: boolean }) {
  // "open" lists every working order (partly filled ones too); "partially_filled" only those with a part filled.
  const byStatus = options.status === "partially_filled" ? and(eq(orders.status, "open"), sql`${orders.filledQuantity} > 0`) : options.status ? eq(orders.status, options.status) : undefined;
  const where = and(eq(orders.portfolioId, portfolioId), byStatus);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  // A parent carries its legs (decision 065); the legs are orders of their own in the list too.
  const parents = rows.filter((r) => r.orderClass !== "simple" && r.parentId === null).map((r) => r.id);
  const legRows = parents.length === 0 ? [] : await db.select().from(orders).where(inArray(orders.parentId, parents)).orderBy(asc(orders.createdAt), asc(orders.id));
  const serialize = (r: OrderRow) => (r.orderClass !== "simple" && r.parentId === null ? serializeWithLegs(r, legRows.filter((l) => l.parentId === r.id)) : serializeOrder(r));
  if (!options.team) return { items: rows.map(serialize), page: options.page, pageSize: options.pageSize, total };
  const ids = [...new Set(rows.flatMap((r) => (r.placedBy ? [r.placedBy] : [])))];
  const names = new Map(ids.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, classmateName(u.name ?? "")]) : []);
  const items = rows.map((r) => ({ ...serialize(r), placedBy: r.placedBy ? (names.get(r.placedBy) ?? null) : null }));
  return { items, page: options.page, pageSize: options.pageSize, total };
}

export async function listFills(db: DbOrTx, portfolioId: string, options: { page: number; pageSize: number }) {
  const where = eq(fills.portfolioId, portfolioId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(fills).where(where);
  const rows = await db
    .select()
    .from(fills)
    .where(where)
    .orderBy(desc(fills.createdAt), desc(fills.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: await withReversals(db, rows), page: options.page, pageSize: options.pageSize, total };
}

/**
 * The changes the trading writer stored by reference (docs/decisions/087), as a stream is sent
 * them: each portfolio's orders as they are now (a later change may have moved them on; the next
 * message says so too) and its fills, in the reference's order. Two reads for all of them.
 */
export async function portfolioChanges(db: DbOrTx, refs: readonly PortfolioRef[]): Promise<PortfolioChange[]> {
  const orderIds = [...new Set(refs.flatMap((r) => r.orders))];
  const fillIds = [...new Set(refs.flatMap((r) => r.fills))];
  const orderRows = orderIds.length === 0 ? [] : await db.select(storedOrderColumns).from(orders).where(anyOf(orders.id, orderIds));
  const fillRows = fillIds.length === 0 ? [] : await db.select().from(fills).where(anyOf(fills.id, fillIds));
  const orderById = new Map(orderRows.map((r) => [r.id, serializeOrder(r)]));
  const fillById = new Map(fillRows.map((r) => [r.id, serializeFill(r)]));
  return refs.map((r) => ({
    portfolioId: r.portfolioId,
    orders: r.orders.flatMap((id) => orderById.get(id) ?? []),
    fills: r.fills.flatMap((id) => fillById.get(id) ?? []),
  }));
}

/** A portfolio's fills from `since` on (a day's change counts them, domain `positionDayChange`), oldest first. */
export async function fillsSince(db: DbOrTx, portfolioId: string, since: Date) {
  return db
    .select({ symbol: fills.symbol, side: fills.side, quantity: fills.quantity, price: fills.price, commission: fills.commission })
    .from(fills)
    .where(and(eq(fills.portfolioId, portfolioId), sql`${fills.createdAt} >= ${since.toISOString()}::timestamptz`))
    .orderBy(asc(fills.createdAt), asc(fills.id));
}

/** The fills as the API shows them, each original marked with the compensating fill that reversed it (docs/decisions/041-corrections.md). */
async function withReversals(db: DbOrTx, rows: FillRow[]) {
  const ids = rows.filter((r) => r.reversalOf === null).map((r) => r.id);
  const reversals = ids.length === 0 ? [] : await db.select({ id: fills.id, reversalOf: fills.reversalOf }).from(fills).where(inArray(fills.reversalOf, ids));
  const by = new Map(reversals.map((r) => [r.reversalOf!, r.id]));
  return rows.map((r) => ({ ...serializeFill(r), reversedBy: by.get(r.id) ?? null }));
}

/**
 * One row per order and per fill. Every order type and class is in it (issue #22): the trail, a
 * dollar amount, what filled and at what average, the group (`order_class`, `leg`, `parent_id`);
 * a fill's reference price and impact. The journal note stays the last column (decision 040).
 */
const HEADER = [
  "record", "id", "order_id", "time", "symbol", "side", "type", "quantity", "limit_price", "stop_price", "trail_percent", "trail_amount", "notional",
  "time_in_force", "order_class", "leg", "parent_id", "status", "filled_quantity", "average_price", "reject_code", "message",
  "price", "reference_price", "impact_bps", "commission", "reason", "reversal_of", "note",
];

/** Orders and fills of a portfolio as one CSV; an order's journal note is its last column (docs/decisions/040). */
export async function portfolioCsv(db: Db, portfolioId: string): Promise<string> {
  const orderRows = await db.select().from(orders).where(eq(orders.portfolioId, portfolioId)).orderBy(asc(orders.createdAt), asc(orders.id));
  const fillRows = await db.select().from(fills).where(eq(fills.portfolioId, portfolioId)).orderBy(asc(fills.createdAt), asc(fills.id));
  const lines: Array<Array<string | number | null>> = [HEADER];
  for (const o of orderRows) {
    lines.push([
      "order", o.id, null, o.createdAt.toISOString(), o.symbol, o.side, o.type, o.quantity, o.limitPrice, o.stopPrice, o.trailPercent, o.trailAmount, o.notional,
      o.timeInForce, o.orderClass, o.leg, o.parentId, o.status, o.filledQuantity, averagePriceOf(o), o.rejectCode, o.rejectMessage,
      null, null, null, null, null, null, o.note,
    ]);
  }
  for (const f of fillRows) {
    lines.push([
      "fill", f.id, f.orderId, f.createdAt.toISOString(), f.symbol, f.side, null, f.quantity, null, null, null, null, null,
      null, null, null, null, null, null, null, null, null,
      f.price, f.referencePrice, f.impactBps, f.commission, f.reason, f.reversalOf, null,
    ]);
  }
  return csvOf(lines);
}

/** The orders the system placed for the person (maintenance covers, a margin call's forced sales) since `since`: each carries the reason as its message. */
export async function systemNotices(db: DbOrTx, portfolioId: string, since: Date) {
  const rows = await db
    .select({ id: orders.id, symbol: orders.symbol, side: orders.side, quantity: orders.quantity, message: orders.rejectMessage, at: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.portfolioId, portfolioId), eq(orders.status, "filled"), sql`${orders.rejectMessage} is not null`, sql`${orders.createdAt} >= ${since.toISOString()}::timestamptz`))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return rows.map((r) => ({ id: r.id, symbol: r.symbol, side: r.side, quantity: r.quantity, message: r.message!, at: r.at.toISOString() }));
}

/** The interest and borrow-fee lines of a portfolio since `since`, newest first (decision 070): what the summary shows as charges. */
export async function chargesSince(db: DbOrTx, portfolioId: string, since: Date) {
  const rows = await db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reason: ledgerEntries.reason, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.portfolioId, portfolioId), inArray(ledgerEntries.kind, ["interest", "borrow-fee"]), sql`${ledgerEntries.createdAt} >= ${since.toISOString()}::timestamptz`))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(50);
  return rows.map((r) => ({ kind: r.kind as "interest" | "borrow-fee", amount: r.amount, reason: r.reason ?? "", at: r.at.toISOString() }));
}

export interface TradingActivity {
  /** The person's latest order (any portfolio, any outcome); null when they never placed one. */
  lastOrderAt: Date | null;
  /** Fills (executed trades) since `since`, over all their portfolios. */
  tradesSince: number;
  /** Orders that carry a journal note, over all their portfolios. */
  journalEntries: number;
}

/** For a class's dashboard: each person's trading activity, in two statements for everyone at once. */
export async function tradingActivityOf(db: DbOrTx, userIds: readonly string[], since: Date): Promise<Map<string, TradingActivity>> {
  const activity = new Map<string, TradingActivity>(userIds.map((id) => [id, { lastOrderAt: null, tradesSince: 0, journalEntries: 0 }]));
  if (userIds.length === 0) return activity;
  const ids = [...userIds];
  const [orderRows, fillRows] = await Promise.all([
    db
      .select({ userId: portfolios.userId, last: sql<string | null>`max(${orders.createdAt})`, journal: sql<number>`count(${orders.note})::int` })
      .from(orders)
      .innerJoin(portfolios, eq(portfolios.id, orders.portfolioId))
      .where(inArray(portfolios.userId, ids))
      .groupBy(portfolios.userId),
    db
      .select({ userId: portfolios.userId, n: count() })
      .from(fills)
      .innerJoin(portfolios, eq(portfolios.id, fills.portfolioId))
      .where(and(inArray(portfolios.userId, ids), sql`${fills.createdAt} >= ${since.toISOString()}::timestamptz`))
      .groupBy(portfolios.userId),
  ]);
  for (const r of orderRows) Object.assign(activity.get(r.userId)!, { lastOrderAt: r.last === null ? null : new Date(r.last), journalEntries: Number(r.journal) });
  for (const r of fillRows) activity.get(r.userId)!.tradesSince = Number(r.n);
  return activity;
}
