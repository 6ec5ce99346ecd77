import { describe, expect, it } from "vitest";
import { BUNDLED_UNIVERSE, equalWeightIndex, IndexPriceError, indexLevel, indexLevels, TLX, type Candle } from "@/domain/market";

const basePrices = () => Object.fromEntries(BUNDLED_UNIVERSE.map((i) => [i.symbol, i.startingPrice]));
const small = equalWeightIndex({ symbol: "TWO", name: "Two stocks", baseLevel: "100.00" }, [
  { ...BUNDLED_UNIVERSE[0]!, symbol: "AA", startingPrice: "10.00" },
  { ...BUNDLED_UNIVERSE[0]!, symbol: "BB", startingPrice: "40.00" },
]);

describe("the TLX benchmark", () => {
  it("is the Tickerlab Composite of every bundled stock, without the funds", () => {
    expect(TLX.symbol).toBe("TLX");
    expect(TLX.name).toBe("Tickerlab Composite");
    const stocks = BUNDLED_UNIVERSE.filter((i) => i.kind === "stock").map((i) => i.symbol);
    expect(TLX.constituents.map((c) => c.symbol)).toEqual(stocks);
  });

  it("stands at its base level when every stock is at its starting price", () => {
    expect(indexLevel(TLX, basePrices())).toBe("1000.00");
  });

  it("doubles when every price doubles and halves when every price halves", () => {
    const prices = basePrices();
    const scaled = (factor: number) => Object.fromEntries(Object.entries(prices).map(([s, p]) => [s, (Number(p) * factor).toFixed(2)]));
    expect(indexLevel(TLX, scaled(2))).toBe("2000.00");
    expect(indexLevel(TLX, scaled(0.5))).toBe("500.00");
  });

  it("weights constituents equally at the base, whatever their price", () => {
    // The cheap stock up 10 % moves the index as much as the dear one up 10 %.
    expect(indexLevel(small, { AA: "11.00", BB: "40.00" })).toBe("105.00");
    expect(indexLevel(small, { AA: "10.00", BB: "44.00" })).toBe("105.00");
    expect(indexLevel(small, { AA: "5.00", BB: "60.00" })).toBe("100.00");
  });

  it("refuses to compute without a price for every constituent, naming the missing ones", () => {
    expect(() => indexLevel(small, { AA: "11.00" })).toThrow(new IndexPriceError("TWO needs a price for BB."));
  });

  it("follows constituent closes over time, carrying a missing close forward", () => {
    const candle = (symbol: string, day: string, close: string): Candle => ({
      symbol,
      interval: "1d",
      start: new Date(`${day}T00:00:00Z`),
      open: close,
      high: close,
      low: close,
      close,
      volume: 0,
    });
    const levels = indexLevels(small, {
      AA: [candle("AA", "2026-01-01", "10.00"), candle("AA", "2026-01-02", "12.00"), candle("AA", "2026-01-03", "11.00")],
      BB: [candle("BB", "2026-01-02", "40.00"), candle("BB", "2026-01-04", "20.00")],
    });
    expect(levels.map((l) => [l.start.toISOString().slice(0, 10), l.level])).toEqual([
      ["2026-01-02", "110.00"],
      ["2026-01-03", "105.00"],
      ["2026-01-04", "80.00"],
    ]);
  });
});
