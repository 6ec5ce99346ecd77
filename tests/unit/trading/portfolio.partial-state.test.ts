/**
 * A tick settles hundreds of portfolios loading only what its fills touch: every short and the
 * traded symbol's position, the other longs summed. Valuing such a partial state must give the
 * whole portfolio's figures, and a maintenance call (which needs every position) refuses it.
 */
import { describe, expect, it } from "vitest";
import { AccountingError, cents, maintenanceCall, type Position, practiceRules, restorePosition, valuePortfolio } from "@/domain/trading";

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
});
