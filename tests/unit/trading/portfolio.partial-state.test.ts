/**
 * A tick settles hundreds of portfolios loading only what its fills touch: every short and the
 * traded symbol's position, the other longs summed. Valuing such a partial state must give the
 * whole portfolio's figures, and a maintenance call (which needs every position) refuses it.
 * Under rules that need no equity (no margin, no position limit) the other longs may be left
 * unvalued (null): buying power is then exactly the whole's, and a check that needs equity throws.
 */
import { describe, expect, it } from "vitest";
import { AccountingError, cents, DEFAULT_MARGIN, executeFill, maintenanceCall, needsEquity, type Position, practiceRules, restorePosition, valuePortfolio } from "@/domain/trading";

const pos = (quantity: number, costBasis: number): Position => restorePosition({ quantity, costBasis: cents(costBasis), realisedPnl: cents(0) });

describe("a partial portfolio state", () => {
  const whole = {
    cash: cents(500_000),
    reservedCash: cents(10_000),
    positions: new Map([
      ["AAA", pos(10, 100_000)],
      ["BBB", pos(-5, -50_000)],
      ["CCC", pos(20, 40_000)],
      ["DDD", pos(3, 30_000)],
    ]),
  };
  const prices = new Map([
    ["AAA", cents(11_000)],
    ["BBB", cents(9_000)],
    ["CCC", cents(2_500)],
    ["DDD", cents(10_100)],
  ]);

  it("values like the whole when the longs left out are summed in `elsewhere`", () => {
    // A fill in AAA: AAA and every short are loaded; CCC and DDD are summed (20 × 25.00 + 3 × 101.00).
    const partial = {
      ...whole,
      positions: new Map([...whole.positions].filter(([symbol]) => symbol === "AAA" || symbol === "BBB")),
      elsewhere: { longMarketValue: cents(20 * 2_500 + 3 * 10_100) },
    };
    expect(valuePortfolio(partial, prices)).toEqual(valuePortfolio(whole, prices));
  });

  it("is refused by a maintenance call, which must see every position", () => {
    const partial = { ...whole, elsewhere: { longMarketValue: cents(0) } };
    expect(() => maintenanceCall(partial, prices, practiceRules({ shortingUnlocked: true }))).toThrow(AccountingError);
  });

  describe("with the other longs not valued", () => {
    const partial = {
      ...whole,
      positions: new Map([...whole.positions].filter(([symbol]) => symbol === "AAA" || symbol === "BBB")),
      elsewhere: { longMarketValue: null },
    };
    const margin = DEFAULT_MARGIN;
    const buy = { symbol: "AAA", side: "buy" as const, type: "market" as const, quantity: 1, timeInForce: "day" as const };
    const fill = { symbol: "AAA", side: "buy" as const, quantity: 1, price: cents(11_000), referencePrice: cents(11_000), impactBps: 0, reason: "test" };

    it("has the whole's buying power without margin (cash, reservations and shorts)", () => {
      expect(valuePortfolio(partial, prices).buyingPower).toBe(valuePortfolio(whole, prices).buyingPower);
    });

    it("only for rules that need no equity", () => {
      expect(needsEquity(practiceRules({ shortingUnlocked: true }))).toBe(false);
      expect(needsEquity({ ...practiceRules({ shortingUnlocked: true }), maxPositionPct: 20 })).toBe(true);
      expect(needsEquity({ ...practiceRules({ shortingUnlocked: true }), margin })).toBe(true);
    });

    it("fills a buy under practice rules as the whole would", () => {
      const rules = practiceRules({ shortingUnlocked: true });
      const context = { now: new Date("2026-03-10T10:00:00Z"), prices };
      const fromPartial = executeFill(partial, { order: buy, reservedCash: cents(0) }, fill, context, rules);
      const fromWhole = executeFill(whole, { order: buy, reservedCash: cents(0) }, fill, context, rules);
      expect(fromPartial.ok && fromWhole.ok).toBe(true);
      if (fromPartial.ok && fromWhole.ok) {
        expect(fromPartial.state.cash).toBe(fromWhole.state.cash);
        expect(fromPartial.state.positions.get("AAA")).toEqual(fromWhole.state.positions.get("AAA"));
      }
    });

    it("throws where equity is needed: margin's buying power, a position limit", () => {
      expect(() => valuePortfolio(partial, prices, margin)).toThrow(AccountingError);
      const limited = { ...practiceRules({ shortingUnlocked: true }), maxPositionPct: 50 };
      expect(() => executeFill(partial, { order: buy, reservedCash: cents(0) }, fill, { now: new Date("2026-03-10T10:00:00Z"), prices }, limited)).toThrow(AccountingError);
    });
  });
});
