/**
 * The benchmark's own candles, computed from its constituents' candles (the backfill, or the
 * candles an existing install already has): open and close are index levels of the
 * constituents' opens and closes, high/low never claim a range the index did not have.
 */
import { describe, expect, it } from "vitest";
import { backfill, BUNDLED_UNIVERSE, equalWeightIndex, indexCandles, indexHistory, indexLevel, TLX, type Candle } from "@/domain/market";

const two = equalWeightIndex({ symbol: "TWO", name: "Two stocks", baseLevel: "100.00" }, [
  { ...BUNDLED_UNIVERSE[0]!, symbol: "AA", startingPrice: "10.00" },
  { ...BUNDLED_UNIVERSE[0]!, symbol: "BB", startingPrice: "40.00" },
]);

const day = (symbol: string, date: string, open: string, close: string, extra: Partial<Candle> = {}): Candle => ({
  symbol,
  interval: "1d",
  start: new Date(`${date}T00:00:00Z`),
  open,
  high: Number(open) > Number(close) ? open : close,
  low: Number(open) > Number(close) ? close : open,
  close,
  volume: 1000,
  ...extra,
});

describe("index candles from constituent candles", () => {
  it("open and close are the levels of the opens and the closes; high and low the larger and smaller of them; no volume", () => {
    const candles = indexCandles(two, { AA: [day("AA", "2026-01-02", "10.00", "11.00", { high: "15.00" })], BB: [day("BB", "2026-01-02", "40.00", "36.00", { low: "1.00" })] }, "1d");
    // Open: 100 × (10/10 + 40/40)/2 = 100.00; close: 100 × (11/10 + 36/40)/2 = 100.00 × (1.1 + 0.9)/2 = 100.00.
    // The constituents' own wicks (15.00, 1.00) never reach the index: they were not at the same instant.
    expect(candles).toEqual([{ symbol: "TWO", interval: "1d", start: new Date("2026-01-02T00:00:00Z"), open: "100.00", high: "100.00", low: "100.00", close: "100.00", volume: 0 }]);
  });

  it("a falling day has its open as the high and its close as the low", () => {
    const [candle] = indexCandles(two, { AA: [day("AA", "2026-01-02", "11.00", "10.00")], BB: [day("BB", "2026-01-02", "44.00", "40.00")] }, "1d");
    expect(candle).toMatchObject({ open: "110.00", high: "110.00", low: "100.00", close: "100.00" });
  });

  it("counts a constituent without a candle at its previous close (open and close), and starts only once every constituent has a close", () => {
    const candles = indexCandles(
      two,
      {
        AA: [day("AA", "2026-01-01", "10.00", "10.00"), day("AA", "2026-01-02", "10.00", "12.00"), day("AA", "2026-01-03", "12.00", "11.00")],
        BB: [day("BB", "2026-01-02", "40.00", "40.00"), day("BB", "2026-01-04", "30.00", "20.00")],
      },
      "1d",
    );
    expect(candles.map((c) => [c.start.toISOString().slice(0, 10), c.open, c.close])).toEqual([
      ["2026-01-02", "100.00", "110.00"],
      // BB has no candle: it opens and closes at its 40.00 of the day before.
      ["2026-01-03", "110.00", "105.00"],
      // AA has no candle: 11.00 carried; BB opened at 30.00 → 100 × (1.1 + 0.75)/2 = 92.50.
      ["2026-01-04", "92.50", "80.00"],
    ]);
  });

  it("ends a backfill where the index of the constituents' last prices stands, minute and day alike", () => {
    const now = new Date("2031-03-04T12:34:56Z");
    const history = backfill(BUNDLED_UNIVERSE, "index-candles-test", now);
    const last = Object.fromEntries(history.state.instruments.map((i) => [i.symbol, i.price]));
    const daily = indexCandles(TLX, history.daily, "1d");
    const minute = indexCandles(TLX, history.minute, "1m");
    expect(daily.length).toBeGreaterThan(360);
    expect(minute.length).toBeGreaterThan(1000);
    expect(daily.at(-1)!.close).toBe(indexLevel(TLX, last));
    expect(minute.at(-1)!.close).toBe(indexLevel(TLX, last));
    for (const c of [...daily, ...minute]) {
      expect(c.symbol).toBe("TLX");
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
    }
  });

  it("is what indexLevels reads the closes of", () => {
    const candles = { AA: [day("AA", "2026-01-02", "10.00", "12.00")], BB: [day("BB", "2026-01-02", "40.00", "40.00")] };
    expect(indexCandles(two, candles, "1d").map((c) => c.close)).toEqual(["110.00"]);
  });

  it("widens a day to the range of its own minutes, and leaves days without minutes alone", () => {
    const minute = (symbol: string, iso: string, open: string, close: string): Candle => ({ ...day(symbol, "2026-01-03", open, close), interval: "1m", start: new Date(iso) });
    const history = indexHistory(two, {
      daily: {
        AA: [day("AA", "2026-01-02", "10.00", "10.00"), day("AA", "2026-01-03", "10.00", "10.00")],
        BB: [day("BB", "2026-01-02", "40.00", "40.00"), day("BB", "2026-01-03", "40.00", "40.00")],
      },
      // On the 3rd the index went to 120.00 and back within the day: its open and close say 100.00.
      minute: {
        AA: [minute("AA", "2026-01-03T09:00:00Z", "10.00", "14.00"), minute("AA", "2026-01-03T09:01:00Z", "14.00", "10.00")],
        BB: [minute("BB", "2026-01-03T09:00:00Z", "40.00", "40.00"), minute("BB", "2026-01-03T09:01:00Z", "40.00", "40.00")],
      },
    });
    expect(history.minute.map((m) => [m.open, m.close])).toEqual([
      ["100.00", "120.00"],
      ["120.00", "100.00"],
    ]);
    expect(history.daily.map((d) => [d.start.toISOString().slice(0, 10), d.open, d.high, d.low, d.close])).toEqual([
      ["2026-01-02", "100.00", "100.00", "100.00", "100.00"],
      ["2026-01-03", "100.00", "120.00", "100.00", "100.00"],
    ]);
  });
});
