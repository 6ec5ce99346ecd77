import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateTicks, bucketStart, CandleOrderError, fromCents, rollUp, toCents, updateCandle, type Candle, type CandleInterval, type Tick } from "@/domain/market";

const tick = (at: string, price: string, volume = 10, symbol = "NWRB"): Tick => ({ symbol, price, at: new Date(at), volume });

function incrementally(ticks: readonly Tick[], interval: CandleInterval): Candle[] {
  const candles: Candle[] = [];
  let current: Candle | undefined;
  for (const t of ticks) {
    const result = updateCandle(current, t, interval);
    if (result.completed) candles.push(result.completed);
    current = result.current;
  }
  return current ? [...candles, current] : candles;
}

// Ticks of one symbol in time order: random gaps (sometimes across days), random prices.
const tickSequence = fc
  .record({
    start: fc.integer({ min: Date.parse("2025-01-01T00:00:00Z"), max: Date.parse("2027-01-01T00:00:00Z") }),
    steps: fc.array(fc.record({ gapMs: fc.oneof(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 2 * 86_400_000 })), cents: fc.integer({ min: 1, max: 10_000_000 }), volume: fc.nat({ max: 1_000_000 }) }), {
      minLength: 1,
      maxLength: 200,
    }),
  })
  .map(({ start, steps }) => {
    let at = start;
    return steps.map(({ gapMs, cents, volume }) => {
      at += gapMs;
      return { symbol: "NWRB", price: fromCents(cents), at: new Date(at), volume };
    });
  });

const intervals: CandleInterval[] = ["1m", "1d"];

describe("candles from ticks", () => {
  it("keep OHLC invariants for any tick sequence: low ≤ open, close ≤ high, every price inside the range", () => {
    fc.assert(
      fc.property(tickSequence, fc.constantFrom(...intervals), (ticks, interval) => {
        for (const c of aggregateTicks(ticks, interval)) {
          const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(toCents) as [number, number, number, number];
          expect(low).toBeLessThanOrEqual(Math.min(open, close));
          expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
        }
      }),
    );
  });

  it("account for every tick exactly once: volumes add up; open is the first tick, close the last of each interval", () => {
    fc.assert(
      fc.property(tickSequence, fc.constantFrom(...intervals), (ticks, interval) => {
        const candles = aggregateTicks(ticks, interval);
        expect(candles.reduce((sum, c) => sum + c.volume, 0)).toBe(ticks.reduce((sum, t) => sum + t.volume, 0));
        for (const c of candles) {
          const inside = ticks.filter((t) => bucketStart(t.at, interval).getTime() === c.start.getTime());
          expect(c.open).toBe(inside[0]!.price);
          expect(c.close).toBe(inside.at(-1)!.price);
          expect(toCents(c.high)).toBe(Math.max(...inside.map((t) => toCents(t.price))));
          expect(toCents(c.low)).toBe(Math.min(...inside.map((t) => toCents(t.price))));
        }
        expect(new Set(candles.map((c) => c.start.getTime())).size).toBe(candles.length);
      }),
    );
  });

  it("come out the same built tick by tick as aggregated in one batch", () => {
    fc.assert(
      fc.property(tickSequence, fc.constantFrom(...intervals), (ticks, interval) => {
        expect(incrementally(ticks, interval)).toEqual(aggregateTicks(ticks, interval));
      }),
    );
  });

  it("roll up from minutes into the same days as aggregating the ticks into days directly", () => {
    fc.assert(
      fc.property(tickSequence, (ticks) => {
        expect(rollUp(aggregateTicks(ticks, "1m"), "1d")).toEqual(aggregateTicks(ticks, "1d"));
      }),
    );
  });

  it("start on whole UTC minutes and at 00:00 UTC days, whatever the tick's time zone notation", () => {
    expect(bucketStart(new Date("2026-03-08T07:59:59.999-05:00"), "1d").toISOString()).toBe("2026-03-08T00:00:00.000Z");
    expect(bucketStart(new Date("2026-03-08T23:30:00-05:00"), "1d").toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(bucketStart(new Date("2026-03-08T12:34:56.789Z"), "1m").toISOString()).toBe("2026-03-08T12:34:00.000Z");
  });

  it("give a tick at exactly midnight to the new day, and one a millisecond earlier to the old", () => {
    const candles = aggregateTicks([tick("2026-03-08T23:59:59.999Z", "10.00"), tick("2026-03-09T00:00:00.000Z", "11.00")], "1d");
    expect(candles.map((c) => [c.start.toISOString(), c.open, c.close])).toEqual([
      ["2026-03-08T00:00:00.000Z", "10.00", "10.00"],
      ["2026-03-09T00:00:00.000Z", "11.00", "11.00"],
    ]);
  });

  it("build the current candle as ticks arrive and hand back the finished one when a new minute opens", () => {
    let r = updateCandle(undefined, tick("2026-03-08T12:00:05Z", "10.00", 5), "1m");
    expect(r.completed).toBeUndefined();
    r = updateCandle(r.current, tick("2026-03-08T12:00:20Z", "10.40", 7), "1m");
    r = updateCandle(r.current, tick("2026-03-08T12:00:40Z", "9.80", 1), "1m");
    r = updateCandle(r.current, tick("2026-03-08T12:00:59Z", "10.10", 2), "1m");
    expect(r.current).toEqual({ symbol: "NWRB", interval: "1m", start: new Date("2026-03-08T12:00:00Z"), open: "10.00", high: "10.40", low: "9.80", close: "10.10", volume: 15 });
    const next = updateCandle(r.current, tick("2026-03-08T12:01:00Z", "10.20", 3), "1m");
    expect(next.completed).toEqual(r.current);
    expect(next.current).toMatchObject({ start: new Date("2026-03-08T12:01:00Z"), open: "10.20", high: "10.20", low: "10.20", close: "10.20", volume: 3 });
  });

  it("keep symbols apart in a batch and leave intervals without ticks empty", () => {
    const candles = aggregateTicks([tick("2026-03-08T12:00:05Z", "10.00", 1, "AA"), tick("2026-03-08T12:00:06Z", "50.00", 1, "BB"), tick("2026-03-08T12:03:00Z", "11.00", 1, "AA")], "1m");
    expect(candles.map((c) => `${c.symbol} ${c.start.toISOString().slice(11, 16)}`)).toEqual(["AA 12:00", "AA 12:03", "BB 12:00"]);
  });

  it("refuse a tick older than the current candle, a tick of another symbol, and a bad volume", () => {
    const { current } = updateCandle(undefined, tick("2026-03-08T12:05:00Z", "10.00"), "1m");
    expect(() => updateCandle(current, tick("2026-03-08T12:04:59Z", "10.00"), "1m")).toThrow(CandleOrderError);
    expect(() => updateCandle(current, tick("2026-03-08T12:05:01Z", "10.00", 1, "QBYT"), "1m")).toThrow(CandleOrderError);
    expect(() => updateCandle(current, tick("2026-03-08T12:05:01Z", "10.00", -1), "1m")).toThrow(RangeError);
    expect(() => aggregateTicks([tick("2026-03-08T12:05:00Z", "10.00"), tick("2026-03-08T12:04:00Z", "10.00")], "1m")).toThrow(CandleOrderError);
  });
});
