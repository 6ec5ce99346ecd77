/**
 * Day orders expire when their trading day ends, giving back their reservations: the
 * practice market's day ends at 00:00 UTC (orders_open_day_idx), a replay event's at the end
 * of its dataset's trading day on the event's clock (its price source says when).
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { expiredDayOrders, releaseCash } from "@/domain/trading";
import type { Db } from "@/server/db";
import { orders } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { eachChunk } from "./batches";
import { practiceSource, type PriceSource } from "./pricing";
import { lockPortfolios } from "./portfolios";
import { groupOf, readGroups, settleInto } from "./groups";
import { money, specOf, stateOf } from "./rows";
import { Changes, writeChanges } from "./writer";

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export async function expireDayOrders(db: Db, now = new Date(), source: PriceSource = practiceSource): Promise<number> {
  const candidates = await db
    .select({ id: orders.id, portfolioId: orders.portfolioId })
    .from(orders)
    .where(
      source.kind === "practice"
        ? and(eq(orders.status, "open"), eq(orders.timeInForce, "day"), eq(orders.replay, false), lt(orders.createdAt, startOfUtcDay(now)))
        : and(eq(orders.status, "open"), eq(orders.replay, true), eq(orders.timeInForce, "day"), sql`${orders.portfolioId} in (select id from portfolios where event_id = ${source.eventId})`),
    );
  if (candidates.length === 0) return 0;
  let expired = 0;
  await eachChunk(db, candidates, async (chunk) => {
    const outbox = new Outbox();
    expired += await db.transaction(async (tx) => {
      const locked = await lockPortfolios(tx, chunk.portfolioIds);
      const byId = new Map(locked.map((p) => [p.id, p]));
      // Filled or cancelled meanwhile: no longer open, no longer here.
      const open = await tx
        .select()
        .from(orders)
        .where(and(inArray(orders.id, chunk.orderIds), eq(orders.status, "open")))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      const due = expiredDayOrders(
        open.map((row) => ({ row, order: specOf(row), placedAt: row.createdAt })),
        now,
        source.endOfDay,
      );
      const changes = new Changes(now);
      // Orders with legs: an entry that expires with nothing filled takes its held exits with it (decision 065).
      const groups = await readGroups(
        tx,
        due.flatMap(({ row }) => groupOf(row) ?? []),
      );
      for (const { row } of due) {
        const portfolio = byId.get(row.portfolioId);
        if (!portfolio) continue;
        // An exit its group cancelled earlier in this pass is no longer open (and gave its reservation back then).
        if (changes.changedOrder(row.id)) continue;
        changes.setState(portfolio.id, portfolio.version, releaseCash(changes.stateOf(portfolio.id) ?? stateOf(portfolio, []), money(row.reservedCash)));
        changes.changeOrder(row, { status: "expired", closedAt: now });
        const group = groupOf(row);
        if (group !== null && groups.has(group)) settleInto(changes, portfolio, changes.stateOf(portfolio.id)!, groups.get(group)!);
      }
      await writeChanges(tx, changes, outbox);
      return due.length;
    });
    outbox.afterCommit();
  });
  return expired;
}
