/**
 * An event's portfolio trades under the trading core's rules, with the event's overrides.
 * Everything about an order (costs, shorting, limits, the live window) is then judged by
 * src/domain/trading exactly as for the practice portfolio: no second rule book.
 */
import { assertValidRules, type TradingRules } from "../trading";
import type { EventDefinition } from "./definition";

export interface EventRulesOptions {
  /** The person passed the lesson that unlocks short selling (events do not bypass it). */
  shortingUnlocked: boolean;
  /**
   * A replay event's symbols (its datasets'): only those have prices on the event's clock,
   * so the allowed list is narrowed to them. Omit for events on the practice market.
   */
  replaySymbols?: readonly string[];
}

export function tradingRulesFor(event: EventDefinition, options: EventRulesOptions): TradingRules {
  let allowed: ReadonlySet<string> | null = event.instruments === null ? null : new Set(event.instruments);
  if (options.replaySymbols) {
    const replayed = new Set(options.replaySymbols);
    allowed = new Set(allowed === null ? replayed : [...allowed].filter((s) => replayed.has(s)));
  }
  return assertValidRules({
    slippageBps: event.halfSpreadBps,
    liquidity: { impact: event.impact, participationPct: event.participationPct },
    commission: { flat: event.commission.flat, bps: event.commission.bps },
    allowShort: event.allowShort,
    shortingUnlocked: options.shortingUnlocked,
    maxPositionPct: event.maxPositionPct,
    allowedSymbols: allowed,
    // The lifecycle's window exactly (lifecycle.ts): start inclusive, end exclusive.
    liveWindow: { start: event.startsAt, end: event.endsAt },
    margin: event.margin,
    borrowFees: event.borrowFees,
    ...(hasConductRules(event) && {
      conduct: {
        minHoldings: event.minHoldings === null ? null : { count: event.minHoldings, from: new Date(event.startsAt.getTime() + FIRST_DAY_MS) },
        maxTradesPerDay: event.maxTradesPerDay,
        minHoldMinutes: event.minHoldMinutes,
        minSharePrice: event.minSharePrice,
      },
    }),
  });
}

/** The minimum holdings apply once the event's first 24 hours are over (on the real clock, replays too). */
export const FIRST_DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the event sets any rule against gambling (docs/decisions/044). */
export function hasConductRules(event: Pick<EventDefinition, "minHoldings" | "maxTradesPerDay" | "minHoldMinutes" | "minSharePrice">): boolean {
  return event.minHoldings !== null || event.maxTradesPerDay !== null || event.minHoldMinutes !== null || event.minSharePrice !== null;
}
