import { describe, expect, it } from "vitest";
import { applyFill, checkOrder, commissionFor, formatMoney, newPortfolio, NO_COMMISSION, positionOf, reservationFor } from "@/domain/trading";
import { context, limit, m, market, rules } from "./helpers";

// Flat 1.00 plus 10 bps, no slippage so the commission is the only cost in view.
const schedule = { flat: m("1.00"), bps: 10 };
const eventRules = rules({ slippageBps: 0, commission: schedule });

describe("commission per fill is flat + basis points, rounded up to the cent", () => {
  it("charges 1.00 + 10 bps of 1,234.50 (1.2345 → 1.24) = 2.24", () => {
    expect(formatMoney(commissionFor(m("1234.50"), schedule))).toBe("2.24");
    expect(formatMoney(commissionFor(m("1000.00"), schedule))).toBe("2.00");
    expect(formatMoney(commissionFor(m("0.01"), { flat: m("0.00"), bps: 10 }))).toBe("0.01");
  });

  it("charges nothing on the practice portfolio", () => {
    expect(formatMoney(commissionFor(m("1234.50"), NO_COMMISSION))).toBe("0.00");
  });

  it("is paid from cash on a buy and counted in the cost basis (average cost 123.674 shown as 123.68)", () => {
    const bought = applyFill(newPortfolio(m("100000.00")), { symbol: "ACME", side: "buy", quantity: 10, price: m("123.45") }, schedule);
    expect(formatMoney(bought.commission)).toBe("2.24");
    expect(formatMoney(bought.cashChange)).toBe("-1236.74");
    expect(formatMoney(bought.state.cash)).toBe("98763.26");
    const position = positionOf(bought.state, "ACME");
    expect(formatMoney(position.costBasis)).toBe("1236.74");
    expect(formatMoney(position.averageCost)).toBe("123.68");
  });

  it("is taken from the proceeds of a sell and from the realised P&L", () => {
    const bought = applyFill(newPortfolio(m("100000.00")), { symbol: "ACME", side: "buy", quantity: 10, price: m("123.45") }, schedule);
    const sold = applyFill(bought.state, { symbol: "ACME", side: "sell", quantity: 10, price: m("130.00") }, schedule);
    expect(formatMoney(sold.commission)).toBe("2.30");
    expect(formatMoney(sold.cashChange)).toBe("1297.70");
    // 1,297.70 received − 1,236.74 paid: both commissions are inside the P&L.
    expect(formatMoney(sold.realisedPnl)).toBe("60.96");
    expect(formatMoney(sold.state.cash)).toBe("100060.96");
  });

  it("is part of the cash an order needs: exactly the price of the shares is not enough", () => {
    const state = newPortfolio(m("1000.00"));
    const check = checkOrder(state, market("buy", 10), context({ ACME: "100.00" }), eventRules);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.rejection.code).toBe("INSUFFICIENT_FUNDS");
    expect(check.rejection.message).toBe("This order needs 1,002.00 in cash (commission 2.00 included); you have 1,000.00.");
    expect(check.preview && formatMoney(check.preview.commission)).toBe("2.00");
    expect(checkOrder(state, market("buy", 9), context({ ACME: "100.00" }), eventRules).ok).toBe(true);
  });

  it("is part of what an open buy limit reserves: 10 × 50.00 + 1.00 + 0.50", () => {
    expect(formatMoney(reservationFor(limit("buy", 10, "50.00"), eventRules))).toBe("501.50");
  });

  it("shows in the order preview", () => {
    const check = checkOrder(newPortfolio(m("100000.00")), market("buy", 10), context({ ACME: "123.45" }), eventRules);
    expect(check.ok && { commission: formatMoney(check.preview.commission), cashChange: formatMoney(check.preview.cashChange) }).toEqual({
      commission: "2.24",
      cashChange: "-1236.74",
    });
  });
});
