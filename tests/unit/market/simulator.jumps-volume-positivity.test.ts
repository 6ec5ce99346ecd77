import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, createMarketState, DEFAULT_SIMULATION_CONFIG, step, toCents, type InstrumentDefinition, type MarketState, type StepResult } from "@/domain/market";
import { correlation, mean } from "./stats";

const START = new Date("2026-01-01T00:00:00Z");

function collect(state: MarketState, steps: number, dtSeconds: number): StepResult[] {
  const results: StepResult[] = [];
  let current = state;
  for (let i = 0; i < steps; i++) {
    const result = step(current, dtSeconds);
    results.push(result);
    current = result.state;
  }
  return results;
}

describe("jumps", () => {
  // Ten simulated years in daily steps, fixed seed.
  const results = collect(createMarketState(BUNDLED_UNIVERSE, "jumps", START), 3650, 86_400);
  const jumps = results.flatMap((r) => r.jumps);
  const kindOf = new Map(BUNDLED_UNIVERSE.map((i) => [i.symbol, i.kind]));
  const stockCount = BUNDLED_UNIVERSE.filter((i) => i.kind === "stock").length;
  const etfCount = BUNDLED_UNIVERSE.length - stockCount;

  it("come about as often as configured: one and a half a year for a stock, one every two years for a fund", () => {
    const expectedStock = stockCount * 10 * DEFAULT_SIMULATION_CONFIG.jumpsPerYear.stock; // 480
    const expectedEtf = etfCount * 10 * DEFAULT_SIMULATION_CONFIG.jumpsPerYear.etf; // 20
    const stockJumps = jumps.filter((j) => kindOf.get(j.symbol) === "stock").length;
    const etfJumps = jumps.filter((j) => kindOf.get(j.symbol) === "etf").length;
    expect(stockJumps).toBeGreaterThan(expectedStock * 0.85);
    expect(stockJumps).toBeLessThan(expectedStock * 1.15);
    expect(etfJumps).toBeGreaterThan(expectedEtf * 0.4);
    expect(etfJumps).toBeLessThan(expectedEtf * 2);
  });

  it("are a few per cent in size, both up and down", () => {
    // A normal jump's mean size is its standard deviation × √(2/π).
    const typical = DEFAULT_SIMULATION_CONFIG.jumpVolatility * Math.sqrt(2 / Math.PI);
    const sizes = jumps.map((j) => Math.abs(j.logSize));
    expect(mean(sizes)).toBeGreaterThan(typical * 0.85);
    expect(mean(sizes)).toBeLessThan(typical * 1.15);
    const ups = jumps.filter((j) => j.logSize > 0).length / jumps.length;
    expect(ups).toBeGreaterThan(0.4);
    expect(ups).toBeLessThan(0.6);
  });

  it("never happen when switched off", () => {
    const config = { ...DEFAULT_SIMULATION_CONFIG, jumpsPerYear: { stock: 0, etf: 0 } };
    const quiet = collect(createMarketState(BUNDLED_UNIVERSE, "jumps", START, { config }), 500, 86_400);
    expect(quiet.flatMap((r) => r.jumps)).toEqual([]);
  });

  it("are rare on a two-second tick", () => {
    const ticks = collect(createMarketState(BUNDLED_UNIVERSE, "rare", START), 2000, 2);
    expect(ticks.flatMap((r) => r.jumps).length).toBeLessThanOrEqual(1);
  });
});

describe("volume", () => {
  // Ten years of daily steps, fixed seed.
  const days = collect(createMarketState(BUNDLED_UNIVERSE, "volume", START), 3650, 86_400);

  it("averages about the instrument's average daily volume over the years", () => {
    for (const instrument of BUNDLED_UNIVERSE) {
      const volumes = days.map((d) => d.ticks.find((t) => t.symbol === instrument.symbol)!.volume);
      const ratio = mean(volumes) / instrument.averageDailyVolume;
      expect(ratio, instrument.symbol).toBeGreaterThan(0.8);
      expect(ratio, instrument.symbol).toBeLessThan(1.2);
    }
  });

  it("is busier on days the price moves more (volume follows |return|)", () => {
    for (const symbol of ["NWRB", "SWGR", "TKTM"]) {
      const index = days[0]!.state.instruments.findIndex((i) => i.symbol === symbol);
      const moves = days.map((d, n) => Math.abs(d.state.instruments[index]!.logPrice - (n === 0 ? d.state.instruments[index]!.logPrice : days[n - 1]!.state.instruments[index]!.logPrice)));
      const volumes = days.map((d) => d.ticks[index]!.volume);
      expect(correlation(moves.slice(1), volumes.slice(1)), symbol).toBeGreaterThan(0.2);
    }
  });

  it("spreads a day over ten-second ticks at the same order of size as one daily step (a stormy day trades several times more)", () => {
    const totals = new Map<string, number>();
    for (const result of collect(createMarketState(BUNDLED_UNIVERSE, "volume-ticks", START), 8640, 10)) {
      for (const tick of result.ticks) totals.set(tick.symbol, (totals.get(tick.symbol) ?? 0) + tick.volume);
    }
    for (const instrument of BUNDLED_UNIVERSE) {
      const ratio = totals.get(instrument.symbol)! / instrument.averageDailyVolume;
      expect(ratio, instrument.symbol).toBeGreaterThan(0.2);
      expect(ratio, instrument.symbol).toBeLessThan(8);
    }
  });
});

describe("prices stay positive", () => {
  const crashing: InstrumentDefinition = {
    symbol: "DOOM",
    name: "Doomsday Penny Mines",
    sector: "Materials",
    kind: "stock",
    startingPrice: "0.05",
    drift: -1,
    volatility: 3,
    beta: 1,
    sectorLoading: 1,
    averageDailyVolume: 1000,
  };

  it("floors a collapsing price at one cent instead of zero", () => {
    let state = createMarketState([crashing], "crash", START);
    const prices: number[] = [];
    for (let i = 0; i < 400; i++) {
      const result = step(state, 86_400);
      prices.push(toCents(result.ticks[0]!.price));
      state = result.state;
    }
    expect(Math.min(...prices)).toBe(1);
  });

  it("is positive with two decimals for any seed and any sequence of step lengths", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer({ min: 1, max: 90 * 86_400_000 }), { minLength: 1, maxLength: 40 }), (seed, stepsMs) => {
        let state = createMarketState([...BUNDLED_UNIVERSE.slice(0, 4), crashing], seed, START);
        for (const ms of stepsMs) {
          const result = step(state, ms / 1000);
          for (const tick of result.ticks) {
            expect(tick.price).toMatch(/^\d+\.\d{2}$/);
            expect(toCents(tick.price)).toBeGreaterThan(0);
            expect(Number.isSafeInteger(tick.volume) && tick.volume >= 0).toBe(true);
          }
          state = result.state;
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("drift", () => {
  it("grows prices on average at about the instrument's drift", () => {
    // Many independent markets, one year each: the mean price ratio is about e^μ.
    const instrument = BUNDLED_UNIVERSE.find((i) => i.symbol === "NWRB")!;
    const ratios = Array.from({ length: 400 }, (_, n) => {
      const state = createMarketState([instrument], `drift-${n}`, START);
      const end = collect(state, 12, 365 * 86_400 / 12).at(-1)!;
      return toCents(end.ticks[0]!.price) / toCents(instrument.startingPrice);
    });
    expect(mean(ratios)).toBeGreaterThan(1.11 - 0.06);
    expect(mean(ratios)).toBeLessThan(1.11 + 0.06);
  });
});
