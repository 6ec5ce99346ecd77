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
    ["an unknown type", { type: "bracket" }, "INVALID_ORDER_TYPE"],
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

  it("becomes a trailing stop with its trail and no mark yet (the price it is placed at becomes the mark)", () => {
    expect(validateOrder({ ...base, side: "sell", type: "trailing-stop", trailPercent: "2.5", timeInForce: "gtc" })).toEqual({
      ok: true,
      order: { symbol: "ACME", side: "sell", type: "trailing-stop", quantity: 10, trail: { percent: 2.5 }, waterMark: null, timeInForce: "gtc" },
    });
    const byAmount = validateOrder({ ...base, side: "cover", type: "trailing-stop", trailAmount: "2.5" });
    expect(byAmount.ok && byAmount.order.type === "trailing-stop" && byAmount.order.trail).toEqual({ amount: m("2.50") });
  });

  it("takes a dollar amount in place of a quantity for a buy at market or limit", () => {
    const { quantity: _q, ...noQuantity } = base;
    expect(validateOrder({ ...noQuantity, notional: "2500" })).toEqual({
      ok: true,
      order: { symbol: "ACME", side: "buy", type: "market", quantity: 0, notional: m("2500.00"), timeInForce: "day" },
    });
  });

  it.each<[string, Partial<OrderInput>, string, string]>([
    ["both trails", { side: "sell", type: "trailing-stop", trailPercent: "5", trailAmount: "2.00" }, "TRAIL_CONFLICT", "trailAmount"],
    ["a trailing stop without a trail", { side: "sell", type: "trailing-stop" }, "TRAIL_REQUIRED", "trailPercent"],
    ["a trail of 0 %", { side: "sell", type: "trailing-stop", trailPercent: "0" }, "INVALID_TRAIL", "trailPercent"],
    ["a trail of 100 %", { side: "sell", type: "trailing-stop", trailPercent: "100" }, "INVALID_TRAIL", "trailPercent"],
    ["a negative trail", { side: "sell", type: "trailing-stop", trailPercent: "-5" }, "INVALID_TRAIL", "trailPercent"],
    ["a trail with three decimals", { side: "sell", type: "trailing-stop", trailPercent: "2.555" }, "INVALID_TRAIL", "trailPercent"],
    ["a zero trail amount", { side: "sell", type: "trailing-stop", trailAmount: "0.00" }, "INVALID_TRAIL", "trailAmount"],
    ["a limit price on a trailing stop", { side: "sell", type: "trailing-stop", trailPercent: "5", limitPrice: "90.00" }, "PRICE_NOT_APPLICABLE", "limitPrice"],
    ["a stop price on a trailing stop", { side: "sell", type: "trailing-stop", trailPercent: "5", stopPrice: "90.00" }, "PRICE_NOT_APPLICABLE", "stopPrice"],
    ["a trail on a stop order", { type: "stop", stopPrice: "90.00", trailPercent: "5" }, "TRAIL_NOT_APPLICABLE", "trailPercent"],
    ["both quantity and notional", { notional: "2500.00" }, "QUANTITY_OR_NOTIONAL", "notional"],
    ["neither quantity nor notional", { quantity: null }, "QUANTITY_OR_NOTIONAL", "quantity"],
    ["a zero notional", { quantity: null, notional: "0" }, "INVALID_NOTIONAL", "notional"],
    ["a notional with three decimals", { quantity: null, notional: "10.001" }, "INVALID_NOTIONAL", "notional"],
    ["a notional sale", { quantity: null, side: "sell", notional: "100.00" }, "NOTIONAL_NOT_APPLICABLE", "notional"],
    ["a notional stop", { quantity: null, type: "stop", stopPrice: "90.00", notional: "100.00" }, "NOTIONAL_NOT_APPLICABLE", "notional"],
  ])("refuses %s, naming the field", (_what, change, code, field) => {
    const result = validateOrder({ ...base, ...change });
    expect(result.ok || result.rejection).toMatchObject({ code, field });
    expect(result.ok || result.rejection.message).toContain(field);
  });

  it("says what a good price looks like", () => {
    const result = validateOrder({ ...base, type: "limit", limitPrice: "ten" });
    expect(result.ok || result.rejection.message).toBe('The limit price must be a positive amount with at most 2 decimals, like "101.25" (got "ten").');
  });
});
