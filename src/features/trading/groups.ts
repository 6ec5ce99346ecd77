/**
 * Orders with legs in the engine (decision 065): reading a group under the portfolio's lock,
 * and recording what the domain's settleGroup decides through the one writer's Changes.
 */
import { inArray, or } from "drizzle-orm";
import { releaseCash, settleGroup, type PortfolioState } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { orders } from "@/server/db/schema";
import { memberOf, money, type OrderRow, type PortfolioRow } from "./rows";
import type { Changes } from "./writer";

/** The group an order belongs to (its parent's id), or null for a simple order. */
export const groupOf = (row: Pick<OrderRow, "orderClass" | "parentId" | "id">): string | null => (row.orderClass === "simple" ? null : (row.parentId ?? row.id));

/** Every order of these groups (parents and legs), by group. One statement; none when there are no groups. */
export async function readGroups(db: DbOrTx, groupIds: Iterable<string>): Promise<Map<string, OrderRow[]>> {
  const ids = [...new Set(groupIds)];
  const groups = new Map<string, OrderRow[]>();
  if (ids.length === 0) return groups;
  const rows = await db
    .select()
    .from(orders)
    .where(or(inArray(orders.id, ids), inArray(orders.parentId, ids)));
  for (const row of rows) {
    const id = row.parentId ?? row.id;
    groups.set(id, [...(groups.get(id) ?? []), row]);
  }
  for (const list of groups.values()) list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.parentId === null ? -1 : b.parentId === null ? 1 : a.id.localeCompare(b.id)));
  return groups;
}

/**
 * Settles one group after something happened to one of its orders: the members as this
 * change leaves them go through the domain's rule; cancelled members give back their
 * reservations. Returns the portfolio's state after it.
 */
export function settleInto(
  changes: Changes,
  portfolio: Pick<PortfolioRow, "id" | "version">,
  state: PortfolioState,
  group: readonly OrderRow[],
  options: { cancelledByPerson?: string } = {},
): PortfolioState {
  const current = group.map((row) => changes.changedOrder(row.id) ?? row);
  const byId = new Map(current.map((row) => [row.id, row]));
  let next = state;
  for (const change of settleGroup(current.map(memberOf), options)) {
    const row = byId.get(change.id)!;
    if (change.kind === "size") {
      // Exits sell or cover: they hold back no cash, so resizing one moves none.
      changes.changeOrder(row, { status: "open", quantity: change.quantity });
    } else {
      next = releaseCash(next, money(row.reservedCash));
      changes.changeOrder(row, { status: "cancelled", rejectMessage: change.reason, reservedCash: "0.00", closedAt: changes.now });
    }
  }
  if (next !== state || current.some((row) => changes.changedOrder(row.id))) changes.setState(portfolio.id, portfolio.version, next);
  return next;
}
