/** What happens to resting orders when an admin takes an instrument out of trading. */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { orders } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { eachChunk } from "./batches";
import { cancelOpenOrders } from "./cancel";
import { lockPortfolios } from "./portfolios";

/**
 * Cancels every open practice-market order on `symbol` (a replay event's orders on a symbol
 * its dataset shares belong to another market and stay), giving reservations back: a
 * withdrawn instrument no longer moves, so its orders would otherwise wait for ever with cash
 * locked. The reason is written on the order, so the history says why.
 */
export async function cancelOrdersOfWithdrawnInstrument(db: Db, symbol: string, now = new Date()): Promise<number> {
  const holders = await db
    .selectDistinct({ portfolioId: orders.portfolioId })
    .from(orders)
    .where(and(eq(orders.symbol, symbol), eq(orders.status, "open"), eq(orders.replay, false)));
  let cancelled = 0;
  await eachChunk(db, holders, async (chunk) => {
    const outbox = new Outbox();
    cancelled += await db.transaction(async (tx) =>
      cancelOpenOrders(tx, await lockPortfolios(tx, chunk.portfolioIds), outbox, { now, symbol, reason: `Cancelled: ${symbol} was withdrawn from trading.` }),
    );
    outbox.afterCommit();
  });
  return cancelled;
}
