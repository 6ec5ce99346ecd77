import { describe, expect, it } from "vitest";
import { sharpeForRanking } from "@/domain/ranking";
import { sharpeRatio } from "@/domain/trading";

describe("Sharpe ratio for ranking on short series", () => {
  it.each([
    ["no snapshots (0 returns)", []],
    ["one snapshot (0 returns)", ["100000.00"]],
    ["two snapshots (1 return)", ["100000.00", "101000.00"]],
    ["a flat series (no variance)", ["100000.00", "100000.00", "100000.00", "100000.00"]],
    ["a steady 10 % a step (float noise is not variance)", ["100.00", "110.00", "121.00", "133.10"]],
  ])("is undefined with %s", (_what, series) => {
    expect(sharpeForRanking(series)).toBeNull();
  });

  it("is defined from two returns that differ, and equals the performance panel's", () => {
    const series = ["100000.00", "101000.00", "100990.00"];
    expect(sharpeForRanking(series)).not.toBeNull();
    expect(sharpeForRanking(series)).toBe(sharpeRatio(series));
  });

  it("matches trading's Sharpe on a longer series (0.1679)", () => {
    expect(sharpeForRanking(["100000.00", "101000.00", "99990.00", "102000.00", "100980.00"])).toBe(0.1679);
  });
});
