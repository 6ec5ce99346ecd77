import { describe, expect, it } from "vitest";
import { type EventDraft, eventDraftOf, isCalendarDate, validateEventDefinition } from "@/domain/events";
import { formatMoney, parseMoney } from "@/domain/trading";
import { draft, ENDS, STARTS } from "./helpers";

const fieldsOf = (overrides: Partial<EventDraft>) => {
  const result = validateEventDefinition(draft(overrides));
  return result.ok ? {} : result.fields;
};

describe("validating an event definition", () => {
  it("accepts the minimal API body and fills in the practice defaults", () => {
    const result = validateEventDefinition(draft());
    expect(result).toEqual({
      ok: true,
      value: {
        title: "Spring Cup",
        description: "A week of trading.",
        startsAt: STARTS,
        endsAt: ENDS,
        startingCash: parseMoney("100000.00"),
        commission: { flat: parseMoney("0.00"), bps: 0 },
        allowShort: true,
        maxPositionPct: null,
        instruments: null,
        visibility: "public",
        lateEntry: true,
        maxParticipants: null,
        metric: "return",
        requiredLesson: null,
        replay: null,
        minHoldings: null,
        maxTradesPerDay: null,
        minHoldMinutes: null,
        minSharePrice: null,
        halfSpreadBps: 5,
        participationPct: 10,
        impact: true,
        margin: null,
        borrowFees: true,
      },
    });
  });

  it("takes every rule an organiser can set, trimming text and normalising symbols", () => {
    const result = validateEventDefinition(
      draft({
        title: "  Crash of '08  ",
        startingCash: parseMoney("25000.00"),
        commissionFlat: "1.50",
        commissionBps: 2.5,
        allowShort: false,
        maxPositionPct: 20,
        visibility: "private",
        lateEntry: false,
        maxParticipants: 30,
        metric: "sharpe",
        instruments: ["acme", " BOLT ", "ACME"],
        requiredLesson: "lesson-short-selling",
        replay: { datasets: ["ds-1", "ds-2", "ds-1"], from: "2008-09-01", speed: 60 },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.title).toBe("Crash of '08");
    expect(formatMoney(result.value.commission.flat)).toBe("1.50");
    expect(result.value.instruments).toEqual(["ACME", "BOLT"]);
    expect(result.value.replay).toEqual({ datasets: ["ds-1", "ds-2"], from: "2008-09-01", speed: 60 });
  });

  it.each<[string, Partial<EventDraft>, string]>([
    ["a title of 2 characters", { title: "ab" }, "title"],
    ["a title of only spaces", { title: "     " }, "title"],
    ["a title over 120 characters", { title: "x".repeat(121) }, "title"],
    ["a title with a line break", { title: "Spring\nCup" }, "title"],
    ["a description over 5000 characters", { description: "x".repeat(5001) }, "description"],
    ["a start that is not an instant", { startsAt: "next Tuesday" }, "startsAt"],
    ["a start without a time zone", { startsAt: "2026-03-10T09:00:00" }, "startsAt"],
    ["an invalid Date", { startsAt: new Date("nope") }, "startsAt"],
    ["an end at the start", { endsAt: STARTS.toISOString() }, "endsAt"],
    ["an end before the start", { endsAt: "2026-03-09T09:00:00Z" }, "endsAt"],
    ["an event of more than 366 days", { endsAt: "2027-03-12T09:00:00Z" }, "endsAt"],
    ["starting cash of 99.99", { startingCash: "99.99" }, "startingCash"],
    ["starting cash over 10,000,000.00", { startingCash: "10000000.01" }, "startingCash"],
    ["starting cash with 3 decimals", { startingCash: "1000.001" }, "startingCash"],
    ["a negative flat commission", { commissionFlat: "-0.01" }, "commissionFlat"],
    ["a flat commission over 100.00", { commissionFlat: "100.01" }, "commissionFlat"],
    ["negative commission bps", { commissionBps: -1 }, "commissionBps"],
    ["commission bps over 1000", { commissionBps: 1000.01 }, "commissionBps"],
    ["commission bps with 3 decimals", { commissionBps: 1.125 }, "commissionBps"],
    ["a position limit under 1 %", { maxPositionPct: 0.5 }, "maxPositionPct"],
    ["a position limit over 100 %", { maxPositionPct: 101 }, "maxPositionPct"],
    ["a participant limit of 1", { maxParticipants: 1 }, "maxParticipants"],
    ["a participant limit over 100,000", { maxParticipants: 100_001 }, "maxParticipants"],
    ["a fractional participant limit", { maxParticipants: 10.5 }, "maxParticipants"],
    ["an empty instrument list", { instruments: [] }, "instruments"],
    ["a symbol that is not one", { instruments: ["ACME", "B4D"] }, "instruments"],
    ["an unknown visibility", { visibility: "secret" as never }, "visibility"],
    ["an unknown metric", { metric: "sortino" as never }, "metric"],
    ["an empty required lesson", { requiredLesson: "  " }, "requiredLesson"],
    ["a replay without datasets", { replay: { datasets: [], from: "2008-09-01", speed: 60 } }, "replay.datasets"],
    ["a replay from 30 February", { replay: { datasets: ["ds-1"], from: "2008-02-30", speed: 60 } }, "replay.from"],
    ["a replay at speed 0", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 0 } }, "replay.speed"],
    ["a replay slower than a trading day per real day", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 0.04 } }, "replay.speed"],
    ["a replay faster than 360 trading days an hour", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 361 } }, "replay.speed"],
    ["a margin multiple of 1 (no borrowing at all)", { margin: { multiplier: 1 } }, "margin.multiplier"],
    ["a margin multiple over 4", { margin: { multiplier: 4.5 } }, "margin.multiplier"],
    ["interest on a debit over 30 % a year", { margin: { debitRatePct: 31 } }, "margin.debitRatePct"],
    ["negative interest on cash", { margin: { creditRatePct: -1 } }, "margin.creditRatePct"],
    ["a maintenance margin at the initial one (50 % at 2×)", { margin: { maintenancePct: 50 } }, "margin.maintenancePct"],
    ["half an hour to meet a call", { margin: { callHours: 0.5 } }, "margin.callHours"],
    ["borrow fees that are not on or off", { borrowFees: "yes" as never }, "borrowFees"],
  ])("refuses %s with a message on that field", (_what, overrides, field) => {
    const fields = fieldsOf(overrides);
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]).toMatch(/^[A-Z"].+\.$/);
  });

  it.each<[string, Partial<EventDraft>]>([
    ["starting cash of exactly 100.00", { startingCash: "100.00" }],
    ["starting cash of exactly 10,000,000.00", { startingCash: "10000000.00" }],
    ["a commission of exactly 100.00 flat and 1000 bps", { commissionFlat: "100.00", commissionBps: 1000 }],
    ["a position limit of 1 %", { maxPositionPct: 1 }],
    ["a position limit of 100 %", { maxPositionPct: 100 }],
    ["a participant limit of 2", { maxParticipants: 2 }],
    ["a participant limit of 100,000", { maxParticipants: 100_000 }],
    ["a title of exactly 3 characters", { title: "abc" }],
    ["a title of 120 characters", { title: "x".repeat(120) }],
    ["a description of 5000 characters", { description: "x".repeat(5000) }],
    ["a start with an offset", { startsAt: "2026-03-10T10:00:00+01:00" }],
    ["a replay at one trading day per real day (1/24, typed as 0.0417)", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 0.0417 } }],
    ["a replay at 360 trading days an hour", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 360 } }],
  ])("accepts the edge: %s", (_what, overrides) => {
    expect(fieldsOf(overrides)).toEqual({});
  });

  it("reports every wrong field at once, so a form can show them together", () => {
    expect(Object.keys(fieldsOf({ title: "", startingCash: "1", commissionBps: -1, maxParticipants: 0 })).sort()).toEqual(["commissionBps", "maxParticipants", "startingCash", "title"]);
  });

  it("refuses an event that is already over when told the time (creating, cloning)", () => {
    const later = new Date(ENDS.getTime() + 1);
    const result = validateEventDefinition(draft(), { now: later });
    expect(result).toEqual({ ok: false, fields: { endsAt: "This end time has already passed." } });
    expect(validateEventDefinition(draft(), { now: new Date(ENDS.getTime() - 1) }).ok).toBe(true);
  });

  it("round-trips a definition through its draft (edits merge a PATCH body over it)", () => {
    const first = validateEventDefinition(draft({ commissionFlat: "0.99", instruments: ["ACME"], replay: { datasets: ["ds-1"], from: "2020-02-20", speed: 30 } }));
    if (!first.ok) throw new Error("invalid");
    const again = validateEventDefinition({ ...eventDraftOf(first.value), title: "Spring Cup II" });
    expect(again).toEqual({ ok: true, value: { ...first.value, title: "Spring Cup II" } });
  });

  it("knows real calendar dates, leap days included", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-13-01")).toBe(false);
    expect(isCalendarDate("2024-1-01")).toBe(false);
  });
});
