import { describe, expect, it } from "vitest";
import { addDays, localDay, streakOf } from "@/domain/learning";

describe("the learner's day", () => {
  it("is the calendar day in their own time zone, not UTC's", () => {
    const instant = new Date("2026-03-10T23:30:00Z");
    expect(localDay(instant, "UTC")).toBe("2026-03-10");
    expect(localDay(instant, "Pacific/Auckland")).toBe("2026-03-11");
    expect(localDay(instant, "America/Los_Angeles")).toBe("2026-03-10");
    expect(localDay(new Date("2026-03-11T06:59:00Z"), "America/Los_Angeles")).toBe("2026-03-10");
  });

  it("survives the spring-forward night (a 23-hour day in New York)", () => {
    // 2026-03-08: clocks jump from 02:00 to 03:00 in New York.
    expect(localDay(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
    expect(localDay(new Date("2026-03-08T05:00:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDay(new Date("2026-03-09T03:59:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDay(new Date("2026-03-09T04:00:00Z"), "America/New_York")).toBe("2026-03-09");
  });

  it("survives the fall-back night (a 25-hour day in Berlin)", () => {
    // 2026-10-25: clocks go back from 03:00 to 02:00 in Berlin.
    expect(localDay(new Date("2026-10-24T21:59:00Z"), "Europe/Berlin")).toBe("2026-10-24");
    expect(localDay(new Date("2026-10-24T22:00:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDay(new Date("2026-10-25T22:59:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDay(new Date("2026-10-25T23:00:00Z"), "Europe/Berlin")).toBe("2026-10-26");
  });

  it("adds calendar days across months, years and leap days", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});

describe("streaks", () => {
  it("counts consecutive days ending today", () => {
    expect(streakOf(["2026-11-19", "2026-11-20", "2026-11-21"], "2026-11-21")).toEqual({ current: 3, longest: 3, activeToday: true });
  });

  it("keeps yesterday's streak alive while today is still open", () => {
    expect(streakOf(["2026-11-19", "2026-11-20"], "2026-11-21")).toEqual({ current: 2, longest: 2, activeToday: false });
  });

  it("breaks after a missed day, but remembers the longest run", () => {
    expect(streakOf(["2026-11-10", "2026-11-11", "2026-11-12", "2026-11-19"], "2026-11-21")).toEqual({ current: 0, longest: 3, activeToday: false });
  });

  it("counts a day once however much happened on it", () => {
    expect(streakOf(["2026-11-21", "2026-11-21", "2026-11-20"], "2026-11-21").current).toBe(2);
  });

  it("runs across a month and a daylight-saving change as plain calendar days", () => {
    const days = ["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"];
    expect(streakOf(days, "2026-10-27").current).toBe(4);
    expect(streakOf(["2026-02-28", "2026-03-01"], "2026-03-01").current).toBe(2);
  });

  it("is zero with no activity", () => {
    expect(streakOf([], "2026-11-21")).toEqual({ current: 0, longest: 0, activeToday: false });
  });
});
