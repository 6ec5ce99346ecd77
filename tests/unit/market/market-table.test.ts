/**
 * The market overview's table rules (features/portfolio/components/market-table.ts): sorting
 * by each column both ways with missing values last, the header cycle, diverging bar geometry
 * (a loss left of the centre line, a gain right), and a live quote moving today's path.
 */
import { describe, expect, it } from "vitest";
import { barScale, changeBar, DEFAULT_SORT, marketRows, nextSort, type MarketRow, type SortKey, sortRows, withLivePrice } from "@/features/market/components/market-table";

function row(symbol: string, overrides: Partial<MarketRow> = {}): MarketRow {
  return {
    symbol,
    name: `${symbol} Co`,
    sector: "Technology",
    kind: "stock",
    active: true,
    lastPrice: "10.00",
    previousClose: "10.00",
    dayChange: "0.00",
    dayChangePct: "0.0000",
    updatedAt: "2026-11-18T10:00:00.000Z",
    volume: 100,
    closes: [],
    ...overrides,
  };
}

const ROWS = [
  row("CCC", { sector: "Energy", lastPrice: "5.00", dayChangePct: "-0.0200", volume: 300 }),
  row("AAA", { sector: "Utilities", lastPrice: "150.00", dayChangePct: "0.0150", volume: 1_000 }),
  row("DDD", { sector: "Energy", lastPrice: "20.00", dayChangePct: null, volume: null }),
  row("BBB", { sector: "Banks", lastPrice: "75.50", dayChangePct: "0.0150", volume: 50 }),
  row("EEE", { sector: "Banks", lastPrice: "9.99", dayChangePct: "-0.0010", volume: 2_000 }),
];
const symbols = (rows: MarketRow[]) => rows.map((r) => r.symbol);

describe("sorting the instruments", () => {
  it("opens on today's change, biggest gain first", () => {
    expect(DEFAULT_SORT).toEqual({ key: "change", direction: "descending" });
  });

  it("sorts by change both ways: ties by symbol, no change known last either way", () => {
    expect(symbols(sortRows(ROWS, { key: "change", direction: "descending" }))).toEqual(["AAA", "BBB", "EEE", "CCC", "DDD"]);
    expect(symbols(sortRows(ROWS, { key: "change", direction: "ascending" }))).toEqual(["CCC", "EEE", "AAA", "BBB", "DDD"]);
  });

  it("sorts by symbol, sector, price and volume", () => {
    expect(symbols(sortRows(ROWS, { key: "symbol", direction: "ascending" }))).toEqual(["AAA", "BBB", "CCC", "DDD", "EEE"]);
    expect(symbols(sortRows(ROWS, { key: "symbol", direction: "descending" }))).toEqual(["EEE", "DDD", "CCC", "BBB", "AAA"]);
    expect(symbols(sortRows(ROWS, { key: "sector", direction: "ascending" }))).toEqual(["BBB", "EEE", "CCC", "DDD", "AAA"]);
    expect(symbols(sortRows(ROWS, { key: "price", direction: "descending" }))).toEqual(["AAA", "BBB", "DDD", "EEE", "CCC"]);
    expect(symbols(sortRows(ROWS, { key: "price", direction: "ascending" }))).toEqual(["CCC", "EEE", "DDD", "BBB", "AAA"]);
    expect(symbols(sortRows(ROWS, { key: "volume", direction: "descending" }))).toEqual(["EEE", "AAA", "CCC", "BBB", "DDD"]);
    expect(symbols(sortRows(ROWS, { key: "volume", direction: "ascending" }))).toEqual(["BBB", "CCC", "AAA", "EEE", "DDD"]);
  });

  it("compares prices as numbers, not as text", () => {
    const rows = [row("A", { lastPrice: "9.00" }), row("B", { lastPrice: "10.00" }), row("C", { lastPrice: "100.00" })];
    expect(symbols(sortRows(rows, { key: "price", direction: "ascending" }))).toEqual(["A", "B", "C"]);
  });

  it("leaves the rows it was given alone", () => {
    const copy = [...ROWS];
    sortRows(ROWS, { key: "symbol", direction: "descending" });
    expect(ROWS).toEqual(copy);
  });

  it("flips the sorted column and starts another in its natural direction", () => {
    expect(nextSort(DEFAULT_SORT, "change")).toEqual({ key: "change", direction: "ascending" });
    expect(nextSort({ key: "change", direction: "ascending" }, "change")).toEqual({ key: "change", direction: "descending" });
    const first: Record<SortKey, string> = { symbol: "ascending", sector: "ascending", price: "descending", change: "descending", volume: "descending" };
    for (const key of Object.keys(first) as SortKey[]) {
      expect(nextSort({ key: key === "symbol" ? "price" : "symbol", direction: "ascending" }, key)).toEqual({ key, direction: first[key] });
    }
  });
});

