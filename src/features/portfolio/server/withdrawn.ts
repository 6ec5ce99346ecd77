/** What happens to resting orders when an admin takes an instrument out of trading. */
import { and, eq } from "drizzle-orm";
import { releaseCash } from "@/domain/trading";
import type { Db } from "@/server/db";
import { orders } from "@/server/db/schema";
import { notifyPortfolio } from "./notify";
import { loadState, lockPortfolio, money, saveCash } from "./state";

/**
 * Cancels every open order on `symbol`, each under its portfolio's lock, giving reservations
 * back: a deactivated instrument no longer moves, so its orders would otherwise wait for ever
 * with cash locked. The reason is written on the order, so the history says why.
 */
export async function cancelOrdersOfWithdrawnInstrument(db: Db, symbol: string, now = new Date()): Promise<number> {
  const open = await db
    .select({ id: orders.id, portfolioId: orders.portfolioId })
    .from(orders)
    .where(and(eq(orders.symbol, symbol), eq(orders.status, "open")));
  let cancelled = 0;
  for (const candidate of open) {
    const done = await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, candidate.portfolioId);
      if (!portfolio) return false;
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, candidate.id), eq(orders.status, "open")));
      if (!row) return false;
      const state = releaseCash(await loadState(tx, portfolio), money(row.reservedCash));
      await tx
        .update(orders)
        .set({ status: "cancelled", rejectMessage: `Cancelled: ${symbol} was withdrawn from trading.`, closedAt: now, updatedAt: now })
        .where(eq(orders.id, row.id));
      await saveCash(tx, portfolio.id, state, now);
      return true;
    });
    if (done) {
      cancelled += 1;
      await notifyPortfolio(db, candidate.portfolioId);
    }
  }
  return cancelled;
}
