import { describe, expect, it } from "vitest";
import {
  aggregatedReturns,
  autocorrelation,
  correlation,
  createRng,
  excessKurtosis,
  hillAlpha,
  leverageCorrelation,
  logReturns,
  median,
  REALISM_TARGETS,
  realismReport,
  RealismInputError,
  skewness,
  topEigenvalue,
  type DailyBar,
} from "@/domain/market";

describe("the realism statistics on hand-checked data", () => {
  it("autocorrelation of 1..5 at lag 1 is 4 / 10 (deviations −2..2)", () => {
    expect(autocorrelation([1, 2, 3, 4, 5], 1)).toBeCloseTo(0.4, 12);
    // Lag 2: (−2)(0) + (−1)(1) + (0)(2) = −1, over 10.
    expect(autocorrelation([1, 2, 3, 4, 5], 2)).toBeCloseTo(-0.1, 12);
  });

  it("excess kurtosis of 1..5 is 6.8 / 2² − 3 = −1.3, and of a two-point ±1 distribution −2", () => {
    expect(excessKurtosis([1, 2, 3, 4, 5])).toBeCloseTo(-1.3, 12);
    expect(excessKurtosis([1, -1, 1, -1])).toBeCloseTo(-2, 12);
  });

  it("skewness of 0, 0, 0, 1 is 0.09375 / 0.1875^1.5 ≈ 1.1547 and flips sign with the data", () => {
    expect(skewness([0, 0, 0, 1])).toBeCloseTo(0.09375 / 0.1875 ** 1.5, 12);
    expect(skewness([0, 0, 0, -1])).toBeCloseTo(-0.09375 / 0.1875 ** 1.5, 12);
  });

  it("Hill's α of 8, 4, 2, 1 on the top 2 is 2 / (ln 4 + ln 2) = 2 / (3 ln 2)", () => {
    expect(hillAlpha([1, 8, 2, 4], 2)).toBeCloseTo(2 / (3 * Math.LN2), 12);
    expect(() => hillAlpha([1, 2], 2)).toThrow(RangeError);
  });

  it("Hill's α recovers the tail index of a Pareto sample (α = 3) within 10 %", () => {
    // Exact Pareto quantiles on an even grid: a sample with no sampling noise in the tail.
    const n = 20_000;
    const sample = Array.from({ length: n }, (_, i) => (1 - (i + 0.5) / n) ** (-1 / 3));
    expect(hillAlpha(sample, 500)).toBeGreaterThan(2.7);
    expect(hillAlpha(sample, 500)).toBeLessThan(3.3);
  });

  it("the leverage correlation pairs each return with the size of the one k days later", () => {
    // Independent: r = 1, −1, 2, −2, 3 at lag 1 pairs (1,1) (−1,2) (2,2) (−2,3).
    expect(leverageCorrelation([1, -1, 2, -2, 3], 1)).toBeCloseTo(correlation([1, -1, 2, -2], [1, 2, 2, 3]), 12);
    // Deviations 1, −1, 2, −2 and −1, 0, 0, 1: covariance sum −3, squares 10 and 2.
    expect(correlation([1, -1, 2, -2], [1, 2, 2, 3])).toBeCloseTo(-3 / Math.sqrt(20), 12);
  });

  it("log returns and overlapping 21-day sums", () => {
    expect(logReturns([100, 110, 99])).toEqual([Math.log(1.1), Math.log(0.9)]);
    expect(aggregatedReturns([1, 2, 3, 4], 2)).toEqual([3, 5, 7]);
    expect(aggregatedReturns([1, 2, 3], 3)).toEqual([6]);
  });

  it("median of odd and even counts", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("the top eigenvalue of an equicorrelation matrix is 1 + (n − 1)ρ", () => {
    expect(topEigenvalue([[2, 1], [1, 2]])).toBeCloseTo(3, 9);
    const n = 10;
    const rho = 0.3;
    const matrix = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : rho)));
    expect(topEigenvalue(matrix)).toBeCloseTo(1 + (n - 1) * rho, 9);
  });
});

/** A market made by hand: one common normal factor plus noise, iid days, steady volume. */
function gaussianMarket(days: number, seed: string): Record<string, DailyBar[]> {
  const rng = createRng(seed);
  const stocks = ["AA", "BB", "CC", "DD"];
  const closes: Record<string, number> = { AA: 100, BB: 50, CC: 20, DD: 80 };
  const bars: Record<string, DailyBar[]> = { AA: [], BB: [], CC: [], DD: [], TLX: [] };
  for (let day = 0; day < days; day++) {
    const market = rng.normal();
    let level = 0;
    for (const symbol of stocks) {
      if (day > 0) closes[symbol] = closes[symbol]! * Math.exp(0.008 * market + 0.008 * rng.normal());
      bars[symbol]!.push({ day: day * 86_400_000, close: closes[symbol]!, volume: 1_000_000 + Math.round(1000 * rng.next()) });
      level += closes[symbol]! / 4;
    }
    bars.TLX!.push({ day: day * 86_400_000, close: level, volume: 0 });
  }
  return bars;
}

describe("the realism report", () => {
  const bars = gaussianMarket(1000, "gaussian");
  const report = realismReport({ bars, index: "TLX", stocks: ["AA", "BB", "CC", "DD"] });
  const row = (id: string) => report.rows.find((r) => r.id === id)!;

  it("has every row of the issue's table, in order, with the targets this module owns", () => {
    expect(report.rows.map((r) => r.id)).toEqual(REALISM_TARGETS.map((t) => t.id));
    expect(report.days).toBe(999);
    expect(report.stocks).toBe(4);
  });

  it("finds a Gaussian market without predictability but also without fat tails or clustering", () => {
    expect(row("S1").holds).toBe(true);
    expect(row("S2").holds).toBe(false);
    expect(Math.abs(row("S2").values[0]!.value)).toBeLessThan(0.5);
    expect(row("S4").holds).toBe(false);
    expect(report.holds).toBe(false);
  });

  it("measures the correlation structure: four stocks with ρ = ½ have a top eigenvalue near 1 + 3 · ½ = 2.5, share ≈ 0.625", () => {
    expect(row("S10").values[0]!.value).toBeGreaterThan(0.58);
    expect(row("S10").values[0]!.value).toBeLessThan(0.67);
  });

  it("annualises with √365: 0.008·√2 a day is about 21.6 % a year for a stock", () => {
    const stock = row("S11").values.find((v) => v.of === "median stock")!;
    expect(stock.value).toBeGreaterThan(0.2);
    expect(stock.value).toBeLessThan(0.23);
  });

  it("agrees with the statistics computed independently on the same closes", () => {
    const returns = logReturns(bars.TLX!.map((b) => b.close));
    expect(row("S8").values[0]!.value).toBeCloseTo(skewness(returns), 12);
    const indexKurtosis = row("S2").values.find((v) => v.of === "index")!.value;
    expect(indexKurtosis).toBeCloseTo(excessKurtosis(returns), 12);
  });

  it("refuses a missing index or too short a history", () => {
    expect(() => realismReport({ bars, index: "XXX", stocks: ["AA", "BB"] })).toThrow(RealismInputError);
    const short = Object.fromEntries(Object.entries(bars).map(([s, b]) => [s, b.slice(0, 50)]));
    expect(() => realismReport({ bars: short, index: "TLX", stocks: ["AA", "BB"] })).toThrow(RealismInputError);
  });
});
