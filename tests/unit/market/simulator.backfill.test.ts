import { beforeAll, describe, expect, it } from "vitest";
import { backfill, BUNDLED_UNIVERSE, pricesOf, rollUp, step, type BackfillResult, type Candle } from "@/domain/market";

const END = new Date("2026-05-10T10:30:27.512Z");
const DAY = 86_400_000;
const MINUTE = 60_000;
let result: BackfillResult;

beforeAll(() => {
  result = backfill(BUNDLED_UNIVERSE, "backfill", END, { days: 365, minutes: 1440 });
});

const startsOf = (candles: readonly Candle[]) => candles.map((c) => c.start.getTime());

describe("the first-start backfill", () => {
  it("gives every instrument 365 daily and 1440 minute candles", () => {
    for (const { symbol } of BUNDLED_UNIVERSE) {
      expect(result.daily[symbol], symbol).toHaveLength(365);
      expect(result.minute[symbol], symbol).toHaveLength(1440);
    }
  });

  it("puts daily candles on consecutive 00:00 UTC days ending today, minute candles on consecutive minutes ending just before now", () => {
    const daily = startsOf(result.daily.NWRB!);
    expect(new Date(daily.at(-1)!).toISOString()).toBe("2026-05-10T00:00:00.000Z");
    expect(new Date(daily[0]!).toISOString()).toBe("2025-05-11T00:00:00.000Z");
    daily.slice(1).forEach((start, i) => expect(start - daily[i]!).toBe(DAY));
    const minute = startsOf(result.minute.NWRB!);
    expect(new Date(minute.at(-1)!).toISOString()).toBe("2026-05-10T10:29:00.000Z");
    expect(new Date(minute[0]!).toISOString()).toBe("2026-05-09T10:30:00.000Z");
    minute.slice(1).forEach((start, i) => expect(start - minute[i]!).toBe(MINUTE));
  });

  it("ends at each instrument's starting price, in the candles and in the state it hands over", () => {
    const starting = Object.fromEntries(BUNDLED_UNIVERSE.map((i) => [i.symbol, i.startingPrice]));
    expect(pricesOf(result.state)).toEqual(starting);
    for (const { symbol, startingPrice } of BUNDLED_UNIVERSE) {
      expect(result.daily[symbol]!.at(-1)!.close).toBe(startingPrice);
      expect(result.minute[symbol]!.at(-1)!.close).toBe(startingPrice);
    }
    expect(result.state.time).toBe(new Date("2026-05-10T10:29:45Z").getTime());
  });

  it("agrees with itself: today's daily candle is today's minute candles rolled up", () => {
    for (const { symbol } of BUNDLED_UNIVERSE) {
      const today = result.minute[symbol]!.filter((c) => c.start.getTime() >= Date.parse("2026-05-10T00:00:00Z"));
      expect(rollUp(today, "1d")).toEqual([result.daily[symbol]!.at(-1)]);
    }
  });

  it("agrees with itself: yesterday's close is the close of its last minute, and its range covers its minutes", () => {
    for (const { symbol } of BUNDLED_UNIVERSE) {
      const yesterday = result.daily[symbol]!.at(-2)!;
      const minutes = result.minute[symbol]!.filter((c) => c.start.getTime() < Date.parse("2026-05-10T00:00:00Z"));
      expect(minutes.at(-1)!.start.toISOString()).toBe("2026-05-09T23:59:00.000Z");
      expect(yesterday.close).toBe(minutes.at(-1)!.close);
      expect(Math.max(...minutes.map((m) => Number(m.high)))).toBeLessThanOrEqual(Number(yesterday.high));
      expect(Math.min(...minutes.map((m) => Number(m.low)))).toBeGreaterThanOrEqual(Number(yesterday.low));
    }
  });

  it("runs on without a seam: each minute opens within a few cents of the previous close, and live ticks continue from the last price", () => {
    const minutes = result.minute.NWRB!;
    for (let i = 1; i < minutes.length; i++) expect(Math.abs(Number(minutes[i]!.open) - Number(minutes[i - 1]!.close))).toBeLessThan(1);
    const live = step(result.state, 2);
    expect(live.ticks[0]!.at.toISOString()).toBe("2026-05-10T10:29:47.000Z");
    const nwrb = live.ticks.find((t) => t.symbol === "NWRB")!;
    expect(Math.abs(Number(nwrb.price) - 142.5)).toBeLessThan(1);
  });

  it("keeps every candle consistent: low ≤ open, close ≤ high; volume whole; a year has real movement", () => {
    const broken: string[] = [];
    for (const { symbol, startingPrice } of BUNDLED_UNIVERSE) {
      for (const c of [...result.daily[symbol]!, ...result.minute[symbol]!]) {
        const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(Number) as [number, number, number, number];
        if (!(low > 0 && low <= Math.min(open, close) && high >= Math.max(open, close) && Number.isSafeInteger(c.volume))) broken.push(`${symbol} ${c.interval} ${c.start.toISOString()}`);
      }
      expect(result.daily[symbol]![0]!.open, symbol).not.toBe(startingPrice);
    }
    expect(broken).toEqual([]);
  });

  it("is deterministic for a seed, and different for another", () => {
    const options = { days: 20, minutes: 90 };
    const a = backfill(BUNDLED_UNIVERSE, "same", END, options);
    expect(backfill(BUNDLED_UNIVERSE, "same", END, options)).toEqual(a);
    expect(backfill(BUNDLED_UNIVERSE, "other", END, options).daily.NWRB).not.toEqual(a.daily.NWRB);
    expect(a.daily.NWRB).toHaveLength(20);
    expect(a.minute.NWRB).toHaveLength(90);
  });

  it("counts today as a day even when the end falls exactly at midnight", () => {
    const midnight = backfill(BUNDLED_UNIVERSE, "midnight", new Date("2026-05-10T00:00:00Z"), { days: 3, minutes: 60 });
    expect(midnight.daily.NWRB!.map((c) => c.start.toISOString().slice(0, 10))).toEqual(["2026-05-07", "2026-05-08", "2026-05-09"]);
    expect(midnight.minute.NWRB!.at(-1)!.start.toISOString()).toBe("2026-05-09T23:59:00.000Z");
  });

  it("refuses a minute window that reaches before the first day, and nonsense sizes", () => {
    expect(() => backfill(BUNDLED_UNIVERSE, "x", END, { days: 1, minutes: 1440 })).toThrow(RangeError);
    expect(() => backfill(BUNDLED_UNIVERSE, "x", END, { days: 0, minutes: 10 })).toThrow(RangeError);
    expect(() => backfill(BUNDLED_UNIVERSE, "x", END, { days: 2, minutes: 1.5 })).toThrow(RangeError);
  });
});
