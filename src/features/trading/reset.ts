/** Starting the practice portfolio over: its starting cash and an empty history. */
import { eq, sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { formatMoney, STARTING_CASH } from "@/domain/trading";
import { audit } from "@/server/audit";
import type { Db } from "@/server/db";
import { corporateActionEntries, equitySnapshots, fills, ledgerEntries, orders, portfolioCorrections, portfolios, positions } from "@/server/db/schema";
import { portfolioTopic } from "@/server/realtime/hub";
import { Outbox } from "@/server/realtime/outbox";
import type { PortfolioChange } from "@/lib/live-messages";
import { lockPortfolio, recordDeposit } from "./portfolios";

/**
 * Everything of the portfolio goes in one transaction under its lock (so an order in flight
 * either lands before and is wiped, or waits and lands on the fresh portfolio): positions,
 * orders, fills, ledger, corrections and snapshots; cash and starting cash return to 100,000.00, and
 * the portfolio counts as opened now (returns and today's change start from there). Only the
 * practice portfolio can be reset: an event portfolio is the event's record.
 */
export async function resetPracticePortfolio(db: Db, args: { userId: string; portfolioId: string; ip?: string | null; now?: Date }) {
  const now = args.now ?? new Date();
  const starting = formatMoney(STARTING_CASH);
  const outbox = new Outbox();
  await db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, args.portfolioId);
    if (!portfolio || portfolio.userId !== args.userId) throw failures.notFound("There is no such portfolio.");
    if (portfolio.kind !== "practice") throw failures.refused("RESET_NOT_ALLOWED", "Only the practice portfolio can be reset; an event portfolio keeps its record.");
    const id = portfolio.id;
    await tx.delete(ledgerEntries).where(eq(ledgerEntries.portfolioId, id));
    // Its corrections went with the history they corrected (the audit log keeps them).
    await tx.delete(portfolioCorrections).where(eq(portfolioCorrections.portfolioId, id));
    await tx.delete(fills).where(eq(fills.portfolioId, id));
    await tx.delete(orders).where(eq(orders.portfolioId, id));
    await tx.delete(positions).where(eq(positions.portfolioId, id));
    // Dividends owed to (or by) the old positions go with them (decision 052).
    await tx.delete(corporateActionEntries).where(eq(corporateActionEntries.portfolioId, id));
    await tx.delete(equitySnapshots).where(eq(equitySnapshots.portfolioId, id));
    await tx
      .update(portfolios)
      .set({ cash: starting, startingCash: starting, reservedCash: "0.00", receivable: "0.00", version: sql`${portfolios.version} + 1`, createdAt: now, updatedAt: now })
      .where(eq(portfolios.id, id));
    await recordDeposit(tx, id, STARTING_CASH, now);
    await audit(tx, { action: "portfolio.reset", actorId: args.userId, ip: args.ip ?? null, detail: { portfolioId: id, equityBefore: null } });
    // Everything changed: the page reloads the portfolio (no lists to apply).
    await outbox.store(tx, { topic: portfolioTopic(id), type: "portfolio", data: { portfolioId: id, orders: null, fills: null } satisfies PortfolioChange });
  });
  outbox.afterCommit();
}
