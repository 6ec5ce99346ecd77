import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boardRequestOf, rankingQuery } from "@/features/ranking/schemas";

const parse = (query: Record<string, unknown>) => z.safeParse(rankingQuery, query);
const message = (query: Record<string, unknown>) => {
  const result = parse(query);
  return result.success ? null : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
};

describe("GET /api/rankings query", () => {
  it("defaults to the all-time practice board, page 1 of 50 rows", () => {
    const result = parse({});
    expect(result.success && result.data).toEqual({ board: "practice", page: 1, pageSize: 50 });
    expect(boardRequestOf({ board: "practice" })).toEqual({ kind: "practice", period: "all" });
  });

  it("names practice, XP and event boards", () => {
    expect(boardRequestOf({ board: "practice", period: "week" })).toEqual({ kind: "practice", period: "week" });
    expect(boardRequestOf({ board: "xp", period: "week" })).toEqual({ kind: "xp", period: "week" });
    expect(boardRequestOf({ board: "event:spring-cup-2" })).toEqual({ kind: "event", slug: "spring-cup-2" });
  });

  it("refuses every bad parameter with a message that says what is accepted", () => {
    expect(message({ board: "stocks" })).toMatch(/^board: board is one of practice, xp or event:\{slug\}/);
    expect(message({ board: "event:" })).toMatch(/^board: /);
    expect(message({ board: "event:Bad Slug" })).toMatch(/^board: /);
    expect(message({ period: "year" })).toBe("period: period is one of day, week, month or all.");
    expect(message({ page: "0" })).toBe("page: page is a whole number from 1.");
    expect(message({ page: "1.5" })).toBe("page: page is a whole number from 1.");
    expect(message({ page: "x" })).toBe("page: page is a whole number from 1.");
    expect(message({ pageSize: "500" })).toBe("pageSize: pageSize is a whole number from 1 to 200.");
    expect(message({ board: "xp", period: "month" })).toBe("period: The XP board has all time and this week: period is all or week.");
    expect(message({ board: "event:cup", period: "day" })).toBe("period: An event board covers the whole event: leave period out (or use all).");
  });
});
