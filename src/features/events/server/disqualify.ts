/**
 * Disqualification (docs/decisions/046-fair-play-monitor.md): the event's answer to a
 * fair-play flag an organiser or admin upheld. The participant row is marked with the time
 * and the reason (the person is shown it); they leave the live board at once and are never
 * in the final standings. After the end, their frozen row is taken out and the places below
 * move up one: the one change to frozen standings there is, audited by the caller.
 * The person keeps their portfolio and its history; the record shows why they are not ranked.
 */
import { and, eq, sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { dropFromEventBoard } from "@/features/ranking";
import type { Tx } from "@/server/db";
import { eventParticipants, events } from "@/server/db/schema";
import { storeSharedRanks } from "./standings";

export async function disqualifyParticipant(tx: Tx, args: { eventId: string; userId: string; reason: string; now: Date }): Promise<{ at: Date; standingRemoved: boolean }> {
  const [event] = await tx.select({ id: events.id, finalizedAt: events.finalizedAt }).from(events).where(eq(events.id, args.eventId)).for("update");
  if (!event) throw failures.notFound("There is no such event.");
  const [participant] = await tx
    .select({ disqualifiedAt: eventParticipants.disqualifiedAt })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, args.eventId), eq(eventParticipants.userId, args.userId)));
  if (!participant) throw failures.notFound("This person has not joined this event.");
  if (participant.disqualifiedAt) return { at: participant.disqualifiedAt, standingRemoved: false };
  await tx
    .update(eventParticipants)
    .set({ disqualifiedAt: args.now, disqualifiedReason: args.reason })
    .where(and(eq(eventParticipants.eventId, args.eventId), eq(eventParticipants.userId, args.userId)));
  // The live board drops them at once, not at its next refresh.
  await dropFromEventBoard(tx, args.eventId, args.userId);
  let standingRemoved = false;
  if (event.finalizedAt) {
    const removed = await tx.execute<{ rank: number }>(sql`delete from event_standings where event_id = ${args.eventId} and user_id = ${args.userId} returning rank`);
    const rank = removed.rows[0]?.rank;
    if (rank !== undefined) {
      standingRemoved = true;
      // Two steps, so the unique (event, rank) index never sees two rows on one rank.
      await tx.execute(sql`update event_standings set rank = -rank where event_id = ${args.eventId} and rank > ${rank}`);
      await tx.execute(sql`update event_standings set rank = -rank - 1 where event_id = ${args.eventId} and rank < 0`);
      await storeSharedRanks(tx, args.eventId);
    }
  }
  return { at: args.now, standingRemoved };
}
