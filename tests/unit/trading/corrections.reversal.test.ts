/**
 * Corrections (docs/decisions/041-corrections.md): a reversal undoes a fill as if it had never
 * been — its cash back with the commission refunded, the position rebuilt from the fills that
 * remain — and is refused when it would leave a position of the wrong sign or cash below zero;
 * an adjustment moves cash and never below zero.
 */
import { describe, expect, it } from "vitest";
import { adjustCash, applyFill, type BookedFill, type CommissionSchedule, commissionFor, type Money, multiplyMoney, newPortfolio, parseMoney, positionOf, reverseFill, type Side } from "@/domain/trading";

const m = parseMoney;
const FEES: CommissionSchedule = { flat: m("1.00"), bps: 0 };

/** Books fills in order through the domain, keeping each as booked (with the commission it was charged). */
function book(start: string, trades: Array<[Side, number, string]>, schedule: CommissionSchedule = FEES) {
  let state = newPortfolio(m(start));
  const booked: BookedFill[] = [];
  for (const [side, quantity, price] of trades) {
    const fill = { symbol: "ACME", side, quantity, price: m(price) };
    state = applyFill(state, fill, schedule).state;
    booked.push({ ...fill, commission: commissionFor(multiplyMoney(fill.price, quantity), schedule) });
  }
  return { state, booked };
}

const without = (fills: BookedFill[], index: number) => fills.filter((_, i) => i !== index);

describe("reversing a fill", () => {
  it("gives back a buy's cost and its commission and closes the position, by a sell at the same price", () => {
    const { state, booked } = book("10000.00", [["buy", 10, "100.00"]]);
    expect(state.cash).toBe(m("8999.00"));
    const outcome = reverseFill(state, booked[0]!, []);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    expect(outcome.cashChange).toBe(m("1001.00"));
    expect(outcome.state.cash).toBe(m("10000.00"));
    expect(outcome.compensation).toEqual({ symbol: "ACME", side: "sell", quantity: 10, price: m("100.00"), commission: m("-1.00") });
    expect(positionOf(outcome.state, "ACME")).toMatchObject({ quantity: 0, costBasis: 0n, realisedPnl: 0n });
  });

  it("rebuilds average cost and realised P&L from the fills that remain, as if the reversed one had never been", () => {
    const trades: Array<[Side, number, string]> = [
      ["buy", 10, "100.00"],
      ["buy", 10, "120.00"],
      ["sell", 5, "130.00"],
    ];
    const { state, booked } = book("10000.00", trades);
    const outcome = reverseFill(state, booked[0]!, without(booked, 0));
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    const neverBought = book("10000.00", trades.slice(1));
    expect(outcome.state.cash).toBe(neverBought.state.cash);
    expect(positionOf(outcome.state, "ACME")).toEqual(positionOf(neverBought.state, "ACME"));
    // 10 at 120 + 1 commission, 5 sold at 130 − 1: basis 600.50 left, realised 649 − 600.50.
    expect(positionOf(outcome.state, "ACME")).toMatchObject({ quantity: 5, costBasis: m("600.50"), averageCost: m("120.10"), realisedPnl: m("48.50") });
  });

  it("takes a sale's proceeds back and returns the shares, by a buy at the sale's price", () => {
    const { state, booked } = book("10000.00", [
      ["buy", 10, "100.00"],
      ["sell", 10, "150.00"],
    ]);
    const outcome = reverseFill(state, booked[1]!, without(booked, 1));
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    expect(outcome.cashChange).toBe(m("-1499.00"));
    expect(outcome.compensation.side).toBe("buy");
    expect(positionOf(outcome.state, "ACME")).toMatchObject({ quantity: 10, costBasis: m("1001.00"), realisedPnl: 0n });
  });

  it("undoes a short by a cover and a cover by a short", () => {
    const { state, booked } = book("10000.00", [
      ["short", 10, "50.00"],
      ["cover", 4, "40.00"],
    ]);
    const cover = reverseFill(state, booked[1]!, without(booked, 1));
    if (!cover.ok) throw new Error(cover.rejection.message);
    expect(cover.compensation.side).toBe("short");
    expect(positionOf(cover.state, "ACME").quantity).toBe(-10);
  });

  it("is refused with REVERSAL_WRONG_SIGN when the shares it bought were sold since", () => {
    const { state, booked } = book("10000.00", [
      ["buy", 10, "100.00"],
      ["sell", 10, "110.00"],
    ]);
    const outcome = reverseFill(state, booked[0]!, without(booked, 0));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.rejection).toMatchObject({ code: "REVERSAL_WRONG_SIGN", message: expect.stringContaining("Reverse the later fills first") });
  });

  it("is refused with REVERSAL_WRONG_SIGN when a later fill would have crossed the position without it", () => {
    // Sold out, then shorted: without the sale the short would have been placed while long.
    const { state, booked } = book("10000.00", [
      ["buy", 10, "100.00"],
      ["sell", 10, "100.00"],
      ["short", 5, "100.00"],
    ]);
    const outcome = reverseFill(state, booked[1]!, without(booked, 1));
    expect(outcome.ok ? null : outcome.rejection.code).toBe("REVERSAL_WRONG_SIGN");
  });

  it("is refused with REVERSAL_NEGATIVE_CASH when the proceeds it takes back were spent", () => {
    const { state, booked } = book("1001.00", [
      ["buy", 10, "100.00"],
      ["sell", 10, "150.00"],
      ["buy", 14, "100.00"],
    ]);
    const outcome = reverseFill(state, booked[1]!, without(booked, 1));
    expect(outcome.ok ? null : outcome.rejection).toMatchObject({ code: "REVERSAL_NEGATIVE_CASH", message: expect.stringContaining("1,499.00") });
  });
});

describe("adjusting cash", () => {
  it("adds and removes cash, never below zero", () => {
    const state = newPortfolio(m("500.00"));
    const added = adjustCash(state, m("250.00") as Money);
    expect(added.ok && added.state.cash).toBe(m("750.00"));
    expect(adjustCash(state, m("-500.00")).ok).toBe(true);
    const refused = adjustCash(state, m("-500.01"));
    expect(refused.ok ? null : refused.rejection.code).toBe("ADJUSTMENT_NEGATIVE_CASH");
  });
});
