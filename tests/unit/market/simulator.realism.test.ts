import { describe, expect, it } from "vitest";
import { backfill, BACKFILL_DAYS, barsFromCandles, BUNDLED_UNIVERSE, indexCandles, realismReport, TLX, type Candle, type RealismReport } from "@/domain/market";

/**
 * Every row of the realism table (issue #21 §1) on a fresh install's five years of history,
 * for fixed seeds: the same backfill a first start makes, measured by the report's own
 * statistics. `npm run realism -- --seeds 50` shows the pass rate over many seeds.
 */
const END = new Date("2026-11-28T10:30:00Z");

function reportFor(seed: string): RealismReport {
  // An hour of minutes instead of a day: the daily closes are the same process, the test is faster.
  const history = backfill(BUNDLED_UNIVERSE, seed, END, { days: BACKFILL_DAYS, minutes: 60 });
  const completed = (candles: readonly Candle[]) => barsFromCandles(candles.slice(0, -1));
  const bars = Object.fromEntries(Object.entries(history.daily).map(([symbol, candles]) => [symbol, completed(candles)]));
  bars[TLX.symbol] = completed(indexCandles(TLX, history.daily, "1d"));
  return realismReport({ bars, index: TLX.symbol, stocks: TLX.constituents.map((c) => c.symbol) });
}

describe.each(["seed-1", "seed-2"])("the market's realism with seed %s", (seed) => {
  const report = reportFor(seed);

  it("measures five years of daily returns over the bundled stocks", () => {
    expect(report.days).toBeGreaterThanOrEqual(5 * 365 - 1);
    expect(report.stocks).toBe(BUNDLED_UNIVERSE.filter((i) => i.kind === "stock").length);
  });

  it.each(report.rows.map((row) => [row.id, row] as const))("holds %s", (_id, row) => {
    expect(row.values.filter((v) => !v.holds), `${row.id} ${row.property}: ${JSON.stringify(row.values)}`).toEqual([]);
  });
});
