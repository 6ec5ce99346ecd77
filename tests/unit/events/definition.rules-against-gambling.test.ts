/** An event's rules against gambling: their validation, their trading rules, and their locks once live. */
import { describe, expect, it } from "vitest";
import { eventDraftOf, lockedChanges, tradingRulesFor, validateEventDefinition } from "@/domain/events";
import { parseMoney } from "@/domain/trading";
import { draft, event, ms, STARTS } from "./helpers";

const fieldsOf = (overrides: Parameters<typeof draft>[0]) => {
  const result = validateEventDefinition(draft(overrides));
  return result.ok ? {} : result.fields;
};

describe("validating the rules against gambling", () => {
  it("leaves all four off by default", () => {
    expect(event()).toMatchObject({ minHoldings: null, maxTradesPerDay: null, minHoldMinutes: null, minSharePrice: null });
  });

  it("accepts each at its bounds", () => {
    expect(event({ minHoldings: 1, maxTradesPerDay: 1, minHoldMinutes: 1, minSharePrice: "0.01" })).toMatchObject({ minHoldings: 1, maxTradesPerDay: 1, minHoldMinutes: 1, minSharePrice: parseMoney("0.01") });
    expect(event({ minHoldings: 50, maxTradesPerDay: 1000, minHoldMinutes: 10080, minSharePrice: "10000.00" })).toMatchObject({ minHoldings: 50, maxTradesPerDay: 1000, minHoldMinutes: 10080 });
  });

  it("refuses values just outside, each with a message that says the range", () => {
    expect(fieldsOf({ minHoldings: 0, maxTradesPerDay: 1001, minHoldMinutes: 10081, minSharePrice: "0.00" })).toEqual({
      minHoldings: "The minimum number of holdings must be a whole number from 1 to 50, or none.",
      maxTradesPerDay: "The trades per day must be a whole number from 1 to 1,000, or no limit.",
      minHoldMinutes: "The minimum holding time must be a whole number of minutes from 1 to 10,080 (a week), or none.",
      minSharePrice: 'Enter the minimum share price as an amount from 0.01 to 10,000.00 with at most 2 decimals, like "5.00", or none.',
    });
    expect(fieldsOf({ maxTradesPerDay: 2.5, minSharePrice: "5.001" })).toMatchObject({ maxTradesPerDay: expect.any(String), minSharePrice: expect.any(String) });
  });

  it("refuses a minimum of holdings the allowed instruments cannot meet", () => {
    expect(fieldsOf({ instruments: ["ACME", "BOLT"], minHoldings: 3 })).toEqual({ minHoldings: "Only 2 instruments are allowed, so nobody could hold 3 different ones." });
    expect(fieldsOf({ instruments: ["ACME", "BOLT"], minHoldings: 2 })).toEqual({});
  });

  it("survives an edit's round trip", () => {
    const contest = event({ minHoldings: 3, maxTradesPerDay: 5, minHoldMinutes: 30, minSharePrice: "5.00" });
    const again = validateEventDefinition(eventDraftOf(contest));
    expect(again.ok && again.value).toEqual(contest);
  });
});

describe("the rules as the trading core gets them", () => {
  it("start the minimum holdings 24 hours after the event starts", () => {
    const rules = tradingRulesFor(event({ minHoldings: 3, maxTradesPerDay: 5, minHoldMinutes: 30, minSharePrice: "5.00" }), { shortingUnlocked: true });
    expect(rules.conduct).toEqual({ minHoldings: { count: 3, from: ms(STARTS, 86_400_000) }, maxTradesPerDay: 5, minHoldMinutes: 30, minSharePrice: parseMoney("5.00") });
  });

  it("are absent for an event without any", () => {
    expect(tradingRulesFor(event(), { shortingUnlocked: true }).conduct).toBeUndefined();
  });
});

describe("editing them", () => {
  it("is open before the start and locked once live", () => {
    const before = event({ maxTradesPerDay: 5 });
    const after = { ...before, maxTradesPerDay: 10, minSharePrice: parseMoney("1.00") };
    expect(lockedChanges(before, after, { now: ms(STARTS, -1), participants: 0 })).toEqual([]);
    expect(lockedChanges(before, after, { now: STARTS, participants: 0 }).map((l) => l.field)).toEqual(["maxTradesPerDay", "minSharePrice"]);
  });
});
