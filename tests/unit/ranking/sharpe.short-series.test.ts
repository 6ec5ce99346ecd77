import { describe, expect, it } from "vitest";
import { BOARD_SHARPE_STEP_MS, SHARPE_RANKING_DECIMALS, sharpeForRanking } from "@/domain/ranking";
import { formatRatio, riskFigures, sharpeRatio } from "@/domain/trading";

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

  it("is defined from two returns that differ, and is the performance panel's (riskFigures on 5-minute steps)", () => {
    const series = ["100000.00", "101000.00", "100990.00"];
    expect(sharpeForRanking(series)).not.toBeNull();
    // The same figure, compared at the ranking's precision (SHARPE_RANKING_DECIMALS).
    expect(sharpeForRanking(series)).toBeCloseTo(riskFigures(series, null, { stepMs: BOARD_SHARPE_STEP_MS }).sharpe!, SHARPE_RANKING_DECIMALS);
  });

  it("is the per-step Sharpe annualised from 5-minute steps, unrounded (0.1679 a step)", () => {
    const series = ["100000.00", "101000.00", "99990.00", "102000.00", "100980.00"];
    expect(sharpeRatio(series)).toBe(0.1679);
    const stepsPerYear = (365 * 86_400_000) / BOARD_SHARPE_STEP_MS;
    expect(sharpeForRanking(series)).toBeCloseTo(0.16786 * Math.sqrt(stepsPerYear), 0);
    expect(formatRatio(sharpeForRanking(series))).toBe(formatRatio(riskFigures(series, null, { stepMs: BOARD_SHARPE_STEP_MS }).sharpe));
  });
});
