/**
 * Event rows ↔ the events domain. Only the domain and the schema are imported here, so the
 * trading engine (features/portfolio/server/orders.ts) can read an event's rules without a
 * module cycle through the rest of this feature.
 */
import { and, eq } from "drizzle-orm";
import { type EventDefinition, eventPhase, tradingRulesFor } from "@/domain/events";
import { formatMoney, parseMoney, type TradingRules } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { eventParticipants, events } from "@/server/db/schema";

export type EventRow = typeof events.$inferSelect;
export type ParticipantRow = typeof eventParticipants.$inferSelect;

/** The stored event as the domain's definition (every default already filled in). */
export function definitionOf(row: EventRow): EventDefinition {
  return {
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    startingCash: parseMoney(row.startingCash),
    commission: { flat: parseMoney(row.commissionFlat), bps: Number(row.commissionBps) },
    allowShort: row.allowShort,
    maxPositionPct: row.maxPositionPct === null ? null : Number(row.maxPositionPct),
    instruments: row.instruments ?? null,
    visibility: row.visibility,
    lateEntry: row.lateEntry,
    maxParticipants: row.maxParticipants,
    metric: row.metric,
    requiredLesson: row.requiredLessonId,
    replay: row.replay ?? null,
  };
}

/** The columns a definition is stored in (create, edit, clone). */
export function columnsOf(definition: EventDefinition) {
  return {
    title: definition.title,
    description: definition.description,
    startsAt: definition.startsAt,
    endsAt: definition.endsAt,
    startingCash: formatMoney(definition.startingCash),
    commissionFlat: formatMoney(definition.commission.flat),
    commissionBps: definition.commission.bps.toFixed(2),
    allowShort: definition.allowShort,
    maxPositionPct: definition.maxPositionPct === null ? null : definition.maxPositionPct.toFixed(2),
    instruments: definition.instruments,
    visibility: definition.visibility,
    lateEntry: definition.lateEntry,
    maxParticipants: definition.maxParticipants,
    metric: definition.metric,
    requiredLessonId: definition.requiredLesson,
    replay: definition.replay,
  };
}

export interface EventTradingContext {
  event: EventRow;
  participant: ParticipantRow | undefined;
}

/** The event an event portfolio belongs to, and its participant row (null for practice portfolios). */
export async function eventContextOf(db: DbOrTx, portfolio: { id: string; kind: string; eventId: string | null }): Promise<EventTradingContext | null> {
  if (portfolio.kind !== "event" || !portfolio.eventId) return null;
  const [event] = await db.select().from(events).where(eq(events.id, portfolio.eventId));
  if (!event) return null;
  const [participant] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.portfolioId, portfolio.id)));
  return { event, participant };
}

/** The rules an event portfolio trades under: the domain's tradingRulesFor on the stored event. */
export function eventTradingRules(event: EventRow, shortingUnlocked: boolean, replaySymbols?: readonly string[]): TradingRules {
  return tradingRulesFor(definitionOf(event), { shortingUnlocked, ...(replaySymbols && { replaySymbols }) });
}

export const phaseOf = (row: EventRow, now: Date) => eventPhase(row, now);
