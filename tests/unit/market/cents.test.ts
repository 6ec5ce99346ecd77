import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsFromFloat, fromCents, PriceFormatError, toCents } from "@/domain/market";

describe("prices as exact cents", () => {
  it("reads two-decimal strings into whole cents and writes them back", () => {
    expect(toCents("142.50")).toBe(14250);
    expect(toCents("142.5")).toBe(14250);
    expect(toCents("0.07")).toBe(7);
    expect(toCents("12")).toBe(1200);
    expect(fromCents(14250)).toBe("142.50");
    expect(fromCents(7)).toBe("0.07");
    expect(fromCents(0)).toBe("0.00");
  });

  it("round-trips any whole number of cents", () => {
    fc.assert(fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }));
  });

  it("refuses a third decimal, a sign, an exponent and fractional cents", () => {
    for (const bad of ["99999999999999.99", "1.234", "-1.00", "1e3", "", "1.", ".5", " 1.00"]) expect(() => toCents(bad), bad).toThrow(PriceFormatError);
    expect(() => fromCents(1.5)).toThrow(PriceFormatError);
    expect(() => fromCents(-1)).toThrow(PriceFormatError);
  });

  it("rounds a simulated price to the nearest cent, never below one cent", () => {
    expect(centsFromFloat(142.504999)).toBe(14250);
    expect(centsFromFloat(142.505001)).toBe(14251);
    expect(centsFromFloat(0.0001)).toBe(1);
  });
});
