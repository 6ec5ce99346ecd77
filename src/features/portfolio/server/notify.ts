import type { DbOrTx } from "@/server/db";
import { getHub, portfolioTopic } from "@/server/realtime/hub";

/**
 * Tells the portfolio's open pages that something changed (an order placed, filled,
 * cancelled, expired, or a maintenance cover): they refetch. Inside a transaction the
 * NOTIFY is delivered only if it commits.
 */
export async function notifyPortfolio(db: DbOrTx, portfolioId: string): Promise<void> {
  await getHub().publish(db, { topic: portfolioTopic(portfolioId), type: "portfolio", data: { portfolioId } });
}
