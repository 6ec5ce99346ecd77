import { describe, expect, it } from "vitest";
import {
  changedFields,
  EVENT_FIELDS,
  type EventDefinition,
  type EventDraft,
  eventDraftOf,
  LIVE_LOCK_REASONS,
  lockedChanges,
  lockedFields,
  lockedFieldsWhenEnded,
  lockedFieldsWhenLive,
  validateEventDefinition,
} from "@/domain/events";
import { ENDS, event, ms, STARTS } from "./helpers";

const before = event({ maxParticipants: 50, instruments: ["ACME", "BOLT"], replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 60 } });
const LIVE = { now: ms(STARTS, 3_600_000), participants: 20 };

function edited(overrides: Partial<EventDraft>): EventDefinition {
  const result = validateEventDefinition({ ...eventDraftOf(before), ...overrides });
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.value;
}

describe("editing a live event", () => {
  it.each<[string, Partial<EventDraft>]>([
    ["startingCash", { startingCash: "50000.00" }],
    ["commissionFlat", { commissionFlat: "1.00" }],
    ["commissionBps", { commissionBps: 5 }],
    ["allowShort", { allowShort: false }],
    ["maxPositionPct", { maxPositionPct: 25 }],
    ["instruments", { instruments: ["ACME"] }],
    ["metric", { metric: "sharpe" }],
    ["startsAt", { startsAt: ms(STARTS, 60_000) }],
    ["replay", { replay: { datasets: ["ds-1"], from: "2008-09-01", speed: 120 } }],
    ["requiredLesson", { requiredLesson: "lesson-1" }],
    ["margin", { margin: { multiplier: 2 } }],
    ["borrowFees", { borrowFees: false }],
  ])("locks %s, with the reason", (field, change) => {
    expect(lockedFieldsWhenLive(before, edited(change), LIVE)).toEqual([{ field, reason: LIVE_LOCK_REASONS[field as keyof typeof LIVE_LOCK_REASONS] }]);
  });

  it.each<[string, Partial<EventDraft>]>([
    ["the title", { title: "Spring Cup (final week)" }],
    ["the description", { description: "Now with prizes." }],
    ["the visibility", { visibility: "private" }],
    ["late entry", { lateEntry: false }],
    ["the end, later", { endsAt: ms(ENDS, 86_400_000) }],
    ["the end, earlier but still ahead", { endsAt: ms(LIVE.now, 1) }],
    ["the participant limit, down to those already in", { maxParticipants: 20 }],
    ["the participant limit, removed", { maxParticipants: null }],
    ["the instruments, reordered only", { instruments: ["BOLT", "ACME"] }],
  ])("allows changing %s", (_what, change) => {
    expect(lockedFieldsWhenLive(before, edited(change), LIVE)).toEqual([]);
  });

  it("refuses an end that has already passed, or is now", () => {
    expect(lockedFieldsWhenLive(before, edited({ endsAt: LIVE.now }), LIVE)).toEqual([{ field: "endsAt", reason: expect.stringMatching(/not passed/) }]);
  });

  it("refuses a participant limit below the people already in", () => {
    expect(lockedFieldsWhenLive(before, edited({ maxParticipants: 19 }), LIVE)).toEqual([{ field: "maxParticipants", reason: expect.stringContaining("20 people") }]);
  });

  it("reports every locked change of one edit", () => {
    const fields = lockedFieldsWhenLive(before, edited({ startingCash: "1000.00", metric: "sharpe", title: "New" }), LIVE).map((l) => l.field);
    expect(fields).toEqual(["startingCash", "metric"]);
  });

  it("lists the locked fields up front so the form can disable them", () => {
    expect(Object.keys(lockedFields("live")).sort()).toEqual(Object.keys(LIVE_LOCK_REASONS).sort());
    expect(lockedFields("upcoming")).toEqual({});
  });
});

describe("editing at other phases", () => {
  it("locks everything once the event has ended", () => {
    expect(Object.keys(lockedFields("ended"))).toEqual([...EVENT_FIELDS]);
    expect(lockedFieldsWhenEnded(before, edited({ title: "Renamed" })).map((l) => l.field)).toEqual(["title"]);
    expect(lockedChanges(before, edited({ description: "x" }), { now: ENDS, participants: 20 })).toEqual([{ field: "description", reason: expect.stringMatching(/ended/) }]);
  });

  it("allows every rule before the start, except a participant limit below the people already in", () => {
    const ahead = { now: ms(STARTS, -1), participants: 5 };
    expect(lockedChanges(before, edited({ startingCash: "1000.00", metric: "sharpe", startsAt: ms(STARTS, 1000), replay: null }), ahead)).toEqual([]);
    expect(lockedChanges(before, edited({ maxParticipants: 4 }), ahead).map((l) => l.field)).toEqual(["maxParticipants"]);
  });

  it("judges by the phase at the given instant: at the start the rules are locked", () => {
    expect(lockedChanges(before, edited({ startingCash: "1000.00" }), { now: STARTS, participants: 0 }).map((l) => l.field)).toEqual(["startingCash"]);
  });

  it("sees no change in an identical definition", () => {
    expect(changedFields(before, edited({}))).toEqual([]);
    expect(lockedChanges(before, edited({}), { now: ENDS, participants: 0 })).toEqual([]);
  });
});
