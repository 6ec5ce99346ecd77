import { describe, expect, it } from "vitest";
import {
  applyFill,
  executeFill,
  formatMoney,
  maintenanceCall,
  matchOrder,
  newPortfolio,
  NO_COMMISSION,
  type PortfolioState,
  positionOf,
  valuePortfolio,
} from "@/domain/trading";
import { m, NOW, priceTable, rules } from "./helpers";

const practice = rules();

/** Short 1,000 ABC at 19.99 (a 20.00 market short): cash 119,990.00. */
function shortAbc(): PortfolioState {
  return applyFill(newPortfolio(m("100000.00")), { symbol: "ABC", side: "short", quantity: 1000, price: m("19.99") }, NO_COMMISSION).state;
}

/** Runs a maintenance call's orders at market, forced, in order. */
function liquidate(state: PortfolioState, table: Record<string, string>): PortfolioState {
  const prices = priceTable(table);
  const call = maintenanceCall(state, prices, practice);
  if (!call) throw new Error("expected a maintenance call");
  for (const order of call.orders) {
    const outcome = matchOrder(order, { kind: "placement", last: prices.get(order.symbol)! }, practice.slippageBps);
    if (outcome.kind !== "fill") throw new Error("market orders fill");
    const executed = executeFill(state, { order, reservedCash: m("0.00") }, outcome.fill, { now: NOW, prices }, practice, { forced: true });
    if (!executed.ok) throw new Error(executed.rejection.message);
    state = executed.state;
  }
  return state;
}

describe("collateral breach: equity under 30 % of the short market value", () => {
  it("is not breached while equity is exactly 30 %: ABC at 92.30 leaves 27,690.00 of 92,300.00", () => {
    expect(maintenanceCall(shortAbc(), priceTable({ ABC: "92.30" }), practice)).toBeNull();
  });

  it("is breached one cent higher (92.31: 27,680.00 < 27,693.00) and covers every short at market", () => {
    const call = maintenanceCall(shortAbc(), priceTable({ ABC: "92.31" }), practice);
    expect(call && { equity: formatMoney(call.equity), short: formatMoney(call.shortMarketValue), required: formatMoney(call.requiredEquity) }).toEqual({
      equity: "27680.00",
      short: "92310.00",
      required: "27693.00",
    });
    expect(call?.orders).toEqual([{ symbol: "ABC", side: "cover", quantity: 1000, type: "market", timeInForce: "day" }]);
    expect(call?.message).toBe(
      "Your equity (27,680.00) fell below 30\u00a0% of the value of your short positions (92,310.00; at least 27,693.00 is required), so every short was covered at market.",
    );
    const after = liquidate(shortAbc(), { ABC: "92.31" });
    expect(positionOf(after, "ABC").quantity).toBe(0);
    // 92.31 + 5 bps = 92.357 → 92.36 a share.
    expect(formatMoney(after.cash)).toBe("27630.00");
  });

  it("never calls on a portfolio without shorts, whatever happens to its longs", () => {
    const longOnly = applyFill(newPortfolio(m("1000.00")), { symbol: "LNG", side: "buy", quantity: 100, price: m("10.00") }, NO_COMMISSION).state;
    expect(maintenanceCall(longOnly, priceTable({ LNG: "0.01" }), practice)).toBeNull();
  });

  it("sells just enough of the largest long first when cash alone cannot pay for the covers", () => {
    // Short 1,000 ABC, then buy 4,000 LNG at 20.01: cash 39,950.00.
    const state = applyFill(shortAbc(), { symbol: "LNG", side: "buy", quantity: 4000, price: m("20.01") }, NO_COMMISSION).state;
    expect(formatMoney(state.cash)).toBe("39950.00");
    // ABC rallies to 70.00 and LNG falls to 8.00: equity 1,950.00 < 21,000.00.
    const table = { ABC: "70.00", LNG: "8.00" };
    const call = maintenanceCall(state, priceTable(table), practice);
    // Covering costs 70.04 × 1,000 = 70,040.00; 30,090.00 short of cash; LNG sells at 7.99: 3,766 shares.
    expect(call?.orders).toEqual([
      { symbol: "LNG", side: "sell", quantity: 3766, type: "market", timeInForce: "day" },
      { symbol: "ABC", side: "cover", quantity: 1000, type: "market", timeInForce: "day" },
    ]);
    expect(call?.message).toContain("after selling 3,766 LNG to pay for it.");
    const after = liquidate(state, table);
    expect(positionOf(after, "ABC").quantity).toBe(0);
    expect(positionOf(after, "LNG").quantity).toBe(234);
    expect(formatMoney(after.cash)).toBe("0.34");
    expect(valuePortfolio(after, priceTable(table)).shortMarketValue).toBe(0n);
  });
});
