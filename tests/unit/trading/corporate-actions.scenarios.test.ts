/** Dividends and splits on fixed portfolios and prices (docs/decisions/052-corporate-actions.md). */
import { describe, expect, it } from "vitest";
import { adjustedPriceCents, parseRatio } from "@/domain/market";
import { dividendAtEx, dividendReason, equityOf, payDividend, type PortfolioState, restorePosition, splitOrderTerms, splitPosition, splitReason, valuePortfolio, ZERO } from "@/domain/trading";
import { m } from "./helpers";

function holding(quantity: number, costBasis: string, cash = "10000.00"): PortfolioState {
  return { cash: m(cash), reservedCash: ZERO, positions: new Map([["ACME", restorePosition({ quantity, costBasis: m(costBasis), realisedPnl: ZERO })]]) };
}

describe("a dividend of 0.42 on ACME at 50.00", () => {
  it("entitles a holder of 120 shares to 50.40 at the ex-date, paid in cash at the pay date", () => {
    const state = holding(120, "6000.00");
    const due = dividendAtEx(state, "ACME", m("0.42"))!;
    expect(due.entitlement).toEqual({ quantity: 120, amount: m("50.40") });
    expect(due.state.cash).toBe(m("10000.00"));
    expect(equityOf(due.state, new Map([["ACME", m("49.58")]]))).toBe(equityOf(state, new Map([["ACME", m("50.00")]])));
    const paid = payDividend(due.state, due.entitlement.amount);
    expect(paid.cash).toBe(m("10050.40"));
    expect(paid.receivable).toBe(ZERO);
    expect(dividendReason(m("0.42"), 120)).toBe("Dividend 0.42 × 120 shares");
  });

  it("makes a short seller of 100 shares pay 42.00, held back from buying power until paid", () => {
    const state = holding(-100, "-5000.00", "15000.00");
    const due = dividendAtEx(state, "ACME", m("0.42"))!;
    expect(due.entitlement.amount).toBe(m("-42.00"));
    const prices = new Map([["ACME", m("49.58")]]);
    expect(valuePortfolio(due.state, prices).buyingPower).toBe(valuePortfolio(state, prices).buyingPower - m("42.00"));
    expect(payDividend(due.state, due.entitlement.amount).cash).toBe(m("14958.00"));
    expect(dividendReason(m("0.42"), -100)).toBe("Dividend 0.42 × −100 shares (owed on a short)");
  });
});

describe("splits", () => {
  it("2:1 at 142.51 doubles 120 shares, keeps the basis, and settles the new price's rounding in cash", () => {
    const ratio = parseRatio("2:1");
    const after = m("71.26");
    expect(adjustedPriceCents({ id: "s", symbol: "ACME", kind: "split", exDate: "2026-05-15", ratio }, 14251)).toBe(7126);
    const outcome = splitPosition(holding(120, "17000.00"), "ACME", ratio, { before: m("142.51"), after })!;
    expect(outcome.quantityAfter).toBe(240);
    expect(outcome.cashInLieu).toBe(m("-1.20"));
    expect(outcome.state.positions.get("ACME")!.costBasis).toBe(m("17000.00"));
    expect(outcome.state.positions.get("ACME")!.averageCost).toBe(m("70.84"));
    expect(splitReason(ratio, outcome)).toBe("Split 2:1: 120 → 240 shares; 1.20 charged in cash (the new price's rounding)");
  });

  it("1:10 turns 125 shares into 12 and pays the half share out at the new price", () => {
    const ratio = parseRatio("1:10");
    const outcome = splitPosition(holding(125, "1250.00"), "ACME", ratio, { before: m("10.00"), after: m("100.00") })!;
    expect(outcome.quantityAfter).toBe(12);
    expect(outcome.cashInLieu).toBe(m("50.00"));
    expect(outcome.fraction).toBe("0.5");
    // The half share's basis (50.00 of 1,250.00) leaves with it: realised 0.
    expect(outcome.state.positions.get("ACME")).toMatchObject({ costBasis: m("1200.00"), realisedPnl: ZERO });
    expect(splitReason(ratio, outcome)).toBe("Split 1:10: 125 → 12 shares; 0.5 share 50.00 paid in cash");
  });

  it("adjusts open orders: a buy limit rounds down, a sell stop up, and an order left without a whole share is cancelled", () => {
    const ratio = parseRatio("3:1");
    expect(splitOrderTerms({ side: "buy", quantity: 10, limitPrice: m("100.00"), stopPrice: null }, ratio)).toEqual({ side: "buy", quantity: 30, limitPrice: m("33.33"), stopPrice: null });
    expect(splitOrderTerms({ side: "sell", quantity: 10, limitPrice: null, stopPrice: m("100.00") }, ratio)).toEqual({ side: "sell", quantity: 30, limitPrice: null, stopPrice: m("33.34") });
    expect(splitOrderTerms({ side: "buy", quantity: 5, limitPrice: m("10.00"), stopPrice: null }, parseRatio("1:10"))).toBeNull();
  });

  it("splits an order working in parts apart: what filled and what is left each multiplied, the volume it has seen too", () => {
    // 1,000 to buy, 380 filled after 3,800 traded: a 2:1 split leaves 1,240 to fill of 2,000, with 7,600 seen.
    expect(splitOrderTerms({ side: "buy", quantity: 1000, limitPrice: null, stopPrice: null, filledQuantity: 380, volumeSeen: 3800 }, parseRatio("2:1"))).toEqual({
      side: "buy",
      quantity: 2000,
      limitPrice: null,
      stopPrice: null,
      filledQuantity: 760,
      volumeSeen: 7600,
    });
    // 1:10 rounds each part down apart: 25 filled → 2, 95 left → 9 (never more to fill than the rest was), 1,234 seen → 123.
    expect(splitOrderTerms({ side: "buy", quantity: 120, limitPrice: m("10.00"), stopPrice: null, filledQuantity: 25, volumeSeen: 1234 }, parseRatio("1:10"))).toEqual({
      side: "buy",
      quantity: 11,
      limitPrice: m("100.00"),
      stopPrice: null,
      filledQuantity: 2,
      volumeSeen: 123,
    });
  });

  it("cancels only the rest of a working order when no whole share of the rest is left, however much filled", () => {
    // 95 filled of 100: 5 left, a tenth of a share after 1:10. Without the filled shares counted apart it would have lived on as 10 with 9 filled.
    expect(splitOrderTerms({ side: "buy", quantity: 100, limitPrice: null, stopPrice: null, filledQuantity: 95, volumeSeen: 950 }, parseRatio("1:10"))).toBeNull();
  });

  it("refuses ratios that change nothing or cannot be read", () => {
    expect(() => parseRatio("1:1")).toThrow(/changes nothing/);
    expect(() => parseRatio("2:0")).toThrow();
    expect(() => parseRatio("1.5:1")).toThrow();
    expect(parseRatio("4:2")).toEqual({ to: 2, from: 1 });
  });
});
