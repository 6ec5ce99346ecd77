import { describe, expect, it } from "vitest";
import { alpha, annualised, beta, dayChange, formatMoney, maxDrawdown, performanceMetrics, periodReturns, round4, SeriesMismatchError, sharpeRatio, totalReturn, volatility } from "@/domain/trading";
import { m } from "./helpers";

// Five daily closes of a portfolio and of the benchmark index over the same days.
const equity = ["100000.00", "101000.00", "99990.00", "102000.00", "100980.00"];
const benchmark = ["1000.00", "1005.00", "1000.00", "1012.00", "1009.00"];

describe("performance of a fixed equity series", () => {
  it("total return is the change over the start, as a fraction rounded to 4 places", () => {
    expect(totalReturn("100000.00", "100980.00")).toBe(0.0098);
    expect(totalReturn(m("100000.00"), m("94770.00"))).toBe(-0.0523);
    expect(totalReturn("0.00", "10.00")).toBeNull();
  });

  it("day change is the amount and the fraction since the day began", () => {
    const change = dayChange("102000.00", "100980.00");
    expect({ amount: formatMoney(change.amount), ratio: change.ratio }).toEqual({ amount: "-1020.00", ratio: -0.01 });
  });

  it("period returns are step by step", () => {
    expect(periodReturns(equity).map((r) => round4(r!))).toEqual([0.01, -0.01, 0.0201, -0.01]);
  });

  it("volatility is the sample standard deviation of those returns (0.015039…)", () => {
    expect(volatility(equity)).toBe(0.015);
  });

  it("max drawdown is the deepest fall from a peak", () => {
    expect(maxDrawdown(equity)).toBe(0.01);
    expect(maxDrawdown(["100.00", "120.00", "90.00", "130.00", "104.00"])).toBe(0.25);
    expect(maxDrawdown(["100.00", "101.00", "102.00"])).toBe(0);
  });

  it("Sharpe is the mean excess return over its standard deviation (0.1679…)", () => {
    expect(sharpeRatio(equity)).toBe(0.1679);
    expect(sharpeRatio(equity, { riskFreePerPeriod: 0.001 })).toBe(0.1014);
  });

  it("Sharpe is undefined with fewer than two returns or no variance", () => {
    expect(sharpeRatio(["100.00", "110.00"])).toBeNull();
    expect(sharpeRatio(["100.00"])).toBeNull();
    expect(sharpeRatio(["100.00", "100.00", "100.00"])).toBeNull();
    // A steady 10 % a step: float noise is not variance.
    expect(sharpeRatio(["100.00", "110.00", "121.00", "133.10"])).toBeNull();
  });

  it("beta and alpha are measured against the benchmark (1.9105, −0.0018 a period)", () => {
    expect(beta(equity, benchmark)).toBe(1.9105);
    expect(alpha(equity, benchmark)).toBe(-0.0018);
    expect(beta(benchmark, benchmark)).toBe(1);
    expect(alpha(benchmark, benchmark)).toBe(0);
  });

  it("beta is undefined against a flat benchmark, and a misaligned benchmark is an error", () => {
    expect(beta(equity, ["1.00", "1.00", "1.00", "1.00", "1.00"])).toBeNull();
    expect(() => beta(equity, benchmark.slice(1))).toThrow(SeriesMismatchError);
  });

  it("gathers every figure for the performance panel", () => {
    expect(performanceMetrics(equity, benchmark)).toEqual({ totalReturn: 0.0098, volatility: 0.015, maxDrawdown: 0.01, sharpe: 0.1679, beta: 1.9105, alpha: -0.0018 });
    expect(performanceMetrics([])).toEqual({ totalReturn: null, volatility: null, maxDrawdown: 0, sharpe: null, beta: null, alpha: null });
  });

  it("rounds half away from zero and never answers −0", () => {
    expect(round4(0.00005)).toBe(0.0001);
    expect(round4(-0.00005)).toBe(-0.0001);
    expect(Object.is(round4(-0.00001), 0)).toBe(true);
  });
});

describe("annualised risk figures", () => {
  it("scales volatility and Sharpe by √(steps a year) and alpha by the steps, leaving the rest", () => {
    const daily = { totalReturn: 0.05, volatility: 0.01, maxDrawdown: 0.02, sharpe: 0.1, beta: 1.2, alpha: 0.0001 };
    expect(annualised(daily, 86_400_000)).toEqual({ totalReturn: 0.05, volatility: 0.191, maxDrawdown: 0.02, sharpe: 1.9105, beta: 1.2, alpha: 0.0365 });
    // Hourly steps: 8,760 a year.
    expect(annualised({ ...daily, sharpe: null, alpha: null }, 3_600_000)).toMatchObject({ volatility: 0.9359, sharpe: null, alpha: null });
  });
});
