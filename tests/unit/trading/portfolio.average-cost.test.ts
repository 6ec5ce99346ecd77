import { describe, expect, it } from "vitest";
import { AccountingError, applyFill, equityOf, formatMoney, newPortfolio, NO_COMMISSION, type PortfolioState, positionOf, unrealisedPnl } from "@/domain/trading";
import { m, priceTable } from "./helpers";

const buy = (state: PortfolioState, quantity: number, price: string) => applyFill(state, { symbol: "ACME", side: "buy", quantity, price: m(price) }, NO_COMMISSION);
const sell = (state: PortfolioState, quantity: number, price: string) => applyFill(state, { symbol: "ACME", side: "sell", quantity, price: m(price) }, NO_COMMISSION);

describe("average cost over two lots", () => {
  // 1 share at 10.00, then 2 at 10.01: 30.02 for 3 shares, 10.00666… each.
  const twoLots = buy(buy(newPortfolio(m("1000.00")), 1, "10.00").state, 2, "10.01").state;

  it("is shown rounded up, against the trader (10.01), while the exact basis is kept", () => {
    const position = positionOf(twoLots, "ACME");
    expect(position.quantity).toBe(3);
    expect(formatMoney(position.costBasis)).toBe("30.02");
    expect(formatMoney(position.averageCost)).toBe("10.01");
  });

  it("realises a partial sale against a share of the basis rounded up: selling 1 at 12.00 realises 1.99", () => {
    const sold = sell(twoLots, 1, "12.00");
    expect(formatMoney(sold.realisedPnl)).toBe("1.99");
    const position = positionOf(sold.state, "ACME");
    expect(formatMoney(position.costBasis)).toBe("20.01");
    expect(formatMoney(position.averageCost)).toBe("10.01");
  });

  it("keeps realised + unrealised P&L equal to equity − starting cash, to the cent", () => {
    const sold = sell(twoLots, 1, "12.00").state;
    const position = positionOf(sold, "ACME");
    const prices = priceTable({ ACME: "11.37" });
    const pnl = position.realisedPnl + unrealisedPnl(position, m("11.37"));
    expect(pnl).toBe(equityOf(sold, prices) - m("1000.00"));
  });

  it("closes to a zero basis and keeps the realised P&L of the closed position", () => {
    const closed = sell(twoLots, 3, "9.00").state;
    expect(positionOf(closed, "ACME")).toEqual({ quantity: 0, costBasis: 0n, averageCost: 0n, realisedPnl: m("-3.02") });
    expect(formatMoney(closed.cash)).toBe("996.98");
  });

  it("refuses, as a bug, a fill that sells more than held or spends cash that is not there", () => {
    expect(() => sell(twoLots, 4, "9.00")).toThrow(AccountingError);
    expect(() => buy(twoLots, 100, "10.00")).toThrow(AccountingError);
    expect(() => applyFill(twoLots, { symbol: "ACME", side: "short", quantity: 1, price: m("9.00") }, NO_COMMISSION)).toThrow(AccountingError);
  });
});
