/**
 * Random teams of N (issue #23 §3): the students not in a team yet fall into teams of the
 * teacher's size, the remainder spread; every team within the contest's sizes; nobody placed
 * twice or lost; who is left out (too few for a team) is counted, never silently dropped.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dealTeams, planRandomTeams } from "@/domain/events";

describe("planRandomTeams", () => {
  it("makes teams of the size asked and spreads the remainder over them", () => {
    expect(planRandomTeams(9, 3, { min: 2, max: 5 })).toEqual({ ok: true, sizes: [3, 3, 3], leftOut: 0 });
    expect(planRandomTeams(11, 3, { min: 2, max: 5 })).toEqual({ ok: true, sizes: [4, 4, 3], leftOut: 0 });
    expect(planRandomTeams(30, 4, { min: 2, max: 5 })).toEqual({ ok: true, sizes: [5, 5, 4, 4, 4, 4, 4], leftOut: 0 });
    // Fewer than the size but enough for one team: one team.
    expect(planRandomTeams(2, 3, { min: 2, max: 3 })).toEqual({ ok: true, sizes: [2], leftOut: 0 });
  });

  it("adds a team when spreading would make one too big, and leaves out only what fits nowhere", () => {
    // 7 in teams of 3 (largest 3): a third team of 2 and 2 and 3.
    expect(planRandomTeams(7, 3, { min: 2, max: 3 })).toEqual({ ok: true, sizes: [3, 2, 2], leftOut: 0 });
    // 7 in teams of exactly 3: one is left out, and the answer says so.
    expect(planRandomTeams(7, 3, { min: 3, max: 3 })).toEqual({ ok: true, sizes: [3, 3], leftOut: 1 });
  });

  it("refuses a size outside the contest's, and too few students, with a message that says why", () => {
    expect(planRandomTeams(10, 6, { min: 2, max: 5 })).toMatchObject({ ok: false, message: expect.stringContaining("from 2 to 5") });
    expect(planRandomTeams(1, 2, { min: 2, max: 3 })).toMatchObject({ ok: false, message: expect.stringContaining("Only 1 student") });
    expect(planRandomTeams(0, 2, { min: 2, max: 3 })).toMatchObject({ ok: false, message: "Every student is in a team already." });
  });

  it("over any class: every team within the sizes, near the size asked, and everyone placed or counted out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 200 }), (min, wider, pick, count) => {
        const max = Math.min(5, min + wider);
        const size = Math.min(max, min + pick);
        const plan = planRandomTeams(count, size, { min, max });
        if (!plan.ok) return count < min;
        const placed = plan.sizes.reduce((a, b) => a + b, 0);
        expect(placed + plan.leftOut).toBe(count);
        expect(plan.leftOut).toBeLessThan(min);
        for (const n of plan.sizes) expect(n >= min && n <= max).toBe(true);
        expect(Math.max(...plan.sizes) - Math.min(...plan.sizes)).toBeLessThanOrEqual(1);
        return true;
      }),
    );
  });
});

describe("dealTeams", () => {
  it("deals everyone once, in the plan's sizes", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const people = Array.from({ length: 11 }, (_, i) => `s${i}`);
    const teams = dealTeams(people, { sizes: [4, 4, 3] }, random);
    expect(teams.map((t) => t.length)).toEqual([4, 4, 3]);
    expect(teams.flat().sort()).toEqual([...people].sort());
  });
});