describe("diverging bars", () => {
  it("grows a loss left of the centre line and a gain right of it, the biggest move filling its half", () => {
    expect(changeBar("-0.0200", 0.02)).toEqual({ tone: "down", left: 0, width: 50 });
    expect(changeBar("0.0200", 0.02)).toEqual({ tone: "up", left: 50, width: 50 });
    expect(changeBar("-0.0050", 0.02)).toEqual({ tone: "down", left: 37.5, width: 12.5 });
    expect(changeBar(0.005, 0.02)).toEqual({ tone: "up", left: 50, width: 12.5 });
    // A loss always ends at the centre; a gain always starts there.
    for (const f of [-0.019, -0.0071, -0.0001]) {
      const bar = changeBar(f, 0.02);
      expect(bar.left + bar.width).toBeCloseTo(50, 5);
      expect(bar.left).toBeLessThan(50);
    }
  });

  it("draws nothing for no change or an unknown one, and never past its half", () => {
    expect(changeBar("0.0000", 0.02)).toEqual({ tone: "flat", left: 50, width: 0 });
    expect(changeBar(null, 0.02)).toEqual({ tone: "flat", left: 50, width: 0 });
    expect(changeBar("-0.5000", 0.02)).toEqual({ tone: "down", left: 0, width: 50 });
  });

  it("scales to the biggest move shown, whichever its sign", () => {
    expect(barScale(["0.0100", "-0.0300", null, 0.02])).toBe(0.03);
    expect(barScale([null, "0.0000"])).toBeGreaterThan(0);
  });
});

describe("today's path with a live quote", () => {
  const day = { start: "2026-11-18T00:00:00.000Z", stepMinutes: 15 };

  it("moves the current step's close, and opens the next step when the quote falls in it", () => {
    expect(withLivePrice(day, ["10.00", "10.50"], { price: "10.60", at: "2026-11-18T00:29:59.000Z" })).toEqual(["10.00", "10.60"]);
    expect(withLivePrice(day, ["10.00", "10.50"], { price: "10.70", at: "2026-11-18T00:30:00.000Z" })).toEqual(["10.00", "10.50", "10.70"]);
    expect(withLivePrice(day, ["10.00"], { price: "11.00", at: "2026-11-18T01:05:00.000Z" })).toEqual(["10.00", null, null, null, "11.00"]);
  });

  it("ignores a quote older than the path's last step, or from another day, or none", () => {
    const closes = ["10.00", "10.50", "10.40"];
    expect(withLivePrice(day, closes, { price: "9.00", at: "2026-11-18T00:05:00.000Z" })).toEqual(closes);
    expect(withLivePrice(day, closes, { price: "9.00", at: "2026-11-17T23:59:00.000Z" })).toEqual(closes);
    expect(withLivePrice(day, closes, { price: "9.00", at: "2026-11-19T00:00:00.000Z" })).toEqual(closes);
    expect(withLivePrice(day, closes, undefined)).toEqual(closes);
  });

  it("gives every instrument its volume and path, or none when the day is not known", () => {
    const base = row("AAA");
    const rows = marketRows([base, row("ZZZ")], { ...day, items: [{ symbol: "AAA", volume: 42, closes: ["10.00"] }] }, { AAA: { price: "10.10", previousClose: "10.00", at: "2026-11-18T00:01:00.000Z" } });
    expect(rows[0]).toMatchObject({ symbol: "AAA", volume: 42, closes: ["10.10"] });
    expect(rows[1]).toMatchObject({ symbol: "ZZZ", volume: null, closes: [] });
    expect(marketRows([base], undefined, {})[0]).toMatchObject({ volume: null, closes: [] });
  });
});
