import { beforeAll, describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, createMarketState, DEFAULT_SIMULATION_CONFIG, step, type MarketState } from "@/domain/market";
import { correlation, mean } from "./stats";

// Daily steps over six simulated years with a fixed seed: the statistics below are far
// from their bounds for this seed, and the seed never changes, so they cannot flake.
const STEPS = 2200;
const stocks = BUNDLED_UNIVERSE.filter((i) => i.kind === "stock");
const returns = new Map<string, number[]>();
const marketFactor: number[] = [];

beforeAll(() => {
  let state: MarketState = createMarketState(BUNDLED_UNIVERSE, "correlation", new Date("2026-01-01T00:00:00Z"));
  for (const i of BUNDLED_UNIVERSE) returns.set(i.symbol, []);
  for (let n = 0; n < STEPS; n++) {
    const result = step(state, 86_400);
    marketFactor.push(result.factors.market);
    for (const [index, instrument] of result.state.instruments.entries()) {
      returns.get(instrument.symbol)!.push(instrument.logPrice - state.instruments[index]!.logPrice);
    }
    state = result.state;
  }
});

function pairs(sameSector: boolean): number[] {
  const values: number[] = [];
  for (let a = 0; a < stocks.length; a++) {
    for (let b = a + 1; b < stocks.length; b++) {
      if ((stocks[a]!.sector === stocks[b]!.sector) === sameSector) values.push(correlation(returns.get(stocks[a]!.symbol)!, returns.get(stocks[b]!.symbol)!));
    }
  }
  return values;
}

describe("stocks move together", () => {
  it("correlates stocks in the same sector more than stocks across sectors", () => {
    const within = mean(pairs(true));
    const across = mean(pairs(false));
    expect(across).toBeGreaterThan(0.05);
    expect(within).toBeGreaterThan(across + 0.1);
  });

  it("correlates every instrument positively with the market factor", () => {
    // The factor's normal draw is scaled by the market's volatility of the day (a storm makes
    // one draw count more than another), so it is a looser proxy than under constant volatility.
    for (const instrument of BUNDLED_UNIVERSE) {
      expect(correlation(returns.get(instrument.symbol)!, marketFactor), instrument.symbol).toBeGreaterThan(0.1);
    }
  });

  it("matches the correlation the parameters imply for a same-sector pair and a cross-sector pair", () => {
    const { marketVolatility: m, sectorVolatility: s } = DEFAULT_SIMULATION_CONFIG;
    const implied = (x: string, y: string) => {
      const a = BUNDLED_UNIVERSE.find((i) => i.symbol === x)!;
      const b = BUNDLED_UNIVERSE.find((i) => i.symbol === y)!;
      const shared = a.beta * b.beta * m * m + (a.sector === b.sector ? a.sectorLoading * b.sectorLoading * s * s : 0);
      return shared / (a.volatility * b.volatility);
    };
    for (const [x, y] of [
      ["NWRB", "LMXS"],
      ["NWRB", "SWGR"],
      ["DWPT", "IVDR"],
    ] as const) {
      expect(Math.abs(correlation(returns.get(x)!, returns.get(y)!) - implied(x, y)), `${x}/${y}`).toBeLessThan(0.1);
    }
  });

  it("gives a high-beta stock larger swings with the market than a low-beta one", () => {
    const slope = (symbol: string) => {
      const r = returns.get(symbol)!;
      const mr = mean(r);
      const mf = mean(marketFactor);
      let cov = 0;
      let vf = 0;
      for (let i = 0; i < r.length; i++) {
        cov += (r[i]! - mr) * (marketFactor[i]! - mf);
        vf += (marketFactor[i]! - mf) ** 2;
      }
      return cov / vf;
    };
    expect(slope("LMXS")).toBeGreaterThan(3 * slope("BBKW"));
  });
});
