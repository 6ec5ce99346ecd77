/**
 * The end of an event, run by the scheduler every second (src/boot.ts): each event whose
 * end has passed and that is not finalised yet is closed in ONE transaction, fenced by the
 * scheduler's lease so a stale leader cannot write: the event row is locked, open orders
 * of its portfolios are cancelled (reservations given back), the prices of everything they
 * hold are frozen as the event's marks (so every figure shown afterwards is the end's), a
 * last equity snapshot is written at the end instant, the final standings are written to event_standings (ranked
 * by the event's metric, ties to the earlier joiner, with the rank each shares with its ties), and finalizedAt is set. Nothing
 * writes those standings again: the lock plus `finalized_at is null` make the step once-only.
 */
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { formatRatio } from "@/domain/trading";
import { snapshotPortfolios } from "@/features/portfolio";
import { cancelOpenOrders, freezeMarks, lockPortfolios } from "@/features/trading";
import type { Db, Tx } from "@/server/db";
import { eventParticipants, events, eventStandings } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { Outbox } from "@/server/realtime/outbox";
import { advanceReplay } from "./replay";
import { participantFigures, rankFigures, storeSharedRanks } from "./standings";

export interface FinalizeContext {
  db: Db;
  now: Date;
  /** The scheduler lease's fence; tests pass a no-op. */
  fence?: (tx: Tx) => Promise<void>;
}

/** Finalises every event whose end has passed; returns the ids it finalised. */
export async function finalizeDueEvents(context: FinalizeContext): Promise<string[]> {
  const due = await context.db
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.finalizedAt), lte(events.endsAt, context.now)))
    .orderBy(asc(events.endsAt));
  const done: string[] = [];
  for (const { id } of due) {
    if (await finalizeEvent(context, id)) done.push(id);
  }
  return done;
}

export async function finalizeEvent(context: FinalizeContext, eventId: string): Promise<boolean> {
  const { db, now } = context;
  // A replay event first plays to its end instant, so its last resting orders and the prices
  // the standings are valued at (replay_quotes) are those of the end, not of the last tick.
  const [pending] = await db.select().from(events).where(and(eq(events.id, eventId), isNull(events.finalizedAt)));
  if (pending?.replay && pending.endsAt.getTime() <= now.getTime()) await advanceReplay({ db, now, fence: context.fence }, pending, pending.endsAt);
  const outbox = new Outbox();
  const finalized = await db.transaction(async (tx) => {
    await context.fence?.(tx);
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event || event.finalizedAt !== null || event.endsAt.getTime() > now.getTime()) return false;
    const members = await tx.select({ portfolioId: eventParticipants.portfolioId }).from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    const ids = members.map((m) => m.portfolioId);
    if (ids.length > 0) {
      // Locked in id order, as the engine does, so this never deadlocks with a price move.
      const locked = await lockPortfolios(tx, ids);
      await cancelOpenOrders(tx, locked, outbox, { now });
      // From now on every reader values these portfolios at the end's prices (marks.ts).
      await freezeMarks(tx, event.id, event.endsAt);
      // The last point of every curve, at the end instant (the 5-minute rows stop before it).
      await snapshotPortfolios(tx, ids, event.endsAt);
      const ranked = rankFigures(event, await participantFigures(tx, event, { now: event.endsAt }));
      if (ranked.length > 0) {
        await tx.insert(eventStandings).values(
          ranked.map((r) => ({
            eventId: event.id,
            userId: r.userId,
            rank: r.rank,
            equity: r.equity,
            totalReturn: formatRatio(r.totalReturn),
            sharpe: formatRatio(r.sharpe),
            trades: r.trades,
            joinedAt: r.joinedAt,
          })),
        );
        await storeSharedRanks(tx, event.id);
      }
    }
    await tx.update(events).set({ finalizedAt: now }).where(eq(events.id, event.id));
    return true;
  });
  outbox.afterCommit();
  if (finalized) logger().info({ eventId }, "[events] event ended: orders cancelled, standings frozen");
  return finalized;
}
