/** Cancelling orders: one by a person, or every open order of locked portfolios (an event's end, a removal, a withdrawn instrument). */
import { and, eq, inArray } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { releaseCash } from "@/domain/trading";
import type { Db, Tx } from "@/server/db";
import { orders } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { holdsPortfolio, lockPortfolio } from "./portfolios";
import { money, type OrderView, type PortfolioRow, serializeOrder, stateOf } from "./rows";
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
    if (order.status !== "open") throw failures.conflict("ORDER_NOT_OPEN", `This order is already ${order.status}: only open orders can be cancelled.`);
    const changes = new Changes(now);
    changes.setState(portfolio.id, portfolio.version, releaseCash(stateOf(portfolio, []), money(order.reservedCash)));
    const cancelled = changes.changeOrder(order, { status: "cancelled", closedAt: now });
    await writeChanges(tx, changes, outbox);
    return cancelled;
  });
  outbox.afterCommit();
  return serializeOrder(cancelled);
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
    .where(and(inArray(orders.portfolioId, [...byId.keys()]), eq(orders.status, "open"), options.symbol === undefined ? undefined : eq(orders.symbol, options.symbol)));
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
