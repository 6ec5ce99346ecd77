/** Cancelling orders: one by a person, or every open order of locked portfolios (an event's end, a removal, a withdrawn instrument). */
import { and, eq, inArray } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { releaseCash } from "@/domain/trading";
import type { Db, Tx } from "@/server/db";
import { orders } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { groupOf, readGroups, settleInto } from "./groups";
import { holdsPortfolio, lockPortfolio } from "./portfolios";
import { money, type OrderView, type PortfolioRow, serializeWithLegs, stateOf } from "./rows";
import { Changes, writeChanges } from "./writer";

export async function cancelOrder(db: Db, args: { userId: string; portfolioId: string; orderId: string; now?: Date }): Promise<OrderView> {
  const now = args.now ?? new Date();
  const outbox = new Outbox();
  const cancelled = await db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, args.portfolioId);
    if (!portfolio || !(await holdsPortfolio(tx, portfolio, args.userId))) throw failures.notFound("There is no such portfolio.");
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, args.orderId), eq(orders.portfolioId, portfolio.id)));
    if (!order) throw failures.notFound("There is no such order.");
    // A held exit (waiting for its entry) can be cancelled like an open order (decision 065).
    if (order.status !== "open" && order.status !== "held") throw failures.conflict("ORDER_NOT_OPEN", `This order is already ${order.status}: only open orders can be cancelled.`);
    const changes = new Changes(now);
    const state = releaseCash(stateOf(portfolio, []), money(order.reservedCash));
    changes.setState(portfolio.id, portfolio.version, state);
    changes.changeOrder(order, { status: "cancelled", closedAt: now });
    // An order with legs: cancelling the parent cancels the legs that have not filled; a leg's own cancellation leaves the rest.
    const group = groupOf(order);
    const members = group === null ? [] : ((await readGroups(tx, [group])).get(group) ?? []);
    if (members.length > 0) settleInto(changes, portfolio, state, members, { cancelledByPerson: order.id });
    await writeChanges(tx, changes, outbox);
    const legs = members.filter((m) => m.parentId === order.id).map((m) => changes.changedOrder(m.id) ?? m);
    return { cancelled: changes.changedOrder(order.id)!, legs };
  });
  outbox.afterCommit();
  return serializeWithLegs(cancelled.cancelled, cancelled.legs);
}

/**
 * Cancels the open orders of portfolios the caller has locked in its own transaction (all,
 * or those on `symbol`), giving back their reservations. `reason` is written on each order
 * for its history. The caller delivers `outbox` after its commit.
 */
export async function cancelOpenOrders(tx: Tx, locked: readonly PortfolioRow[], outbox: Outbox, options: { now: Date; symbol?: string; reason?: string }): Promise<number> {
  if (locked.length === 0) return 0;
  const byId = new Map(locked.map((p) => [p.id, p]));
  const open = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.portfolioId, [...byId.keys()]), inArray(orders.status, ["open", "held"]), options.symbol === undefined ? undefined : eq(orders.symbol, options.symbol)));
  if (open.length === 0) return 0;
  const changes = new Changes(options.now);
  for (const order of open) {
    const portfolio = byId.get(order.portfolioId)!;
    const state = changes.stateOf(portfolio.id) ?? stateOf(portfolio, []);
    changes.setState(portfolio.id, portfolio.version, releaseCash(state, money(order.reservedCash)));
    changes.changeOrder(order, { status: "cancelled", rejectMessage: options.reason ?? order.rejectMessage, closedAt: options.now });
  }
  await writeChanges(tx, changes, outbox);
  return open.length;
}
