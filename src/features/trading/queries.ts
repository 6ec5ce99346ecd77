/** Reading a portfolio's orders and fills: pages of the API, and the CSV of its history. */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { classmateName } from "@/domain/classes";
import { csvOf } from "@/lib/csv";
import type { Db, DbOrTx } from "@/server/db";
import { fills, orders, users } from "@/server/db/schema";
import { type OrderRow, serializeFill, serializeOrder } from "./rows";

/**
 * A portfolio's orders, newest first. A team's portfolio (`team`) names who placed each
 * order (`placedBy`: first name + initial, as classmates see each other; decision 042).
 */
export async function listOrders(db: DbOrTx, portfolioId: string, options: { status?: OrderRow["status"]; page: number; pageSize: number; team?: boolean }) {
  const where = and(eq(orders.portfolioId, portfolioId), options.status ? eq(orders.status, options.status) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  if (!options.team) return { items: rows.map(serializeOrder), page: options.page, pageSize: options.pageSize, total };
  const ids = [...new Set(rows.flatMap((r) => (r.placedBy ? [r.placedBy] : [])))];
  const names = new Map(ids.length ? (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, classmateName(u.name ?? "")]) : []);
  const items = rows.map((r) => ({ ...serializeOrder(r), placedBy: r.placedBy ? (names.get(r.placedBy) ?? null) : null }));
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
  return { items: rows.map(serializeFill), page: options.page, pageSize: options.pageSize, total };
}

const HEADER = ["record", "id", "order_id", "time", "symbol", "side", "type", "quantity", "limit_price", "stop_price", "time_in_force", "status", "reject_code", "message", "price", "commission", "reason"];

/** Orders and fills of a portfolio as one CSV. */
export async function portfolioCsv(db: Db, portfolioId: string): Promise<string> {
  const orderRows = await db.select().from(orders).where(eq(orders.portfolioId, portfolioId)).orderBy(asc(orders.createdAt), asc(orders.id));
  const fillRows = await db.select().from(fills).where(eq(fills.portfolioId, portfolioId)).orderBy(asc(fills.createdAt), asc(fills.id));
  const lines: Array<Array<string | number | null>> = [HEADER];
  for (const o of orderRows) {
    lines.push(["order", o.id, null, o.createdAt.toISOString(), o.symbol, o.side, o.type, o.quantity, o.limitPrice, o.stopPrice, o.timeInForce, o.status, o.rejectCode, o.rejectMessage, null, null, null]);
  }
  for (const f of fillRows) {
    lines.push(["fill", f.id, f.orderId, f.createdAt.toISOString(), f.symbol, f.side, null, f.quantity, null, null, null, null, null, null, f.price, f.commission, f.reason]);
  }
  return csvOf(lines);
}

/** The orders the system placed for the person (maintenance covers) since `since`: each carries the reason as its message. */
export async function systemNotices(db: DbOrTx, portfolioId: string, since: Date) {
  const rows = await db
    .select({ id: orders.id, symbol: orders.symbol, quantity: orders.quantity, message: orders.rejectMessage, at: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.portfolioId, portfolioId), eq(orders.status, "filled"), sql`${orders.rejectMessage} is not null`, sql`${orders.createdAt} >= ${since.toISOString()}::timestamptz`))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return rows.map((r) => ({ id: r.id, symbol: r.symbol, quantity: r.quantity, message: r.message!, at: r.at.toISOString() }));
}
