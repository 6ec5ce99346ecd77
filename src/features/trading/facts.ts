/**
 * What people did with their portfolios, for the features that judge it without owning the
 * engine's tables: a class's assignments (features/classes) and the fair-play detectors
 * (features/fairplay). One set-based statement per kind of fact for any number of people;
 * a reversed fill and its compensation (docs/decisions/041-corrections.md) are never counted.
 */
import { and, eq, gte, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { fills, orders, portfolios, portfolioValuations, positionMarks } from "@/server/db/schema";
import type { OrderRow } from "./rows";

/** Each portfolio's owner, for these people's practice portfolios and their portfolios in these events. */
export async function portfolioOwners(db: DbOrTx, userIds: readonly string[], scope: { practice: boolean; eventIds: readonly string[] }): Promise<Map<string, string>> {
  if (userIds.length === 0 || (!scope.practice && scope.eventIds.length === 0)) return new Map();
  const kinds = [scope.practice ? eq(portfolios.kind, "practice") : undefined, scope.eventIds.length > 0 ? inArray(portfolios.eventId, [...scope.eventIds]) : undefined];
  const owned = await db
    .select({ id: portfolios.id, userId: portfolios.userId })
    .from(portfolios)
    .where(and(inArray(portfolios.userId, [...userIds]), or(...kinds)));
  return new Map(owned.map((p) => [p.id, p.userId]));
}

export interface OrderFactRow {
  id: string;
  portfolioId: string;
  symbol: string;
  type: OrderRow["type"];
  status: OrderRow["status"];
  /** It carries a journal note (not blank). */
  journaled: boolean;
  createdAt: Date;
  closedAt: Date | null;
}

/** The orders of these portfolios placed or closed since `since`; an order a correction reversed is left out (it is not work done). */
export async function ordersSince(db: DbOrTx, portfolioIds: readonly string[], since: Date): Promise<OrderFactRow[]> {
  if (portfolioIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      portfolioId: orders.portfolioId,
      symbol: orders.symbol,
      type: orders.type,
      status: orders.status,
      journaled: sql<boolean>`coalesce(btrim(${orders.note}) <> '', false)`,
      createdAt: orders.createdAt,
      closedAt: orders.closedAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.portfolioId, [...portfolioIds]),
        or(gte(orders.createdAt, since), gte(orders.closedAt, since)),
        sql`not exists (select 1 from ${fills} r where r.order_id = ${orders.id} and r.reversal_of is not null)`,
      ),
    );
  return rows.map((r) => ({ ...r, journaled: Boolean(r.journaled) }));
}

/** Every fill of these portfolios that counts: a reversed fill and its compensation cancel out, so neither was ever held. */
export async function countedFills(db: DbOrTx, portfolioIds: readonly string[]) {
  if (portfolioIds.length === 0) return [];
  return db
    .select({ orderId: fills.orderId, portfolioId: fills.portfolioId, symbol: fills.symbol, side: fills.side, quantity: fills.quantity, at: fills.createdAt })
    .from(fills)
    .where(and(inArray(fills.portfolioId, [...portfolioIds]), isNull(fills.reversalOf), sql`not exists (select 1 from ${fills} r where r.reversal_of = ${fills.id})`));
}

/**
 * The same rule in SQL, for a set-based statement of another feature (the fair-play
 * detectors): `id, order_id, portfolio_id, symbol, side, quantity, price, created_at` of the
 * fills that count in the portfolios `portfolioIds` selects (a subquery of ids).
 */
export const countedFillsSql = (portfolioIds: SQL) => sql`
  select f.id, f.order_id, f.portfolio_id, f.symbol, f.side, f.quantity, f.price, f.created_at
  from fills f
  where f.portfolio_id in (${portfolioIds})
    and f.reversal_of is null and not exists (select 1 from fills r where r.reversal_of = f.id)`;

/**
 * The orders of the portfolios `portfolioIds` selects, for another feature's set-based
 * statement (the fair-play detectors): `id, portfolio_id, symbol, side, type, quantity,
 * filled_quantity, average_price, status, order_class, leg, parent_id, placed_by,
 * under_margin_call_at, replay, created_at`. `placed_by` is null for the engine's own orders (a
 * margin call's forced sale, a maintenance cover); an order a correction reversed is left out.
 */
export const orderFactsSql = (portfolioIds: SQL) => sql`
  select o.id, o.portfolio_id, o.symbol, o.side, o.type, o.quantity, o.filled_quantity,
         case when o.filled_quantity > 0 then o.filled_value / o.filled_quantity end as average_price,
         o.status, o.order_class, o.leg, o.parent_id, o.placed_by, o.under_margin_call_at, o.replay, o.created_at
  from orders o
  where o.portfolio_id in (${portfolioIds})
    and not exists (select 1 from fills r where r.order_id = o.id and r.reversal_of is not null)`;

/**
 * The engine's valuation of these portfolios' positions now: each at its mark (position_marks)
 * over its portfolio's equity (portfolio_valuations), as a percent computed exactly in SQL
 * (null when the equity is not positive).
 */
export function positionWeights(db: DbOrTx, portfolioIds: readonly string[]) {
  return db
    .select({
      portfolioId: positionMarks.portfolioId,
      symbol: positionMarks.symbol,
      pct: sql<string | null>`case when ${portfolioValuations.equity} > 0 then abs(${positionMarks.quantity} * ${positionMarks.price}) * 100 / ${portfolioValuations.equity} end`,
    })
    .from(positionMarks)
    .innerJoin(portfolioValuations, eq(portfolioValuations.portfolioId, positionMarks.portfolioId))
    .where(and(inArray(positionMarks.portfolioId, [...portfolioIds]), sql`${positionMarks.quantity} <> 0`));
}
