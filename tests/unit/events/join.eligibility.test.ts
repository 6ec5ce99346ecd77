import { describe, expect, it } from "vitest";
import { checkJoin, type JoinContext, JOIN_REFUSAL_CODES } from "@/domain/events";
import { ENDS, event, ms, STARTS } from "./helpers";

const BEFORE = ms(STARTS, -3_600_000);
const LIVE = ms(STARTS, 3_600_000);

const context = (overrides: Partial<JoinContext> = {}): JoinContext => ({
  now: BEFORE,
  participants: 0,
  alreadyJoined: false,
  codeGiven: null,
  codeExpected: null,
  lessonPassed: false,
  ...overrides,
});

const privateEvent = event({ visibility: "private" });

describe("joining an event", () => {
  it("lets anyone join a public event before it starts", () => {
    expect(checkJoin(event(), context())).toEqual({ ok: true });
  });

  it("lets people join a live event with late entry on, up to the last millisecond", () => {
    expect(checkJoin(event({ lateEntry: true }), context({ now: LIVE }))).toEqual({ ok: true });
    expect(checkJoin(event({ lateEntry: true }), context({ now: ms(ENDS, -1) }))).toEqual({ ok: true });
  });

  it("refuses EVENT_ENDED at the end instant", () => {
    expect(checkJoin(event(), context({ now: ENDS }))).toMatchObject({ ok: false, code: "EVENT_ENDED" });
  });

  it("refuses LATE_ENTRY_CLOSED from the start instant when late entry is off, but takes joins until then", () => {
    const noLate = event({ lateEntry: false });
    expect(checkJoin(noLate, context({ now: ms(STARTS, -1) }))).toEqual({ ok: true });
    expect(checkJoin(noLate, context({ now: STARTS }))).toMatchObject({ ok: false, code: "LATE_ENTRY_CLOSED" });
  });

  it("refuses EVENT_FULL when the participants reach the limit, and takes the last seat", () => {
    const small = event({ maxParticipants: 10 });
    expect(checkJoin(small, context({ participants: 9 }))).toEqual({ ok: true });
    expect(checkJoin(small, context({ participants: 10 }))).toMatchObject({ ok: false, code: "EVENT_FULL", message: expect.stringContaining("10") });
  });

  it("asks for the join code of a private event (JOIN_CODE_REQUIRED), refuses a wrong one (JOIN_CODE_INVALID)", () => {
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH" }))).toMatchObject({ ok: false, code: "JOIN_CODE_REQUIRED" });
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: "   " }))).toMatchObject({ ok: false, code: "JOIN_CODE_REQUIRED" });
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: "ABCDEFGJ" }))).toMatchObject({ ok: false, code: "JOIN_CODE_INVALID" });
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: "ABCDEFGH9" }))).toMatchObject({ ok: false, code: "JOIN_CODE_INVALID" });
  });

  it("takes the join code as people type it: any case, with a dash or spaces", () => {
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: "abcd-efgh" }))).toEqual({ ok: true });
    expect(checkJoin(privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: " ABCD EFGH " }))).toEqual({ ok: true });
  });

  it("refuses every code for a private event whose code was withdrawn", () => {
    expect(checkJoin(privateEvent, context({ codeExpected: null, codeGiven: "ABCDEFGH" }))).toMatchObject({ ok: false, code: "JOIN_CODE_INVALID" });
  });

  it("ignores a code given for a public event", () => {
    expect(checkJoin(event(), context({ codeGiven: "WHATEVER" }))).toEqual({ ok: true });
  });

  it("refuses LESSON_REQUIRED until the lesson is passed, naming the lesson to link to", () => {
    const withLesson = event({ requiredLesson: "lesson-7" });
    expect(checkJoin(withLesson, context({ lessonPassed: false }))).toMatchObject({ ok: false, code: "LESSON_REQUIRED", lessonId: "lesson-7" });
    expect(checkJoin(withLesson, context({ lessonPassed: true }))).toEqual({ ok: true });
  });

  it("answers ok for someone already in, even once the event is full or has ended (joining again answers the same portfolio)", () => {
    const strict = event({ visibility: "private", lateEntry: false, maxParticipants: 2, requiredLesson: "lesson-7" });
    expect(checkJoin(strict, context({ alreadyJoined: true, now: ENDS, participants: 2 }))).toEqual({ ok: true });
  });

  describe("checks in the documented order when several refusals apply", () => {
    const everything = event({ visibility: "private", lateEntry: false, maxParticipants: 2, requiredLesson: "lesson-7" });
    const all = { codeExpected: "ABCDEFGH", participants: 2, lessonPassed: false } as const;

    it.each([
      ["no code: the code comes first, revealing nothing else", context({ ...all, now: ENDS }), "JOIN_CODE_REQUIRED"],
      ["a wrong code", context({ ...all, now: ENDS, codeGiven: "ZZZZZZZZ" }), "JOIN_CODE_INVALID"],
      ["the right code, ended", context({ ...all, now: ENDS, codeGiven: "ABCDEFGH" }), "EVENT_ENDED"],
      ["the right code, live without late entry", context({ ...all, now: LIVE, codeGiven: "ABCDEFGH" }), "LATE_ENTRY_CLOSED"],
      ["the right code, upcoming and full", context({ ...all, codeGiven: "ABCDEFGH" }), "EVENT_FULL"],
      ["the right code, a seat free, lesson not passed", context({ ...all, participants: 1, codeGiven: "ABCDEFGH" }), "LESSON_REQUIRED"],
    ] as const)("%s → %s", (_what, ctx, code) => {
      expect(checkJoin(everything, ctx)).toMatchObject({ ok: false, code });
    });
  });

  it("has a human message for every refusal code", () => {
    const seen = new Set<string>();
    const probes: Array<[ReturnType<typeof event>, JoinContext]> = [
      [privateEvent, context({ codeExpected: "ABCDEFGH" })],
      [privateEvent, context({ codeExpected: "ABCDEFGH", codeGiven: "X" })],
      [event(), context({ now: ENDS })],
      [event({ lateEntry: false }), context({ now: LIVE })],
      [event({ maxParticipants: 2 }), context({ participants: 2 })],
      [event({ requiredLesson: "l" }), context()],
    ];
    for (const [e, c] of probes) {
      const decision = checkJoin(e, c);
      if (decision.ok) throw new Error("expected a refusal");
      expect(decision.message.length).toBeGreaterThan(20);
      seen.add(decision.code);
    }
    expect([...seen].sort()).toEqual([...JOIN_REFUSAL_CODES].sort());
  });
});
