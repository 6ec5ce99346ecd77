import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMoney,
  bpsOf,
  cents,
  formatMoney,
  fractionOf,
  MoneyFormatError,
  multiplyMoney,
  parseMoney,
  roundCents,
  scaleByBps,
  tryParseMoney,
  withSlippage,
} from "@/domain/trading";
import { m } from "./helpers";

describe("money is exact", () => {
  it.each([
    ["101.25", 10125n],
    ["101.2", 10120n],
    ["7", 700n],
    ["0.05", 5n],
    ["-3.50", -350n],
    ["+12.00", 1200n],
    ["000.10", 10n],
  ])("parses %s as %i cents", (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each(["", "1.234", "1,000.00", "1e3", " 5.00", "5.", ".5", "abc", "--1", "NaN"])("refuses %j instead of rounding it", (text) => {
    expect(() => parseMoney(text)).toThrow(MoneyFormatError);
    expect(tryParseMoney(text)).toBeNull();
  });

  it.each([
    [10125n, "101.25"],
    [700n, "7.00"],
    [5n, "0.05"],
    [-5n, "-0.05"],
    [-12345n, "-123.45"],
    [0n, "0.00"],
    [123456789012345678901234567890n, "1234567890123456789012345678.90"],
  ])("formats %i cents as %s", (amount, text) => {
    expect(formatMoney(cents(amount))).toBe(text);
  });

  it("adds ten cents three times to thirty cents, where floats give 0.30000000000000004", () => {
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    expect(formatMoney(addMoney(m("0.10"), m("0.10"), m("0.10")))).toBe("0.30");
    expect(formatMoney(multiplyMoney(m("0.10"), 3))).toBe("0.30");
    expect(formatMoney(multiplyMoney(m("101.25"), 1_000_000))).toBe("101250000.00");
  });

  it("refuses a fraction of a share and a float number of cents", () => {
    expect(() => multiplyMoney(m("1.00"), 1.5)).toThrow(RangeError);
    expect(() => cents(0.5)).toThrow(RangeError);
  });

  it("round-trips every amount through its decimal string", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (amount) => {
        expect(parseMoney(formatMoney(cents(amount)))).toBe(amount);
      }),
    );
  });
});

describe("rounding goes against the trader, to the cent", () => {
  it("rounds what the trader pays up and what they receive down, on both signs", () => {
    expect(roundCents(10n, 3n, "up")).toBe(4n);
    expect(roundCents(10n, 3n, "down")).toBe(3n);
    expect(roundCents(-10n, 3n, "up")).toBe(-3n);
    expect(roundCents(-10n, 3n, "down")).toBe(-4n);
    expect(roundCents(9n, 3n, "up")).toBe(3n);
    expect(roundCents(9n, 3n, "down")).toBe(3n);
  });

  it("slips a buy up and a sell down by 5 bps: 33.33 costs 33.35 to buy and brings 33.31", () => {
    // 33.33 × 1.0005 = 33.346665; 33.33 × 0.9995 = 33.313335
    expect(formatMoney(withSlippage(m("33.33"), "buy", 5))).toBe("33.35");
    expect(formatMoney(withSlippage(m("33.33"), "cover", 5))).toBe("33.35");
    expect(formatMoney(withSlippage(m("33.33"), "sell", 5))).toBe("33.31");
    expect(formatMoney(withSlippage(m("33.33"), "short", 5))).toBe("33.31");
    // 100.00 × 1.0005 = 100.05 exactly: no rounding to do.
    expect(formatMoney(withSlippage(m("100.00"), "buy", 5))).toBe("100.05");
    expect(formatMoney(withSlippage(m("100.00"), "sell", 5))).toBe("99.95");
  });

  it("takes basis points to two decimals: 2.5 bps of 1,234.50 is 0.3086…, charged as 0.31", () => {
    expect(formatMoney(bpsOf(m("1234.50"), 2.5, "up"))).toBe("0.31");
    expect(formatMoney(bpsOf(m("1234.50"), 2.5, "down"))).toBe("0.30");
    expect(formatMoney(bpsOf(m("10000.00"), 10, "up"))).toBe("10.00");
    expect(formatMoney(scaleByBps(m("200.00"), -12.25, "down"))).toBe("199.75");
    expect(() => bpsOf(m("1.00"), 0.001, "up")).toThrow(RangeError);
    expect(() => bpsOf(m("1.00"), Number.NaN, "up")).toThrow(RangeError);
  });

  it("splits a cost basis of 100.00 over 3 shares as 33.34 when it is a cost", () => {
    expect(formatMoney(fractionOf(m("100.00"), 1, 3, "up"))).toBe("33.34");
    expect(formatMoney(fractionOf(m("100.00"), 1, 3, "down"))).toBe("33.33");
  });

  it("never rounds by more than a cent, and up is never below down", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (numerator, denominator) => {
        const up = roundCents(numerator, denominator, "up");
        const down = roundCents(numerator, denominator, "down");
        expect(up * denominator >= numerator).toBe(true);
        expect(down * denominator <= numerator).toBe(true);
        expect(up - down).toBe(numerator % denominator === 0n ? 0n : 1n);
      }),
    );
  });
});
