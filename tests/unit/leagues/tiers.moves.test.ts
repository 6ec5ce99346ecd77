import { describe, expect, it } from "vitest";
import { LEAGUE_TIERS, moveOf, movePlaces, nextTier, tierName, TOP_TIER } from "@/domain/leagues";

describe("league tiers: who moves up and down when the week ends", () => {
  it("has five tiers, bronze (0) lowest and diamond highest", () => {
    expect(LEAGUE_TIERS.map((_, i) => tierName(i))).toEqual(["Bronze", "Silver", "Gold", "Sapphire", "Diamond"]);
    expect(TOP_TIER).toBe(4);
  });

  it("a full group of 30 in a middle tier: the top 5 move up, the bottom 5 move down", () => {
    expect(movePlaces(2, 30)).toEqual({ promote: 5, demote: 5 });
    expect(moveOf(2, 5, 30, 1)).toBe("up");
    expect(moveOf(2, 6, 30, 100)).toBe("stay");
    expect(moveOf(2, 25, 30, 100)).toBe("stay");
    expect(moveOf(2, 26, 30, 100)).toBe("down");
  });

  it("a small class group of 12 moves one sixth, rounded up: 2 up, 2 down", () => {
    expect(movePlaces(1, 12)).toEqual({ promote: 2, demote: 2 });
    expect(movePlaces(1, 3)).toEqual({ promote: 1, demote: 1 });
  });

  it("nobody moves down from the lowest tier, nobody up from the top", () => {
    expect(movePlaces(0, 30)).toEqual({ promote: 5, demote: 0 });
    expect(movePlaces(TOP_TIER, 30)).toEqual({ promote: 0, demote: 5 });
    expect(moveOf(0, 30, 30, 0)).toBe("stay");
    expect(moveOf(TOP_TIER, 1, 30, 500)).toBe("stay");
  });

  it("a group of one in a middle tier: the only person may move up, never also down", () => {
    expect(movePlaces(2, 1)).toEqual({ promote: 1, demote: 0 });
    expect(moveOf(2, 1, 1, 10)).toBe("up");
    expect(moveOf(2, 1, 1, 0)).toBe("stay");
  });

  it("a promotion place without a single point this week does not promote", () => {
    expect(moveOf(1, 1, 30, 0)).toBe("stay");
  });

  it("a move changes the tier by one, within the tiers", () => {
    expect(nextTier(0, "down")).toBe(0);
    expect(nextTier(0, "up")).toBe(1);
    expect(nextTier(TOP_TIER, "up")).toBe(TOP_TIER);
    expect(nextTier(3, "down")).toBe(2);
    expect(nextTier(3, "stay")).toBe(3);
  });
});
