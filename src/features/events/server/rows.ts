/**
 * Event rows ↔ the events domain.
 */
import { type EventDefinition, eventPhase, tradingRulesFor } from "@/domain/events";
import { DEFAULT_MARGIN, formatMoney, parseMoney, type TradingRules } from "@/domain/trading";
import type { eventParticipants, events } from "@/server/db/schema";

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
    minHoldings: row.minHoldings,
    maxTradesPerDay: row.maxTradesPerDay,
    minHoldMinutes: row.minHoldMinutes,
    minSharePrice: row.minSharePrice === null ? null : parseMoney(row.minSharePrice),
    halfSpreadBps: Number(row.halfSpreadBps),
    participationPct: Number(row.participationPct),
    impact: row.impact,
    margin:
      row.marginMultiplier === null
        ? null
        : {
            multiplier: Number(row.marginMultiplier),
            debitRatePct: Number(row.marginDebitRatePct),
            creditRatePct: Number(row.marginCreditRatePct),
            maintenancePct: Number(row.marginMaintenancePct),
            callHours: row.marginCallHours,
          },
    borrowFees: row.borrowFees,
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
    minHoldings: definition.minHoldings,
    maxTradesPerDay: definition.maxTradesPerDay,
    minHoldMinutes: definition.minHoldMinutes,
    minSharePrice: definition.minSharePrice === null ? null : formatMoney(definition.minSharePrice),
    halfSpreadBps: definition.halfSpreadBps.toFixed(2),
    participationPct: definition.participationPct.toFixed(2),
    impact: definition.impact,
    // No margin keeps the stored terms' defaults beside a null multiple.
    marginMultiplier: definition.margin === null ? null : definition.margin.multiplier.toFixed(2),
    marginDebitRatePct: (definition.margin?.debitRatePct ?? DEFAULT_MARGIN.debitRatePct).toFixed(2),
    marginCreditRatePct: (definition.margin?.creditRatePct ?? DEFAULT_MARGIN.creditRatePct).toFixed(2),
    marginMaintenancePct: (definition.margin?.maintenancePct ?? DEFAULT_MARGIN.maintenancePct).toFixed(2),
    marginCallHours: definition.margin?.callHours ?? DEFAULT_MARGIN.callHours,
    borrowFees: definition.borrowFees,
  };
}

/** The rules an event portfolio trades under: the domain's tradingRulesFor on the stored event. */
export function eventTradingRules(event: EventRow, shortingUnlocked: boolean, replaySymbols?: readonly string[]): TradingRules {
  return tradingRulesFor(definitionOf(event), { shortingUnlocked, ...(replaySymbols && { replaySymbols }) });
}

export const phaseOf = (row: EventRow, now: Date) => eventPhase(row, now);
