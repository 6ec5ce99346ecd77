import { describe, expect, it } from "vitest";
import { periodStart } from "@/domain/ranking";

const at = (iso: string) => new Date(iso);

describe("leaderboard periods are calendar periods in UTC", () => {
  it("a day starts at 00:00 UTC today, inclusive", () => {
    expect(periodStart("day", at("2026-03-11T15:42:07.123Z"))).toEqual(at("2026-03-11T00:00:00.000Z"));
    expect(periodStart("day", at("2026-03-11T00:00:00.000Z"))).toEqual(at("2026-03-11T00:00:00.000Z"));
    expect(periodStart("day", at("2026-03-10T23:59:59.999Z"))).toEqual(at("2026-03-10T00:00:00.000Z"));
  });

  it("a week starts on Monday 00:00 UTC: Sunday night still belongs to the week before", () => {
    // Sunday 15 March 2026, 23:59:59.999 → Monday 9 March.
    expect(periodStart("week", at("2026-03-15T23:59:59.999Z"))).toEqual(at("2026-03-09T00:00:00.000Z"));
    // Monday 16 March 00:00 opens a new week.
    expect(periodStart("week", at("2026-03-16T00:00:00.000Z"))).toEqual(at("2026-03-16T00:00:00.000Z"));
    expect(periodStart("week", at("2026-03-18T12:00:00.000Z"))).toEqual(at("2026-03-16T00:00:00.000Z"));
  });

  it("a week crossing a year boundary starts in the old year", () => {
    // Thursday 1 January 2026 → Monday 29 December 2025.
    expect(periodStart("week", at("2026-01-01T08:00:00.000Z"))).toEqual(at("2025-12-29T00:00:00.000Z"));
  });

  it("a month starts on the 1st at 00:00 UTC", () => {
    expect(periodStart("month", at("2026-03-31T23:59:59.999Z"))).toEqual(at("2026-03-01T00:00:00.000Z"));
    expect(periodStart("month", at("2026-04-01T00:00:00.000Z"))).toEqual(at("2026-04-01T00:00:00.000Z"));
  });

  it("leap day: 29 February is its own day and part of February", () => {
    expect(periodStart("day", at("2024-02-29T18:00:00.000Z"))).toEqual(at("2024-02-29T00:00:00.000Z"));
    expect(periodStart("month", at("2024-02-29T18:00:00.000Z"))).toEqual(at("2024-02-01T00:00:00.000Z"));
    expect(periodStart("week", at("2024-03-01T18:00:00.000Z"))).toEqual(at("2024-02-26T00:00:00.000Z"));
  });

  it("the year boundary: 31 December belongs to December, 1 January starts a new month", () => {
    expect(periodStart("month", at("2025-12-31T23:59:59.999Z"))).toEqual(at("2025-12-01T00:00:00.000Z"));
    expect(periodStart("month", at("2026-01-01T00:00:00.000Z"))).toEqual(at("2026-01-01T00:00:00.000Z"));
    expect(periodStart("day", at("2026-01-01T00:00:00.000Z"))).toEqual(at("2026-01-01T00:00:00.000Z"));
  });

  it("'all' has no start: the return runs from the portfolio's starting cash", () => {
    expect(periodStart("all", at("2026-03-11T15:42:07.123Z"))).toBeNull();
  });
});
