import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, createMarketState, MarketConfigError, pricesOf, step, stepTo, syncUniverse, type MarketState, type Tick } from "@/domain/market";

const START = new Date("2026-03-02T09:00:00Z");

function run(state: MarketState, steps: number, dtSeconds = 2): { state: MarketState; ticks: Tick[] } {
  const ticks: Tick[] = [];
  let current = state;
  for (let i = 0; i < steps; i++) {
    const result = step(current, dtSeconds);
    ticks.push(...result.ticks);
    current = result.state;
  }
  return { state: current, ticks };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("the simulator is deterministic for a seed", () => {
  it("produces the identical series twice from the same seed", () => {
    const a = run(createMarketState(BUNDLED_UNIVERSE, "seed-1", START), 300);
    const b = run(createMarketState(BUNDLED_UNIVERSE, "seed-1", START), 300);
    expect(a.ticks).toEqual(b.ticks);
    expect(a.state).toEqual(b.state);
  });

  it("produces a different series from a different seed", () => {
    const a = run(createMarketState(BUNDLED_UNIVERSE, "seed-1", START), 50);
    const b = run(createMarketState(BUNDLED_UNIVERSE, "seed-2", START), 50);
    expect(a.ticks.map((t) => t.price)).not.toEqual(b.ticks.map((t) => t.price));
  });

  it("does not depend on the order the universe is listed in", () => {
    const a = run(createMarketState(BUNDLED_UNIVERSE, "order", START), 20);
    const b = run(createMarketState([...BUNDLED_UNIVERSE].reverse(), "order", START), 20);
    expect(a.ticks).toEqual(b.ticks);
  });

  it("resumes after a restart from its stored JSON state exactly where it left off", () => {
    const straight = run(createMarketState(BUNDLED_UNIVERSE, "restart", START), 200);
    const before = run(createMarketState(BUNDLED_UNIVERSE, "restart", START), 120);
    const restored = JSON.parse(JSON.stringify(before.state)) as MarketState;
    const after = run(restored, 80);
    expect([...before.ticks, ...after.ticks]).toEqual(straight.ticks);
  });

  it("is pure: stepping leaves the given state untouched and can be repeated", () => {
    const state = deepFreeze(createMarketState(BUNDLED_UNIVERSE, "pure", START));
    const first = step(state, 2);
    const second = step(state, 2);
    expect(first).toEqual(second);
    expect(pricesOf(state)).toEqual(Object.fromEntries(BUNDLED_UNIVERSE.map((i) => [i.symbol, i.startingPrice])));
  });
});

describe("a step", () => {
  it("moves the clock by dt and stamps one tick per instrument with the new time", () => {
    const state = createMarketState(BUNDLED_UNIVERSE, "clock", START);
    const { state: next, ticks } = step(state, 2);
    expect(next.time).toBe(START.getTime() + 2000);
    expect(ticks).toHaveLength(BUNDLED_UNIVERSE.length);
    expect(new Set(ticks.map((t) => t.symbol)).size).toBe(BUNDLED_UNIVERSE.length);
    for (const tick of ticks) {
      expect(tick.at).toEqual(new Date(START.getTime() + 2000));
      expect(tick.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number.isSafeInteger(tick.volume) && tick.volume >= 0).toBe(true);
    }
    expect(stepTo(state, new Date(START.getTime() + 2000))).toEqual(step(state, 2));
  });

  it("moves prices by small amounts over two seconds and by more over a day", () => {
    const state = createMarketState(BUNDLED_UNIVERSE, "scale", START);
    const move = (dt: number) => {
      const { ticks } = step(state, dt);
      const start = pricesOf(state);
      return Math.max(...ticks.map((t) => Math.abs(Math.log(Number(t.price) / Number(start[t.symbol])))));
    };
    expect(move(2)).toBeLessThan(0.01);
    expect(move(86_400 * 30)).toBeGreaterThan(0.05);
  });

  it("refuses a step that does not move the clock forward", () => {
    const state = createMarketState(BUNDLED_UNIVERSE, "dt", START);
    expect(() => step(state, 0)).toThrow(RangeError);
    expect(() => step(state, -2)).toThrow(RangeError);
    expect(() => step(state, Number.NaN)).toThrow(RangeError);
    expect(() => stepTo(state, START)).toThrow(RangeError);
  });

  it("refuses a universe with duplicate symbols or an impossible instrument, listing every problem", () => {
    const bad = [BUNDLED_UNIVERSE[0]!, BUNDLED_UNIVERSE[0]!, { ...BUNDLED_UNIVERSE[1]!, volatility: 0.01 }];
    expect(() => createMarketState(bad, "x", START)).toThrow(MarketConfigError);
    try {
      createMarketState(bad, "x", START);
    } catch (error) {
      expect((error as MarketConfigError).problems).toEqual([expect.stringMatching(/too low/), `${BUNDLED_UNIVERSE[0]!.symbol}: listed twice.`]);
    }
  });
});

describe("an admin edits the universe of a running market", () => {
  it("keeps running prices, starts a new listing at its starting price and drops a deactivated one", () => {
    const { state } = run(createMarketState(BUNDLED_UNIVERSE, "sync", START), 100, 60);
    const [dropped, ...kept] = BUNDLED_UNIVERSE;
    const added = { ...kept[0]!, symbol: "NEWCO", name: "Newcomb Widgets", startingPrice: "10.00" };
    const synced = syncUniverse(state, [...kept, added]);
    const prices = pricesOf(synced);
    expect(prices[dropped!.symbol]).toBeUndefined();
    expect(prices.NEWCO).toBe("10.00");
    for (const instrument of kept) expect(prices[instrument.symbol]).toBe(pricesOf(state)[instrument.symbol]);
    expect(synced.time).toBe(state.time);
    expect(step(synced, 2).ticks.map((t) => t.symbol)).toContain("NEWCO");
  });
});
