import { describe, expect, it } from "vitest";
import { applyFill, checkOrder, equityOf, executeFill, formatMoney, matchOrder, newPortfolio, positionOf, unrealisedPnl } from "@/domain/trading";
import { context, limit, m, market, priceTable, rules } from "./helpers";

const fiveBps = rules();

function shortAt50() {
  // Short 100 ACME at market when the last price is 50.00: 50.00 less 5 bps = 49.975, received as 49.97.
  const state = newPortfolio(m("100000.00"));
  const ctx = context({ ACME: "50.00" });
  const outcome = matchOrder(market("short", 100), { kind: "placement", last: m("50.00") }, 5);
  if (outcome.kind !== "fill") throw new Error("a market order fills");
  const executed = executeFill(state, { order: market("short", 100), reservedCash: m("0.00") }, outcome.fill, ctx, fiveBps);
  if (!executed.ok) throw new Error(executed.rejection.message);
  return executed.state;
}

describe("shorting 100 shares at 50.00, then covering 40 of them at 40.00", () => {
  it("credits the short sale's proceeds to cash and records a negative position", () => {
    const state = shortAt50();
    expect(formatMoney(state.cash)).toBe("104997.00");
    const position = positionOf(state, "ACME");
    expect(position.quantity).toBe(-100);
    expect(formatMoney(position.costBasis)).toBe("-4997.00");
    expect(formatMoney(position.averageCost)).toBe("49.97");
  });

  it("debits the cover, realises the gain on the 40 covered and keeps the rest short at the same average", () => {
    const shorted = shortAt50();
    // 40.00 + 5 bps = 40.02 a share.
    const covered = applyFill(shorted, { symbol: "ACME", side: "cover", quantity: 40, price: m("40.02") }, fiveBps.commission);
    expect(formatMoney(covered.cashChange)).toBe("-1600.80");
    expect(formatMoney(covered.state.cash)).toBe("103396.20");
    // 40 of 100 short at 49.97 brought in 1,998.80; covering them cost 1,600.80.
    expect(formatMoney(covered.realisedPnl)).toBe("398.00");
    const position = positionOf(covered.state, "ACME");
    expect(position.quantity).toBe(-60);
    expect(formatMoney(position.costBasis)).toBe("-2998.20");
    expect(formatMoney(position.averageCost)).toBe("49.97");
    expect(formatMoney(position.realisedPnl)).toBe("398.00");
    // Equity: cash − 60 × 40.00 = 100,996.20, and P&L adds up: 398.00 realised + 598.20 unrealised.
    expect(formatMoney(equityOf(covered.state, priceTable({ ACME: "40.00" })))).toBe("100996.20");
    expect(formatMoney(unrealisedPnl(position, m("40.00")))).toBe("598.20");
  });

  it("rounds the realised P&L of a partial cover down when the basis does not split evenly", () => {
    // 3 shares shorted for 99.99 less a 0.01 commission: basis −99.98, a third of it is 33.3266…
    const commission = { flat: m("0.01"), bps: 0 };
    const shorted = applyFill(newPortfolio(m("1000.00")), { symbol: "ACME", side: "short", quantity: 3, price: m("33.33") }, commission);
    const covered = applyFill(shorted.state, { symbol: "ACME", side: "cover", quantity: 1, price: m("30.00") }, commission);
    // Exactly 33.3266… − 30.01 = 3.3166…: shown to the trader's disadvantage as 3.31.
    expect(formatMoney(covered.realisedPnl)).toBe("3.31");
    const position = positionOf(covered.state, "ACME");
    expect(formatMoney(position.costBasis)).toBe("-66.66");
    expect(formatMoney(position.averageCost)).toBe("33.33");
    // Covering the rest realises what is left: over the round trip nothing is lost or made up.
    const closed = applyFill(covered.state, { symbol: "ACME", side: "cover", quantity: 2, price: m("30.00") }, commission);
    const flows = Number(shorted.cashChange + covered.cashChange + closed.cashChange);
    expect(Number(positionOf(closed.state, "ACME").realisedPnl)).toBe(flows);
    expect(positionOf(closed.state, "ACME")).toMatchObject({ quantity: 0, costBasis: 0n, averageCost: 0n });
  });

  it("refuses to cover more than the short (no accidental long)", () => {
    const check = checkOrder(shortAt50(), market("cover", 101), context({ ACME: "40.00" }), fiveBps);
    expect(check.ok || check.rejection).toEqual({ code: "INSUFFICIENT_SHARES", message: "You are short 100 ACME: you can cover at most 100." });
  });

  it("counts shares already promised to open cover orders", () => {
    const openOrders = [{ order: limit("cover", 70, "35.00") }];
    const check = checkOrder(shortAt50(), market("cover", 40), context({ ACME: "40.00" }, { openOrders }), fiveBps);
    expect(check.ok || check.rejection).toEqual({
      code: "INSUFFICIENT_SHARES",
      message: "You are short 100 ACME, 70 of them already in open cover orders: you can cover at most 30.",
    });
    expect(checkOrder(shortAt50(), market("cover", 30), context({ ACME: "40.00" }, { openOrders }), fiveBps).ok).toBe(true);
  });

  it("refuses a cover when there is no short at all", () => {
    const check = checkOrder(newPortfolio(m("1000.00")), market("cover", 1), context({ ACME: "40.00" }), fiveBps);
    expect(check.ok || check.rejection.code).toBe("INSUFFICIENT_SHARES");
  });
});
