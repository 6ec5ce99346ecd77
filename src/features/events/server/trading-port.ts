/**
 * The events' side of the trading engine's port (features/trading/port.ts): for event
 * portfolios, the rules their event sets (window, instruments, shorting, limit, costs), where
 * their prices come from (the practice market, or the event's replay), and whether the
 * person may still trade (not removed by the organiser). One query for any number of them.
 */
import { eq, inArray } from "drizzle-orm";
import { failures } from "@/domain/errors";
import type { EventPortfolioFacts, TradingPorts } from "@/features/trading";
import { eventParticipants, events, portfolios } from "@/server/db/schema";
import { eventReplayOf, replaySource } from "./replay-source";
import { eventTradingRules } from "./rows";

export const eventsTradingPort: TradingPorts["events"] = {
  async factsFor(db, eventPortfolios) {
    const ids = eventPortfolios.map((p) => p.id);
    const rows = await db
      .select({ portfolioId: portfolios.id, event: events, removedAt: eventParticipants.removedAt, participantPortfolio: eventParticipants.portfolioId })
      .from(portfolios)
      .innerJoin(events, eq(events.id, portfolios.eventId))
      .leftJoin(eventParticipants, eq(eventParticipants.portfolioId, portfolios.id))
      .where(inArray(portfolios.id, ids));
    const facts = new Map<string, EventPortfolioFacts>();
    for (const row of rows) {
      const replay = await eventReplayOf(db, row.event);
      const removed = row.participantPortfolio === null || row.removedAt !== null;
      facts.set(row.portfolioId, {
        rules: (shortingUnlocked) => eventTradingRules(row.event, shortingUnlocked, replay?.symbols),
        priceSource: replay ? replaySource(replay) : null,
        final: row.event.finalizedAt !== null,
        refusal: removed ? failures.refused("PARTICIPANT_REMOVED", "You were removed from this event by its organiser, so this portfolio can no longer trade.") : null,
      });
    }
    return facts;
  },
};
