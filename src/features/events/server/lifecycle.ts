/**
 * The end of an event, run by the scheduler every second (src/boot.ts): each event whose
 * end has passed and that is not finalised yet is closed in ONE transaction, fenced by the
 * scheduler's lease so a stale leader cannot write: the event row is locked, open orders
 * of its portfolios are cancelled (reservations given back), a last equity snapshot is
 * written at the end instant, the final standings are written to event_standings (ranked
 * by the event's metric, ties to the earlier joiner), and finalizedAt is set. Nothing
 * writes those standings again: the lock plus `finalized_at is null` make the step once-only.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { TLX } from "@/domain/market";
import { cancelOpenOrdersLocked } from "@/features/portfolio/server";
import type { Db, Tx } from "@/server/db";
import { eventParticipants, events, eventStandings, portfolios } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { advanceReplay } from "./replay";
import { participantFigures, rankFigures } from "./standings";

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
  const finalized = await db.transaction(async (tx) => {
    await context.fence?.(tx);
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    if (!event || event.finalizedAt !== null || event.endsAt.getTime() > now.getTime()) return false;
    const members = await tx.select({ portfolioId: eventParticipants.portfolioId }).from(eventParticipants).where(eq(eventParticipants.eventId, event.id));
    const ids = members.map((m) => m.portfolioId);
    if (ids.length > 0) {
      // Locked in id order, as the engine does, so this never deadlocks with a price move.
      const locked = await tx.select().from(portfolios).where(inArray(portfolios.id, ids)).orderBy(asc(portfolios.id)).for("update");
      for (const portfolio of locked) await cancelOpenOrdersLocked(tx, portfolio, now);
      // The last point of every curve, at the end instant (the 5-minute rows stop before it).
      await tx.execute(sql`
        insert into equity_snapshots (portfolio_id, taken_at, equity, benchmark)
        select p.id, ${event.endsAt.toISOString()}::timestamptz, p.cash + coalesce(sum(pos.quantity * coalesce(rq.price, i.last_price)), 0),
          (select last_price from instruments where symbol = ${TLX.symbol})
        from portfolios p
        join event_participants ep on ep.portfolio_id = p.id and ep.event_id = ${event.id}
        left join positions pos on pos.portfolio_id = p.id and pos.quantity <> 0
        left join instruments i on i.symbol = pos.symbol
        left join replay_quotes rq on rq.event_id = p.event_id and rq.symbol = pos.symbol
        group by p.id
        on conflict do nothing`);
      const ranked = rankFigures(event, await participantFigures(tx, event, { now: event.endsAt }));
      if (ranked.length > 0) {
        await tx.insert(eventStandings).values(
          ranked.map((r) => ({
            eventId: event.id,
            userId: r.userId,
            rank: r.rank,
            equity: r.equity,
            totalReturn: r.totalReturn === null ? null : r.totalReturn.toFixed(4),
            sharpe: r.sharpe === null ? null : r.sharpe.toFixed(4),
            trades: r.trades,
            joinedAt: r.joinedAt,
          })),
        );
      }
    }
    await tx.update(events).set({ finalizedAt: now }).where(eq(events.id, event.id));
    return true;
  });
  if (finalized) logger().info({ eventId }, "[events] event ended: orders cancelled, standings frozen");
  return finalized;
}
