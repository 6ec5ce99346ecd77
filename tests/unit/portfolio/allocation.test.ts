import { describe, expect, it } from "vitest";
import { allocationOf } from "@/features/portfolio/components/allocation";

const sum = (shares: number[]) => shares.reduce((a, b) => a + b, 0);

describe("the allocation bars' shares of equity", () => {
  it("with a short add up to 100 %: the short is negative, the cash from its sale is in Cash", () => {
    // 100,000 cash at the start; bought 10,000 of AAA; shorted 5,000 of BBB (cash +5,000).
    // Equity: 95,000 + 10,000 − 5,000 = 100,000.00.
    const allocation = allocationOf(
      [
        { symbol: "AAA", sector: "Tech", marketValue: "10000.00" },
        { symbol: "BBB", sector: "Energy", marketValue: "-5000.00" },
      ],
      "95000.00",
      "100000.00",
    )!;
    expect(allocation.bySymbol.map((r) => [r.label, r.kind, r.share])).toEqual([
      ["AAA", "long", 0.1],
      ["BBB", "short", -0.05],
      ["Cash", "cash", 0.95],
    ]);
    expect(sum(allocation.bySymbol.map((r) => r.share))).toBeCloseTo(1, 12);
    expect(sum(allocation.bySector.map((r) => r.share))).toBeCloseTo(1, 12);
  });

  it("on margin shows the debit as Borrowed, against equity: the longs it bought add up to more than 100 %", () => {
    // 10,000 of equity, 14,249 of NWRB bought with 4,256 borrowed (cash −4,256; equity 9,993).
    const allocation = allocationOf([{ symbol: "NWRB", sector: "Technology", marketValue: "14249.00" }], "-4256.00", "9993.00")!;
    expect(allocation.bySymbol.map((r) => [r.label, r.kind])).toEqual([
      ["NWRB", "long"],
      ["Borrowed", "borrowed"],
    ]);
    expect(allocation.bySymbol[1]!.share).toBeLessThan(0);
    expect(sum(allocation.bySymbol.map((r) => r.share))).toBeCloseTo(1, 12);
  });

  it("nets a sector's longs and shorts, and has nothing to allocate without positive equity", () => {
    const allocation = allocationOf(
      [
        { symbol: "AAA", sector: "Tech", marketValue: "3000.00" },
        { symbol: "CCC", sector: "Tech", marketValue: "-1000.00" },
      ],
      "98000.00",
      "100000.00",
    )!;
    // Cash is always the last row.
    expect(allocation.bySector.map((r) => [r.label, r.share])).toEqual([
      ["Tech", 0.02],
      ["Cash", 0.98],
    ]);
    expect(allocationOf([], "0.00", "0.00")).toBeNull();
  });
});
