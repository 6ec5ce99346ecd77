import { describe, expect, it } from "vitest";
import { groupCount, groupOfPosition, leagueWeekEnd, leagueWeekKey, leagueWeekStart, moveUpHint, moveUpSentence, newcomerGroup, rankGroup } from "@/domain/leagues";

const at = (iso: string) => new Date(iso);

describe("league groups, places and ties", () => {
  it("equal points: the older account is ahead; equal accounts too: the id decides, in code-unit order", () => {
    const ranked = rankGroup([
      { userId: "b", points: 50, joinedAt: at("2026-01-02T00:00:00Z") },
      { userId: "c", points: 50, joinedAt: at("2026-01-01T00:00:00Z") },
      { userId: "a", points: 70, joinedAt: at("2026-03-01T00:00:00Z") },
      { userId: "B", points: 50, joinedAt: at("2026-01-02T00:00:00Z") },
    ]);
    expect(ranked.map((r) => `${r.rank}:${r.userId}`)).toEqual(["1:a", "2:c", "3:B", "4:b"]);
  });

  it("a tier of 95 people is four groups of 23 or 24, in order of last week's points", () => {
    expect(groupCount(95)).toBe(4);
    const sizes = new Map<number, number>();
    for (let p = 1; p <= 95; p++) sizes.set(groupOfPosition(p, 95), (sizes.get(groupOfPosition(p, 95)) ?? 0) + 1);
    expect([...sizes.entries()]).toEqual([
      [1, 24],
      [2, 24],
      [3, 24],
      [4, 23],
    ]);
    // The most active are together in group 1, the quietest in the last.
    expect(groupOfPosition(1, 95)).toBe(1);
    expect(groupOfPosition(95, 95)).toBe(4);
  });

  it("30 people are one group, 31 are two", () => {
    expect(groupCount(30)).toBe(1);
    expect(groupCount(31)).toBe(2);
    expect(groupOfPosition(30, 30)).toBe(1);
    expect(groupOfPosition(16, 31)).toBe(1);
    expect(groupOfPosition(17, 31)).toBe(2);
  });

  it("newcomers fill the tier's last group to 30, then open new groups of 30", () => {
    // Last group 2 has 27: three places left.
    expect([1, 2, 3, 4, 33, 34].map((o) => newcomerGroup(o, 2, 27))).toEqual([2, 2, 2, 3, 3, 4]);
    // A tier with no group yet.
    expect([1, 30, 31].map((o) => newcomerGroup(o, 0, 0))).toEqual([1, 1, 2]);
  });

  it("what it takes to move up: the points to pass the last promotion place, one more on equal points", () => {
    const points = [90, 80, 70, 60, 48, 40, 36, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const hint = moveUpHint(1, 7, points);
    expect(hint).toEqual({ kind: "behind", lastPromotionPlace: 5, pointsBehind: 13 });
    expect(moveUpSentence(hint, "Gold")).toBe("13 points behind 5th place, the last promotion place (to Gold).");
    // Six people on 10 points: the one promotion place is the oldest account's; 11 takes it.
    expect(moveUpHint(1, 6, [10, 10, 10, 10, 10, 10])).toEqual({ kind: "behind", lastPromotionPlace: 1, pointsBehind: 1 });
    // 2nd with 80 leads 6th place (40, the first place that does not move up) by 40.
    expect(moveUpHint(1, 2, points)).toEqual({ kind: "in-promotion", place: 2, lastPromotionPlace: 5, lead: 40 });
    expect(moveUpSentence(moveUpHint(1, 2, points), "Gold")).toBe("You are in a promotion place (2nd), 40 points ahead of 6th place. Finish the week here to move up to Gold.");
    expect(moveUpHint(4, 1, points)).toEqual({ kind: "top-tier", place: 1 });
    expect(moveUpHint(0, 1, [0, 0, 0])).toEqual({ kind: "need-points" });
  });

  it("the week runs from Monday 00:00 UTC: Sunday 23:59 is the old week, Monday 00:00 the new one", () => {
    expect(leagueWeekKey(at("2026-11-29T23:59:59.999Z"))).toBe("2026-11-23");
    expect(leagueWeekKey(at("2026-11-30T00:00:00.000Z"))).toBe("2026-11-30");
    expect(leagueWeekStart(at("2026-11-27T12:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(leagueWeekEnd(at("2026-11-27T12:00:00Z")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });
});
