import { describe, expect, it } from "vitest";
import {
  groupCount,
  groupOfPosition,
  LEAGUE_MIN_SIZE,
  leagueWeekEnd,
  leagueWeekKey,
  leagueWeekStart,
  movePlaces,
  moveUpHint,
  moveUpSentence,
  newcomerGroup,
  newcomerTier,
  rankGroup,
  settleTiers,
} from "@/domain/leagues";

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

  it("newcomers fill the tier's last group to 30, then open new groups of at most 30, nearly equal", () => {
    // Last group 2 has 27: three places left; 34 newcomers, so 31 overflow into two new groups of 16 and 15.
    expect([1, 2, 3, 4, 19, 20, 34].map((o) => newcomerGroup(o, 2, 27, 34))).toEqual([2, 2, 2, 3, 3, 4, 4]);
    // A tier with no group yet: 31 newcomers are two groups.
    expect([1, 16, 17, 31].map((o) => newcomerGroup(o, 0, 0, 31))).toEqual([1, 1, 2, 2]);
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

describe("no league starts with fewer than LEAGUE_MIN_SIZE (issue #23 §4: never a league of one)", () => {
  it("is three: a top, a middle and a bottom place", () => {
    expect(LEAGUE_MIN_SIZE).toBe(3);
    expect(movePlaces(1, LEAGUE_MIN_SIZE)).toEqual({ promote: 1, demote: 1 });
  });

  it("a first newcomer, or two, wait; the third starts the league with them", () => {
    expect(newcomerGroup(1, 0, 0, 1)).toBeNull();
    expect([1, 2].map((o) => newcomerGroup(o, 0, 0, 2))).toEqual([null, null]);
    expect([1, 2, 3].map((o) => newcomerGroup(o, 0, 0, 3))).toEqual([1, 1, 1]);
  });

  it("past a full group, one or two newcomers wait instead of opening a league of their own", () => {
    expect(newcomerGroup(1, 4, 30, 1)).toBeNull();
    expect([1, 2].map((o) => newcomerGroup(o, 4, 30, 2))).toEqual([null, null]);
    // One place left: the first joins it, the other two wait; with three over, they start group 5.
    expect([1, 2, 3].map((o) => newcomerGroup(o, 4, 29, 3))).toEqual([4, null, null]);
    expect([1, 2, 3, 4].map((o) => newcomerGroup(o, 4, 29, 4))).toEqual([4, 5, 5, 5]);
    // A group that has room always takes a newcomer, however small.
    expect(newcomerGroup(1, 1, 2, 1)).toBe(1);
  });

  it("a newcomer joins their own tier when it has a league, else the nearest that has one, the lower of two as near", () => {
    expect(newcomerTier(2, [0, 2, 3])).toBe(2);
    expect(newcomerTier(2, [0])).toBe(0);
    expect(newcomerTier(2, [1, 3])).toBe(1);
    expect(newcomerTier(2, [4])).toBe(4);
    expect(newcomerTier(3, [])).toBe(3);
  });

  it("at the rollover a move into a tier too few reach waits: a lone promotion stays where it was", () => {
    // Ten stay in Bronze, one is promoted to Silver alone: she stays in Bronze this week.
    const people = [...Array.from({ length: 10 }, () => ({ from: 0, to: 0 })), { from: 0, to: 1 }];
    expect(settleTiers(people)).toEqual(Array(11).fill(0));
    // Three promoted together start Silver.
    const three = [...Array.from({ length: 10 }, () => ({ from: 0, to: 0 })), ...Array.from({ length: 3 }, () => ({ from: 0, to: 1 }))];
    expect(settleTiers(three)).toEqual([...Array(10).fill(0), 1, 1, 1]);
  });

  it("a tier still too small merges into the nearest with enough; too few in all wait; all small but enough together play in the fullest", () => {
    // A Gold group of two: the promotion waits (Sapphire would hold one), the demotion to Silver
    // (four there) does not; Gold is left with one, who merges into Silver, the nearest with enough.
    const people = [{ from: 2, to: 3 }, { from: 2, to: 1 }, { from: 1, to: 1 }, { from: 1, to: 1 }, { from: 1, to: 1 }];
    expect(settleTiers(people)).toEqual([1, 1, 1, 1, 1]);
    // Two people in all: nobody starts.
    expect(settleTiers([{ from: 2, to: 3 }, { from: 2, to: 1 }])).toEqual([null, null]);
    // Two in Silver, two in Gold: four together play in the fuller, the lower on a tie (Silver).
    expect(settleTiers([{ from: 1, to: 1 }, { from: 1, to: 1 }, { from: 2, to: 2 }, { from: 2, to: 2 }])).toEqual([1, 1, 1, 1]);
  });

  it("never leaves anyone placed in a tier of fewer than three, on random weeks", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let week = 0; week < 500; week++) {
      const n = 1 + Math.floor(rand() * 12);
      const people = Array.from({ length: n }, () => {
        const from = Math.floor(rand() * 5);
        const to = Math.max(0, Math.min(4, from + Math.floor(rand() * 3) - 1));
        return { from, to };
      });
      const placed = settleTiers(people);
      if (n < LEAGUE_MIN_SIZE) expect(placed.every((t) => t === null)).toBe(true);
      else expect(placed.every((t) => t !== null)).toBe(true);
      const counts = new Map<number, number>();
      for (const t of placed) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const size of counts.values()) expect(size).toBeGreaterThanOrEqual(LEAGUE_MIN_SIZE);
    }
  });
});
