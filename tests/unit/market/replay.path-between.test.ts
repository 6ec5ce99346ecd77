import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createReplay, type OhlcvRow } from "@/domain/market";

const row = (date: string, open: string, high: string, low: string, close: string): OhlcvRow => ({ date, open, high, low, close, volume: 1000 });

const DATASET: OhlcvRow[] = [
  row("2008-10-06", "100.00", "104.00", "90.00", "95.00"), // down: open → high → low → close
  row("2008-10-07", "95.00", "99.00", "80.00", "85.00"),
  row("2008-10-08", "85.00", "95.00", "84.00", "94.00"), // up: open → low → high → close
];
const EVENT_START = new Date("2026-06-01T12:00:00Z");
const after = (seconds: number) => new Date(EVENT_START.getTime() + seconds * 1000);
const replay = () => createReplay({ datasets: { CRASH: DATASET }, startDate: "2008-10-06", secondsPerTradingDay: 60, eventStart: EVENT_START });

describe("the replay path between two instants", () => {
  it("passes every turning point and day change in order, without repeats", () => {
    expect(replay().pathBetween("CRASH", after(0), after(180))).toEqual(["100.00", "104.00", "90.00", "95.00", "99.00", "80.00", "85.00", "84.00", "95.00", "94.00"]);
    expect(replay().pathBetween("CRASH", after(70), after(75))).toHaveLength(2);
    expect(replay().pathBetween("CRASH", after(75), after(70))).toEqual([]);
    expect(replay().pathBetween("UNKNOWN", after(0), after(10))).toEqual([]);
  });

  it("starts at the price at `from`, ends at the price at `to`, and every price on the way lies between consecutive steps", () => {
    const r = replay();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 1, max: 60_000 }), fc.integer({ min: 0, max: 20 }), (fromMs, lengthMs, probes) => {
        const from = new Date(EVENT_START.getTime() + fromMs);
        const to = new Date(from.getTime() + lengthMs);
        const path = r.pathBetween("CRASH", from, to).map(Number);
        expect(path[0]).toBe(Number(r.priceAt("CRASH", from)));
        expect(path.at(-1)).toBe(Number(r.priceAt("CRASH", to)));
        const low = Math.min(...path);
        const high = Math.max(...path);
        for (let i = 0; i <= probes; i++) {
          const price = Number(r.priceAt("CRASH", new Date(from.getTime() + (lengthMs * i) / Math.max(1, probes))));
          expect(price).toBeGreaterThanOrEqual(low);
          expect(price).toBeLessThanOrEqual(high);
        }
      }),
    );
  });

  it("ends each trading day on the event's clock; the last one at the replay's end", () => {
    const r = replay();
    expect(r.endOfTradingDay(after(0))).toEqual(after(60));
    expect(r.endOfTradingDay(after(119.9))).toEqual(after(120));
    expect(r.endOfTradingDay(after(500))).toEqual(after(180));
  });
});
