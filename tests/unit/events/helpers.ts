/** A fixed event shared by the event scenarios: a spring contest, Tuesday 10 March 2026 09:00 → Tuesday 17 March 09:00 UTC. */
import { type EventDefinition, type EventDraft, tradingRulesFor, validateEventDefinition } from "@/domain/events";
import { checkOrder, newPortfolio, parseMoney } from "@/domain/trading";

export const STARTS = new Date("2026-03-10T09:00:00.000Z");
export const ENDS = new Date("2026-03-17T09:00:00.000Z");
export const at = (iso: string) => new Date(iso);
export const ms = (base: Date, delta: number) => new Date(base.getTime() + delta);

export function draft(overrides: Partial<EventDraft> = {}): EventDraft {
  return {
    title: "Spring Cup",
    description: "A week of trading.",
    startsAt: STARTS.toISOString(),
    endsAt: ENDS.toISOString(),
    startingCash: "100000.00",
    visibility: "public",
    ...overrides,
  };
}

/** A valid definition; throws when the overrides make it invalid (a bug in the test). */
export function event(overrides: Partial<EventDraft> = {}): EventDefinition {
  const result = validateEventDefinition(draft(overrides));
  if (!result.ok) throw new Error(`test event is invalid: ${JSON.stringify(result.fields)}`);
  return result.value;
}

/** Asks the trading core itself whether a 1-share buy at `now` is refused as EVENT_NOT_LIVE under the event's rules. */
export function refusedAsNotLive(definition: EventDefinition, now: Date): boolean {
  const rules = tradingRulesFor(definition, { shortingUnlocked: true });
  const check = checkOrder(newPortfolio(definition.startingCash), { symbol: "ACME", side: "buy", quantity: 1, type: "market", timeInForce: "day" }, { now, prices: new Map([["ACME", parseMoney("10.00")]]) }, rules);
  return !check.ok && check.rejection.code === "EVENT_NOT_LIVE";
}
