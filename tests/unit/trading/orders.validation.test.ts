import { describe, expect, it } from "vitest";
import { type OrderInput, validateOrder } from "@/domain/trading";
import { m } from "./helpers";

const base: OrderInput = { symbol: "acme", side: "buy", type: "market", quantity: 10 };

describe("an order as it arrives", () => {
  it("records a market order as a day order whatever time in force came with it (it never rests)", () => {
    const validation = validateOrder({ ...base, timeInForce: "gtc" });
    expect(validation.ok && validation.order.timeInForce).toBe("day");
    // Orders that can rest keep the choice.
    const limit = validateOrder({ ...base, type: "limit", limitPrice: "10.00", timeInForce: "gtc" });
    expect(limit.ok && limit.order.timeInForce).toBe("gtc");
  });

  it("becomes a typed order: symbol upper-cased, day by default, prices as exact money", () => {
    expect(validateOrder(base)).toEqual({ ok: true, order: { symbol: "ACME", side: "buy", type: "market", quantity: 10, timeInForce: "day" } });
    expect(validateOrder({ ...base, type: "stop-limit", side: "sell", stopPrice: "95.00", limitPrice: "94.5", timeInForce: "gtc" })).toEqual({
      ok: true,
      order: { symbol: "ACME", side: "sell", type: "stop-limit", quantity: 10, stopPrice: m("95.00"), limitPrice: m("94.50"), timeInForce: "gtc" },
    });
    expect(validateOrder({ ...base, limitPrice: null, stopPrice: "" }).ok).toBe(true);
  });

  it.each<[string, Partial<OrderInput>, string]>([
    ["a blank symbol", { symbol: " " }, "INVALID_SYMBOL"],
    ["an unknown side", { side: "hold" }, "INVALID_SIDE"],
    ["an unknown type", { type: "trailing-stop" }, "INVALID_ORDER_TYPE"],
    ["an unknown time in force", { timeInForce: "ioc" }, "INVALID_TIME_IN_FORCE"],
    ["half a share", { quantity: 1.5 }, "INVALID_QUANTITY"],
    ["zero shares", { quantity: 0 }, "INVALID_QUANTITY"],
    ["negative shares", { quantity: -3 }, "INVALID_QUANTITY"],
    ["more shares than any portfolio could pay for", { quantity: 1_000_000_001 }, "INVALID_QUANTITY"],
    ["NaN shares", { quantity: Number.NaN }, "INVALID_QUANTITY"],
    ["a limit order without a limit", { type: "limit" }, "LIMIT_PRICE_REQUIRED"],
    ["a stop order without a stop", { type: "stop" }, "STOP_PRICE_REQUIRED"],
    ["a stop-limit without its limit", { type: "stop-limit", stopPrice: "10.00" }, "LIMIT_PRICE_REQUIRED"],
    ["a stop-limit without its stop", { type: "stop-limit", limitPrice: "10.00" }, "STOP_PRICE_REQUIRED"],
    ["a limit price with three decimals", { type: "limit", limitPrice: "10.005" }, "INVALID_PRICE"],
    ["a zero limit price", { type: "limit", limitPrice: "0.00" }, "INVALID_PRICE"],
    ["a negative stop price", { type: "stop", stopPrice: "-1.00" }, "INVALID_PRICE"],
    ["a limit price on a market order", { limitPrice: "10.00" }, "PRICE_NOT_APPLICABLE"],
    ["a stop price on a limit order", { type: "limit", limitPrice: "10.00", stopPrice: "9.00" }, "PRICE_NOT_APPLICABLE"],
  ])("refuses %s", (_what, change, code) => {
    const result = validateOrder({ ...base, ...change });
    expect(result.ok || result.rejection.code).toBe(code);
    expect(result.ok || result.rejection.message.length > 10).toBe(true);
  });

  it("says what a good price looks like", () => {
    const result = validateOrder({ ...base, type: "limit", limitPrice: "ten" });
    expect(result.ok || result.rejection.message).toBe('The limit price must be a positive amount with at most 2 decimals, like "101.25" (got "ten").');
  });
});
