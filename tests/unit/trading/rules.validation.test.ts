import { describe, expect, it } from "vitest";
import { assertValidRules, DEFAULT_SLIPPAGE_BPS, formatMoney, InvalidRulesError, practiceRules, STARTING_CASH } from "@/domain/trading";
import { m, rules } from "./helpers";

describe("the rules a portfolio trades under", () => {
  it("default to PRODUCT.md's practice rules: 100,000.00, 5 bps slippage, no commission, shorting once unlocked", () => {
    expect(formatMoney(STARTING_CASH)).toBe("100000.00");
    expect(practiceRules({ shortingUnlocked: false })).toEqual({
      slippageBps: DEFAULT_SLIPPAGE_BPS,
      liquidity: { impact: true, participationPct: 10 },
      commission: { flat: m("0.00"), bps: 0 },
      allowShort: true,
      shortingUnlocked: false,
      maxPositionPct: null,
      allowedSymbols: null,
      liveWindow: null,
      // A cash account whose shorts pay their borrow fee (docs/decisions/070).
      margin: null,
      borrowFees: true,
    });
    expect(assertValidRules(practiceRules({ shortingUnlocked: true }))).toBeTruthy();
  });

  it.each([
    ["negative slippage", { slippageBps: -1 }],
    ["slippage with three decimals", { slippageBps: 0.125 }],
    ["a negative flat commission", { commission: { flat: m("-0.01"), bps: 0 } }],
    ["commission bps of 100 %", { commission: { flat: m("0.00"), bps: 10_000 } }],
    ["a position limit of 0 %", { maxPositionPct: 0 }],
    ["a participation limit of 0 %", { liquidity: { impact: true, participationPct: 0 } }],
    ["a participation limit over 100 %", { liquidity: { impact: true, participationPct: 100.5 } }],
    ["a position limit over 100 %", { maxPositionPct: 100.5 }],
    ["an event that ends when it starts", { liveWindow: { start: new Date("2026-03-10T00:00:00Z"), end: new Date("2026-03-10T00:00:00Z") } }],
  ])("refuse %s", (_what, change) => {
    expect(() => assertValidRules(rules(change))).toThrow(InvalidRulesError);
  });
});
