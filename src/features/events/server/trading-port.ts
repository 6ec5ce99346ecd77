/**
 * The events' side of the trading engine's port (features/trading/port.ts): for event
 * portfolios, the rules their event sets (window, instruments, shorting, limit, costs), where
 * their prices come from (the practice market, or the event's replay), and whether the
 * person may still trade (not removed by the organiser). One query for any number of them.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { teamSizesOf, teamTradingRefusal } from "@/domain/events";
import { failures } from "@/domain/errors";
import type { EventPortfolioFacts, TradingPorts } from "@/features/trading";
import { eventParticipants, events } from "@/server/db/schema";
import { eventReplayOf, replaySource } from "./replay-source";
import { eventTradingRules } from "./rows";
import { teamIdsOf, teamIdsOfPeople, teamSizesByPortfolio } from "./teams";

export const eventsTradingPort: TradingPorts["events"] = {
  async factsFor(db, eventPortfolios) {
    const eventIds = [...new Set(eventPortfolios.flatMap((p) => (p.eventId ? [p.eventId] : [])))];
    if (eventIds.length === 0) return new Map();
    // Every event with its participant row of each portfolio, in one query.
    const joined = await db
      .select({ event: events, participant: { portfolioId: eventParticipants.portfolioId, removedAt: eventParticipants.removedAt } })
      .from(events)
      .leftJoin(eventParticipants, and(eq(eventParticipants.eventId, events.id), inArray(eventParticipants.portfolioId, eventPortfolios.map((p) => p.id))))
      .where(inArray(events.id, eventIds));
    const eventsById = new Map(joined.map((r) => [r.event.id, r.event]));
    const participants = new Map(joined.flatMap((r) => (r.participant ? [[r.participant.portfolioId, r.participant] as const] : [])));
    const rows = eventPortfolios.flatMap((p) => {
      const event = p.eventId ? eventsById.get(p.eventId) : undefined;
      const participant = participants.get(p.id);
      return event ? [{ portfolioId: p.id, event, participantPortfolio: participant?.portfolioId ?? null, removedAt: participant?.removedAt ?? null }] : [];
    });
    const facts = new Map<string, EventPortfolioFacts>();
    // A team's portfolio trades once the team has its smallest size (decision 042).
    const teamSizes = await teamSizesByPortfolio(db, eventPortfolios.filter((p) => p.teamId).map((p) => p.id));
    for (const row of rows) {
      const replay = await eventReplayOf(db, row.event);
      const removed = row.participantPortfolio === null || row.removedAt !== null;
      const tooSmall = teamSizes.has(row.portfolioId) ? teamTradingRefusal(teamSizesOf(row.event), teamSizes.get(row.portfolioId)!) : null;
      facts.set(row.portfolioId, {
        rules: (shortingUnlocked) => eventTradingRules(row.event, shortingUnlocked, replay?.symbols),
        priceSource: replay ? replaySource(replay) : null,
        final: row.event.finalizedAt !== null,
        refusal: removed
          ? failures.refused("PARTICIPANT_REMOVED", "You were removed from this event by its organiser, so this portfolio can no longer trade.")
          : tooSmall
            ? failures.refused("TEAM_TOO_SMALL", tooSmall)
            : null,
      });
    }
    return facts;
  },
  teamIdsOf,
  teamIdsOfPeople,
  async accruingEventIds(db, window) {
    const rows = await db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          isNull(events.replay),
          isNull(events.finalizedAt),
          lt(events.startsAt, window.to),
          gt(events.endsAt, window.from),
          or(isNotNull(events.marginMultiplier), eq(events.borrowFees, true)),
        ),
      );
    return rows.map((r) => r.id);
  },
};
