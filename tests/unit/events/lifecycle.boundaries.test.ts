import { describe, expect, it } from "vitest";
import { countdown, durationParts, eventPhase, eventStatus, msUntilEnd, msUntilStart } from "@/domain/events";
import { ENDS, event, ms, refusedAsNotLive, STARTS } from "./helpers";

const contest = event();

describe("an event's lifecycle at its exact boundaries", () => {
  it.each([
    ["1 ms before the start", ms(STARTS, -1), "upcoming"],
    ["at the start", STARTS, "live"],
    ["1 ms before the end", ms(ENDS, -1), "live"],
    ["at the end", ENDS, "ended"],
    ["a day after the end", ms(ENDS, 86_400_000), "ended"],
  ] as const)("is %s → %s", (_when, now, phase) => {
    expect(eventPhase(contest, now)).toBe(phase);
  });

  it.each([
    ["1 ms before the start", ms(STARTS, -1), false],
    ["at the start", STARTS, true],
    ["1 ms before the end", ms(ENDS, -1), true],
    ["at the end", ENDS, false],
  ] as const)("accepts orders exactly while live: %s", (_when, now, accepted) => {
    expect(refusedAsNotLive(contest, now)).toBe(!accepted);
    expect(eventPhase(contest, now) === "live").toBe(accepted);
  });

  it("counts down to the start while upcoming, to the end while live, and stops once ended", () => {
    expect(countdown(contest, ms(STARTS, -90_500))).toEqual({ phase: "upcoming", target: STARTS, ms: 90_500 });
    expect(countdown(contest, STARTS)).toEqual({ phase: "live", target: ENDS, ms: ENDS.getTime() - STARTS.getTime() });
    expect(countdown(contest, ms(ENDS, -1))).toEqual({ phase: "live", target: ENDS, ms: 1 });
    expect(countdown(contest, ENDS)).toEqual({ phase: "ended", target: null, ms: null });
  });

  it("reports milliseconds until the start and the end, never below zero", () => {
    expect(msUntilStart(contest, ms(STARTS, -1))).toBe(1);
    expect(msUntilStart(contest, STARTS)).toBe(0);
    expect(msUntilStart(contest, ENDS)).toBe(0);
    expect(msUntilEnd(contest, ms(ENDS, -1))).toBe(1);
    expect(msUntilEnd(contest, ENDS)).toBe(0);
    expect(msUntilEnd(contest, ms(STARTS, -1))).toBe(ENDS.getTime() - STARTS.getTime() + 1);
  });

  it("splits a countdown into days, hours, minutes and seconds, rounding up so it never shows zero early", () => {
    expect(durationParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(durationParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("shows an archived event as archived whatever its clock says, without changing its phase", () => {
    expect(eventStatus({ ...contest, archivedAt: ENDS }, STARTS)).toBe("archived");
    expect(eventStatus({ ...contest, archivedAt: null }, STARTS)).toBe("live");
    expect(eventPhase(contest, STARTS)).toBe("live");
  });
});
