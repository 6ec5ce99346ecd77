/** What happens to resting orders when an admin takes an instrument out of trading. */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { orders } from "@/server/db/schema";
import { cancelOpenOrdersLocked } from "./orders";
import { lockPortfolio } from "./state";

/**
 * Cancels every open practice-market order on `symbol` (a replay event's orders on a symbol
 * its dataset shares belong to another market and stay), each portfolio under its lock, giving reservations
 * back: a deactivated instrument no longer moves, so its orders would otherwise wait for ever
 * with cash locked. The reason is written on the order, so the history says why.
 */
export async function cancelOrdersOfWithdrawnInstrument(db: Db, symbol: string, now = new Date()): Promise<number> {
  const holders = await db
    .selectDistinct({ portfolioId: orders.portfolioId })
    .from(orders)
    .where(and(eq(orders.symbol, symbol), eq(orders.status, "open"), eq(orders.replay, false)));
  let cancelled = 0;
  for (const { portfolioId } of holders) {
    cancelled += await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, portfolioId);
      return portfolio ? cancelOpenOrdersLocked(tx, portfolio, now, { symbol, reason: `Cancelled: ${symbol} was withdrawn from trading.` }) : 0;
    });
  }
  return cancelled;
}
