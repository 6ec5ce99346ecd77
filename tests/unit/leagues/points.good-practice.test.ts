import { describe, expect, it } from "vitest";
import { effectiveHoldings, leaguePoints, leagueSharpe, riskPoints, riskWindow } from "@/domain/leagues";
import { parseUnits } from "@/domain/trading";

describe("league points: learning and good practice, never raw return", () => {
  it("counts XP one for one, 10 per journaled order up to 10 orders, 5 per effective holding up to 10, 5 per Sharpe unit up to 10", () => {
    expect(leaguePoints({ xp: 120, journaledOrders: 3, effectiveHoldings: 4, sharpe: 2.7 })).toEqual({ learning: 120, journal: 30, diversification: 20, risk: 10, total: 180 });
    expect(leaguePoints({ xp: 0, journaledOrders: 50, effectiveHoldings: 40, sharpe: 99 })).toEqual({ learning: 0, journal: 100, diversification: 50, risk: 50, total: 200 });
  });

  it("ten equal positions are ten holdings; one big position and nine crumbs are one", () => {
    expect(effectiveHoldings(Array.from({ length: 10 }, () => 100_000n))).toBe(10);
    expect(effectiveHoldings([1_000_000n, ...Array.from({ length: 9 }, () => 1_000n)])).toBe(1);
    expect(effectiveHoldings([])).toBe(0);
    // Shorts count by their size.
    expect(effectiveHoldings([50_000n, -50_000n])).toBe(2);
  });

  it("three equal positions count exactly 3 (integer arithmetic: no 2.9999…)", () => {
    expect(effectiveHoldings([33_333n, 33_333n, 33_333n])).toBe(3);
  });

  it("a huge return with wild swings earns fewer risk points than a steady small gain", () => {
    const wild = ["10000.00", "13000.00", "8000.00", "12500.00", "7500.00", "12000.00"];
    const steady = ["10000.00", "10010.00", "10021.00", "10030.00", "10041.00", "10050.00"];
    const wildSharpe = leagueSharpe(wild)!;
    const steadySharpe = leagueSharpe(steady)!;
    // +20 % for the wild one, +0.5 % for the steady one.
    expect(Number(wild.at(-1)) / Number(wild[0])).toBeGreaterThan(Number(steady.at(-1)) / Number(steady[0]));
    expect(steadySharpe).toBeGreaterThan(wildSharpe);
    expect(riskPoints(steadySharpe)).toBeGreaterThan(riskPoints(wildSharpe));
  });

  it("a losing or flat portfolio, or one too new for two daily steps, earns no risk points", () => {
    expect(riskPoints(leagueSharpe(["10000.00", "9900.00", "9800.00", "9750.00"]))).toBe(0);
    expect(leagueSharpe(["10000.00", "10000.00", "10000.00"])).toBeNull();
    expect(leagueSharpe(["10000.00", "10100.00"])).toBeNull();
    expect(riskPoints(null)).toBe(0);
  });

  it("a teacher's deposit is not a day's gain: with the days' units, a steady gain plus a deposit ranks as the steady gain", () => {
    // The unit value rises 0.1 % of the start a day; after the third day a deposit of 5,010.00
    // buys 5,000 units at that day's unit value 1.002 (10,000 units → 15,000).
    const equities = ["10000.00", "10010.00", "10020.00", "15045.00", "15060.00", "15075.00"];
    const [before, after] = [parseUnits("10000.00000000"), parseUnits("15000.00000000")];
    const units = [before, before, before, after, after, after];
    const steady = leagueSharpe(["10000.00", "10010.00", "10020.00", "10030.00", "10040.00", "10050.00"])!;
    // Time-weighted, the days are exactly the steady ones.
    expect(leagueSharpe(equities, units)).toBe(steady);
    // Raw, the deposit is one huge day among tiny ones: a far lower ratio, fewer points.
    const raw = leagueSharpe(equities)!;
    expect(raw).toBeLessThan(steady / 10);
    expect(riskPoints(steady)).toBeGreaterThan(riskPoints(raw));
  });

  it("the Sharpe window is the last seven 00:00 UTC instants, oldest first", () => {
    const window = riskWindow(new Date("2026-11-27T15:30:00Z"));
    expect(window.map((d) => d.toISOString())).toEqual([
      "2026-11-21T00:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
      "2026-11-23T00:00:00.000Z",
      "2026-11-24T00:00:00.000Z",
      "2026-11-25T00:00:00.000Z",
      "2026-11-26T00:00:00.000Z",
      "2026-11-27T00:00:00.000Z",
    ]);
  });
});
