import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, createMarketState, step, upgradeMarketState, syncUniverse, pricesOf, type MarketState, type MarketStateV1 } from "@/domain/market";

/**
 * Catch-up after a restart is exact: one long step has the same distribution as many short
 * ones (docs/decisions/051). Checked with two-sample Kolmogorov–Smirnov tests on independent
 * markets (each starts from its own draw of the long-run volatility regimes).
 */
const START = new Date("2026-01-01T00:00:00Z");
const UNIVERSE = BUNDLED_UNIVERSE.filter((i) => ["NWRB", "SWGR", "TKTM"].includes(i.symbol));
const DAY = 86_400;

/** Two-sample KS statistic and its asymptotic p-value (Kolmogorov's series, with Stephens' small-sample correction). */
function kolmogorovSmirnov(a: readonly number[], b: readonly number[]): { d: number; p: number } {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i]! <= v) i++;
    while (j < y.length && y[j]! <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  const n = (x.length * y.length) / (x.length + y.length);
  const lambda = (Math.sqrt(n) + 0.12 + 0.11 / Math.sqrt(n)) * d;
  let p = 0;
  for (let k = 1; k <= 100; k++) p += 2 * (-1) ** (k - 1) * Math.exp(-2 * k * k * lambda * lambda);
  return { d, p: Math.min(1, Math.max(0, p)) };
}

/** Log returns of every instrument after `total` seconds walked in steps of `each`. */
function endReturns(seed: string, total: number, each: number): number[] {
  let state: MarketState = createMarketState(UNIVERSE, seed, START);
  const start = state.instruments.map((i) => i.logPrice);
  for (let walked = 0; walked < total; walked += each) state = step(state, Math.min(each, total - walked)).state;
  return state.instruments.map((i, n) => i.logPrice - start[n]!);
}

function samples(prefix: string, total: number, each: number, count: number): number[][] {
  const byInstrument: number[][] = UNIVERSE.map(() => []);
  for (let n = 0; n < count; n++) endReturns(`${prefix}-${n}`, total, each).forEach((r, i) => byInstrument[i]!.push(r));
  return byInstrument;
}

describe("catch-up is exact for any step length", () => {
  const COUNT = 600;
  const long = samples("long", 20 * DAY, 20 * DAY, COUNT);
  const short = samples("short", 20 * DAY, DAY, COUNT);

  it("gives 20 days in one step the distribution of 20 daily steps (KS p > 0.05 for a stock, a utility and a fund)", () => {
    for (const [i, instrument] of UNIVERSE.entries()) {
      const { p } = kolmogorovSmirnov(long[i]!, short[i]!);
      expect(p, instrument.symbol).toBeGreaterThan(0.05);
    }
  });

  it("has the power to see a difference: 20 days against 60 days is rejected", () => {
    const longer = samples("longer", 60 * DAY, 60 * DAY, COUNT);
    expect(kolmogorovSmirnov(long[0]!, longer[0]!).p).toBeLessThan(0.05);
  });

  it("gives two hours of five-minute ticks the distribution of one two-hour step (KS p > 0.05)", () => {
    const ticks = samples("ticks", DAY / 12, 300, 400);
    const once = samples("once", DAY / 12, DAY / 12, 400);
    for (const [i, instrument] of UNIVERSE.entries()) expect(kolmogorovSmirnov(ticks[i]!, once[i]!).p, instrument.symbol).toBeGreaterThan(0.05);
  });
});

describe("a stored state from before the volatility regimes (version 1)", () => {
  const current = createMarketState(UNIVERSE, "upgrade", START);
  const v1: MarketStateV1 = {
    version: 1,
    time: current.time,
    rng: current.rng,
    config: { marketVolatility: 0.16, sectorVolatility: 0.14, jumpsPerYear: { stock: 3, etf: 0.5 }, jumpVolatility: 0.04 },
    sectors: current.sectors,
    instruments: current.instruments.map(({ regimes: _regimes, ...rest }) => ({ ...rest, logPrice: rest.logPrice + 0.1, price: "999.99" })),
  };

  it("upgrades to the current version with its prices, clock and generator, every source calm", () => {
    const upgraded = upgradeMarketState(JSON.parse(JSON.stringify(v1)) as MarketStateV1);
    expect(upgraded.version).toBe(2);
    expect(upgraded.time).toBe(v1.time);
    expect(upgraded.rng).toEqual(v1.rng);
    expect(pricesOf(upgraded)).toEqual(Object.fromEntries(UNIVERSE.map((i) => [i.symbol, "999.99"])));
    expect(upgraded.instruments.map((i) => i.logPrice)).toEqual(v1.instruments.map((i) => i.logPrice));
    expect(upgraded.instruments.every((i) => i.regimes.every((level) => level === 0))).toBe(true);
    expect(Object.keys(upgraded.regimes.sectors).sort()).toEqual([...upgraded.sectors]);
  });

  it("runs on through the job's path (syncUniverse, then a step), and leaves a current state alone", () => {
    const synced = syncUniverse(JSON.parse(JSON.stringify(v1)) as MarketStateV1, UNIVERSE);
    const next = step(synced, 2);
    expect(next.state.version).toBe(2);
    expect(next.ticks).toHaveLength(UNIVERSE.length);
    expect(upgradeMarketState(current)).toBe(current);
  });
});
