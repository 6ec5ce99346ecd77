import { describe, expect, it } from "vitest";
import { rankChange, rankEntries, type RankInput } from "@/domain/ranking";

const at = (iso: string) => new Date(iso);
const entry = (id: string, value: number | null, joined: string, ret: number | null = value): RankInput => ({ id, value, joinedAt: at(`2026-03-${joined}Z`), return: ret });
const order = (ranked: Array<{ id: string; rank: number }>) => ranked.map((r) => `${r.rank}:${r.id}`);

describe("ranking a board", () => {
  it("lets equal figures share the rank shown, 1, 2, 2, 4 (decision 053), while each keeps its own place", () => {
    const ranked = rankEntries(
      [entry("top", 0.05, "10T09:00:00"), entry("idle1", 0, "10T09:00:01"), entry("idle2", 0, "10T09:00:02"), entry("down", -0.01, "10T09:00:00")],
      "return",
    );
    expect(ranked.map((r) => [r.id, r.rank, r.sharedRank])).toEqual([
      ["top", 1, 1],
      ["idle1", 2, 2],
      ["idle2", 3, 2],
      ["down", 4, 4],
    ]);
  });

  it("on a Sharpe board, shares a rank among those without a ratio only when their returns are equal too", () => {
    const ranked = rankEntries([entry("s", 1.2, "10T09:00:00", 0.01), entry("n1", null, "10T09:00:00", 0.02), entry("n2", null, "10T09:00:01", 0), entry("n3", null, "10T09:00:02", 0)], "sharpe");
    expect(ranked.map((r) => [r.id, r.sharedRank])).toEqual([
      ["s", 1],
      ["n1", 2],
      ["n2", 3],
      ["n3", 3],
    ]);
  });

  it("orders by return, highest first, with unique ranks 1..n", () => {
    const ranked = rankEntries([entry("a", 0.01, "10T09:00:00"), entry("b", 0.05, "10T09:00:00"), entry("c", -0.02, "10T09:00:00")], "return");
    expect(order(ranked)).toEqual(["1:b", "2:a", "3:c"]);
  });

  it("gives a tie to the earlier joiner, by the millisecond", () => {
    const ranked = rankEntries([entry("late", 0.05, "10T09:00:00.001"), entry("early", 0.05, "10T09:00:00.000")], "return");
    expect(order(ranked)).toEqual(["1:early", "2:late"]);
  });

  it("breaks a tie of value and join time by id, so every refresh gives the same order", () => {
    const input = [entry("b", 0.05, "10T09:00:00"), entry("a", 0.05, "10T09:00:00")];
    expect(order(rankEntries(input, "return"))).toEqual(["1:a", "2:b"]);
    expect(order(rankEntries([...input].reverse(), "return"))).toEqual(["1:a", "2:b"]);
  });

  it("treats 0 and −0 as the same return", () => {
    expect(order(rankEntries([entry("late", 0, "11T00:00:00"), entry("early", -0, "10T00:00:00")], "return"))).toEqual(["1:early", "2:late"]);
  });

  it("puts an undefined return (no positive baseline) last", () => {
    expect(order(rankEntries([entry("none", null, "01T00:00:00"), entry("down", -0.5, "10T00:00:00")], "return"))).toEqual(["1:down", "2:none"]);
  });

  it("on a Sharpe board, puts undefined ratios after every defined one, even a negative one, then orders them by return", () => {
    const ranked = rankEntries(
      [
        entry("undef-small", null, "01T00:00:00", 0.01),
        entry("neg", -1.2, "10T00:00:00", -0.3),
        entry("undef-big", null, "02T00:00:00", 0.2),
        entry("pos", 0.8, "10T00:00:00", 0.01),
        entry("undef-noreturn", null, "01T00:00:00", null),
      ],
      "sharpe",
    );
    expect(order(ranked)).toEqual(["1:pos", "2:neg", "3:undef-big", "4:undef-small", "5:undef-noreturn"]);
  });

  it("on a Sharpe board, gives equal defined ratios to the earlier joiner, not the higher return", () => {
    const ranked = rankEntries([entry("late-rich", 0.5, "10T00:00:01", 0.3), entry("early", 0.5, "10T00:00:00", 0.1)], "sharpe");
    expect(order(ranked)).toEqual(["1:early", "2:late-rich"]);
  });

  it("on a Sharpe board, gives undefined ratios with equal returns to the earlier joiner", () => {
    const ranked = rankEntries([entry("late", null, "10T00:00:01", 0.1), entry("early", null, "10T00:00:00", 0.1)], "sharpe");
    expect(order(ranked)).toEqual(["1:early", "2:late"]);
  });

  it("on the XP board, gives equal XP to the older account", () => {
    expect(order(rankEntries([entry("new", 120, "10T00:00:00"), entry("old", 120, "01T00:00:00"), entry("top", 300, "12T00:00:00")], "xp"))).toEqual(["1:top", "2:old", "3:new"]);
  });

  it("keeps each entry's own fields and leaves the input as it was", () => {
    const input = [{ ...entry("a", 0.01, "10T00:00:00"), name: "Ada" }, { ...entry("b", 0.02, "10T00:00:00"), name: "Bo" }];
    const copy = structuredClone(input);
    expect(rankEntries(input, "return")[0]).toMatchObject({ id: "b", name: "Bo", rank: 1 });
    expect(input).toEqual(copy);
  });

  it("answers an empty board", () => {
    expect(rankEntries([], "sharpe")).toEqual([]);
  });
});

describe("rank change since yesterday", () => {
  it.each([
    ["climbed from 12th to 9th", 9, 12, 3],
    ["fell from 1st to 4th", 4, 1, -3],
    ["held 5th", 5, 5, 0],
    ["new today", 7, null, null],
    ["not ranked today", null, 3, null],
  ] as const)("%s → %s", (_what, today, yesterday, change) => {
    expect(rankChange(today, yesterday)).toBe(change);
  });
});
