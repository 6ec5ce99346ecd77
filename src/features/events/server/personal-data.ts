/** The events feature's part of "Export my data": the events a person joined, and their final standings. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { eventParticipants, events, eventStandings } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";

export function eventsPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "eventParticipation",
      value: () =>
        db
          .select({ eventId: eventParticipants.eventId, event: events.title, portfolioId: eventParticipants.portfolioId, joinedAt: eventParticipants.joinedAt, removedAt: eventParticipants.removedAt, disqualifiedAt: eventParticipants.disqualifiedAt, disqualifiedReason: eventParticipants.disqualifiedReason })
          .from(eventParticipants)
          .innerJoin(events, eq(events.id, eventParticipants.eventId))
          .where(eq(eventParticipants.userId, userId))
          .orderBy(asc(eventParticipants.joinedAt)),
    },
    {
      name: "eventStandings",
      value: () =>
        db
          .select({ eventId: eventStandings.eventId, event: events.title, rank: eventStandings.rank, equity: eventStandings.equity, totalReturn: eventStandings.totalReturn, sharpe: eventStandings.sharpe, trades: eventStandings.trades })
          .from(eventStandings)
          .innerJoin(events, eq(events.id, eventStandings.eventId))
          .where(eq(eventStandings.userId, userId))
          .orderBy(asc(events.endsAt)),
    },
  ];
}
