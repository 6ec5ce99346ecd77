/**
 * The benchmark index is listed with a level (so charts and valuations can read it) but is
 * never traded: every order on it is refused with INDEX_NOT_TRADABLE, whatever its side or type.
 */
import { describe, expect, it } from "vitest";
import { checkOrder, executeFill, newPortfolio, type OrderSpec } from "@/domain/trading";
import { context, limit, m, market, rules, stop } from "./helpers";

const prices = { TLX: "1043.27", ACME: "50.00" };
const untradable = { untradableSymbols: new Set(["TLX"]) };

describe("an order on the benchmark index", () => {
  it.each<[string, OrderSpec]>([
    ["a market buy", market("buy", 1, "TLX")],
    ["a market short", market("short", 1, "TLX")],
    ["a resting buy limit", limit("buy", 1, "1000.00", "TLX")],
    ["a sell stop", stop("sell", 1, "1000.00", "TLX")],
  ])("is refused with INDEX_NOT_TRADABLE: %s", (_name, order) => {
    const check = checkOrder(newPortfolio(m("100000.00")), order, context(prices, untradable), rules());
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.rejection).toEqual({ code: "INDEX_NOT_TRADABLE", message: "TLX is an index: it measures the market and cannot be bought or sold. Trade its stocks instead." });
    expect(check.preview).toBeNull();
  });

  it("is refused for that reason before the cash check: an empty account hears the real reason", () => {
    const check = checkOrder(newPortfolio(m("0.00")), market("buy", 1000, "TLX"), context(prices, untradable), rules());
    expect(!check.ok && check.rejection.code).toBe("INDEX_NOT_TRADABLE");
  });

  it("is refused again if it ever came to fill (the same rules run at execution)", () => {
    const order = market("buy", 1, "TLX");
    const execution = executeFill(
      newPortfolio(m("100000.00")),
      { order, reservedCash: m("0.00") },
      { symbol: "TLX", side: "buy", quantity: 1, price: m("1043.27"), referencePrice: m("1043.27"), impactBps: 0, reason: "market" },
      context(prices, untradable),
      rules(),
    );
    expect(!execution.ok && execution.rejection.code).toBe("INDEX_NOT_TRADABLE");
  });

  it("leaves the stocks beside it tradable", () => {
    expect(checkOrder(newPortfolio(m("100000.00")), market("buy", 10, "ACME"), context(prices, untradable), rules()).ok).toBe(true);
  });

  it("is an ordinary instrument to a context that names no index (an event's replay prices)", () => {
    expect(checkOrder(newPortfolio(m("100000.00")), market("buy", 1, "TLX"), context(prices), rules()).ok).toBe(true);
  });
});
