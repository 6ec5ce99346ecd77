/**
 * Orders with legs (decision 065): what a bracket, an OCO and an OTO are when validated, which
 * combinations are refused (a code and the field), and what the rest of a group becomes after
 * one of its orders fills, is cancelled or closes.
 */
import { describe, expect, it } from "vitest";
import { checkClassedOrder, type GroupMember, newPortfolio, promisedOnce, settleGroup, validateClassedOrder } from "@/domain/trading";
import { context, limit, m, rules, stop } from "./helpers";

const bracketInput = { symbol: "ACME", side: "buy", type: "market", quantity: 10, orderClass: "bracket", takeProfit: { limitPrice: "110.00" }, stopLoss: { stopPrice: "95.00" } };

function refusal(input: Record<string, unknown>) {
  const result = validateClassedOrder(input as never);
  if (result.ok) throw new Error("expected a refusal");
  return result.rejection;
}

describe("a bracket as validated", () => {
  it("is its entry with a take-profit limit and a stop-loss stop on the closing side, sized like the entry", () => {
    const result = validateClassedOrder({ ...bracketInput, timeInForce: "gtc" });
    expect(result.ok && result.order).toEqual({
      orderClass: "bracket",
      parent: { symbol: "ACME", side: "buy", type: "market", quantity: 10, timeInForce: "day" },
      parentRole: "entry",
      legs: [
        { role: "take-profit", order: { symbol: "ACME", side: "sell", type: "limit", limitPrice: m("110.00"), quantity: 10, timeInForce: "gtc" } },
        { role: "stop-loss", order: { symbol: "ACME", side: "sell", type: "stop", stopPrice: m("95.00"), quantity: 10, timeInForce: "gtc" } },
      ],
    });
  });

  it("closes a short by covering: its take-profit is below its stop-loss, and a stop-loss limit makes a stop-limit", () => {
    const result = validateClassedOrder({ ...bracketInput, side: "short", takeProfit: { limitPrice: "90.00" }, stopLoss: { stopPrice: "105.00", limitPrice: "106.00" } });
    expect(result.ok && result.order.legs.map((l) => [l.role, l.order.side, l.order.type])).toEqual([
      ["take-profit", "cover", "limit"],
      ["stop-loss", "cover", "stop-limit"],
    ]);
  });

  it("refuses a buy bracket whose take-profit is not above its stop-loss, naming takeProfit.limitPrice", () => {
    expect(refusal({ ...bracketInput, takeProfit: { limitPrice: "95.00" } })).toMatchObject({ code: "LEG_PRICES_CROSSED", field: "takeProfit.limitPrice" });
    expect(refusal({ ...bracketInput, side: "short" })).toMatchObject({ code: "LEG_PRICES_CROSSED", message: expect.stringMatching(/must be below stopLoss\.stopPrice/) });
  });

  it("refuses a limit entry whose exits are not either side of its limit, and a sell stop-loss whose limit is above its stop", () => {
    expect(refusal({ ...bracketInput, type: "limit", limitPrice: "96.00", stopLoss: { stopPrice: "97.00" } })).toMatchObject({ code: "LEG_PRICES_CROSSED", field: "stopLoss.stopPrice" });
    expect(refusal({ ...bracketInput, stopLoss: { stopPrice: "95.00", limitPrice: "96.00" } })).toMatchObject({ code: "LEG_PRICES_CROSSED", field: "stopLoss.limitPrice" });
  });

  it("needs both exits, an opening side and a market or limit entry", () => {
    expect(refusal({ ...bracketInput, takeProfit: null })).toMatchObject({ code: "TAKE_PROFIT_REQUIRED", field: "takeProfit" });
    expect(refusal({ ...bracketInput, stopLoss: undefined })).toMatchObject({ code: "STOP_LOSS_REQUIRED", field: "stopLoss" });
    expect(refusal({ ...bracketInput, side: "sell" })).toMatchObject({ code: "CLASS_SIDE_NOT_APPLICABLE", field: "side" });
    expect(refusal({ ...bracketInput, type: "stop", stopPrice: "120.00" })).toMatchObject({ code: "CLASS_TYPE_NOT_APPLICABLE", field: "type" });
    expect(refusal({ ...bracketInput, stopLoss: { stopPrice: "abc" } })).toMatchObject({ code: "INVALID_PRICE", field: "stopLoss.stopPrice" });
  });
});

describe("legs on other orders", () => {
  it("are refused on a simple order, naming the field", () => {
    expect(refusal({ symbol: "ACME", side: "buy", type: "market", quantity: 1, takeProfit: { limitPrice: "110.00" } })).toMatchObject({ code: "LEGS_NOT_APPLICABLE", field: "takeProfit" });
    expect(refusal({ symbol: "ACME", side: "buy", type: "market", quantity: 1, orderClass: "spread" })).toMatchObject({ code: "INVALID_ORDER_CLASS", field: "orderClass" });
  });

  it("an OTO takes exactly one exit", () => {
    expect(refusal({ ...bracketInput, orderClass: "oto" })).toMatchObject({ code: "OTO_ONE_LEG" });
    const oto = validateClassedOrder({ ...bracketInput, orderClass: "oto", takeProfit: null });
    expect(oto.ok && oto.order.legs.map((l) => l.role)).toEqual(["stop-loss"]);
  });

  it("an OCO is a sell (or cover) limit at its take-profit with its stop-loss as the one leg; a second limit price is refused", () => {
    const input = { symbol: "ACME", side: "sell", type: "limit", quantity: 10, orderClass: "oco", takeProfit: { limitPrice: "110.00" }, stopLoss: { stopPrice: "95.00" } };
    const oco = validateClassedOrder(input);
    expect(oco.ok && [oco.order.parent, oco.order.parentRole, oco.order.legs.map((l) => l.order)]).toEqual([
      limit("sell", 10, "110.00", "ACME", "day"),
      "take-profit",
      [{ ...stop("sell", 10, "95.00"), timeInForce: "day" }],
    ]);
    expect(refusal({ ...input, side: "buy" })).toMatchObject({ code: "CLASS_SIDE_NOT_APPLICABLE" });
    expect(refusal({ ...input, type: "market" })).toMatchObject({ code: "CLASS_TYPE_NOT_APPLICABLE" });
    expect(refusal({ ...input, limitPrice: "111.00" })).toMatchObject({ code: "LEG_PRICE_CONFLICT", field: "limitPrice" });
  });
});

describe("the placement check (engine and ticket alike)", () => {
  const cash = newPortfolio(m("100000.00"));
  const valid = (input: Record<string, unknown>) => {
    const result = validateClassedOrder(input as never);
    if (!result.ok) throw new Error(result.rejection.message);
    return result.order;
  };

  it("refuses exits the price now has already passed: they would fill or trigger at once", () => {
    const check = checkClassedOrder(cash, valid({ ...bracketInput, takeProfit: { limitPrice: "99.00" }, stopLoss: { stopPrice: "90.00" } }), context({ ACME: "100.00" }), rules());
    expect(check).toMatchObject({ ok: false, rejection: { code: "LEG_PRICES_CROSSED", field: "takeProfit.limitPrice" } });
    expect(checkClassedOrder(cash, valid(bracketInput), context({ ACME: "100.00" }), rules()).ok).toBe(true);
  });

  it("gates trailing stops and orders with legs behind the lesson when the rules say so; simple orders never", () => {
    const locked = rules({ advancedOrdersUnlocked: false });
    expect(checkClassedOrder(cash, valid(bracketInput), context({ ACME: "100.00" }), locked)).toMatchObject({ ok: false, rejection: { code: "ADVANCED_ORDERS_LOCKED", field: "orderClass" } });
    const trailing = valid({ symbol: "ACME", side: "buy", type: "trailing-stop", quantity: 1, trailPercent: "5" });
    expect(checkClassedOrder(cash, trailing, context({ ACME: "100.00" }), locked)).toMatchObject({ ok: false, rejection: { code: "ADVANCED_ORDERS_LOCKED", field: "type" } });
    expect(checkClassedOrder(cash, valid({ symbol: "ACME", side: "buy", type: "market", quantity: 1 }), context({ ACME: "100.00" }), locked).ok).toBe(true);
  });

  it("counts the shares of one group's exits once", () => {
    const exits = [
      { order: limit("sell", 10, "110.00"), group: "g" },
      { order: stop("sell", 10, "95.00"), group: "g" },
      { order: limit("sell", 3, "120.00"), group: null },
    ];
    expect(promisedOnce(exits).map((o) => o.order.quantity)).toEqual([3, 10]);
  });
});

const member = (over: Partial<GroupMember> & Pick<GroupMember, "id" | "role">): GroupMember => ({ parentId: "E", status: "open", quantity: 10, filledQuantity: 0, ...over });

describe("a group after one of its orders moved", () => {
  const entry = (over: Partial<GroupMember> = {}) => member({ id: "E", role: "entry", parentId: null, ...over });
  const tp = (over: Partial<GroupMember> = {}) => member({ id: "TP", role: "take-profit", status: "held", ...over });
  const sl = (over: Partial<GroupMember> = {}) => member({ id: "SL", role: "stop-loss", status: "held", ...over });

  it("a partial fill of the entry sizes the held exits to what filled, and opens them", () => {
    expect(settleGroup([entry({ filledQuantity: 4 }), tp(), sl()])).toEqual([
      { id: "TP", kind: "size", quantity: 4 },
      { id: "SL", kind: "size", quantity: 4 },
    ]);
  });

  it("the first exit to fill, even in part, cancels the other exit and the entry's rest, saying why", () => {
    const changes = settleGroup([entry({ filledQuantity: 10, status: "open" }), tp({ status: "open", filledQuantity: 2 }), sl({ status: "open" })]);
    expect(changes).toEqual([
      { id: "E", kind: "cancel", reason: "The take-profit filled first: the rest of the entry is cancelled." },
      { id: "SL", kind: "cancel", reason: "The take-profit filled first: the stop-loss is cancelled." },
    ]);
  });

  it("an entry that closed with nothing filled cancels its exits; one that filled a part keeps them", () => {
    expect(settleGroup([entry({ status: "expired" }), tp(), sl()]).map((c) => [c.id, c.kind])).toEqual([
      ["TP", "cancel"],
      ["SL", "cancel"],
    ]);
    expect(settleGroup([entry({ status: "expired", filledQuantity: 4 }), tp({ status: "open", quantity: 4 }), sl({ status: "open", quantity: 4 })])).toEqual([]);
  });

  it("a person cancelling the parent cancels every leg that has not filled; cancelling one leg leaves the other", () => {
    const members = [entry({ status: "cancelled", filledQuantity: 4 }), tp({ status: "open", quantity: 4 }), sl({ status: "open", quantity: 4 })];
    expect(settleGroup(members, { cancelledByPerson: "E" }).map((c) => [c.id, c.kind])).toEqual([
      ["TP", "cancel"],
      ["SL", "cancel"],
    ]);
    expect(settleGroup([entry({ status: "filled", filledQuantity: 10 }), tp({ status: "cancelled", quantity: 10 }), sl({ status: "open", quantity: 10 })], { cancelledByPerson: "TP" })).toEqual([]);
  });

  it("an OCO's stop-loss filling cancels its take-profit (the parent); settling again changes nothing", () => {
    const oco = [member({ id: "TP", role: "take-profit", parentId: null }), member({ id: "SL", role: "stop-loss", parentId: "TP", filledQuantity: 10, status: "filled" })];
    expect(settleGroup(oco)).toEqual([{ id: "TP", kind: "cancel", reason: "The stop-loss filled first: the take-profit is cancelled." }]);
    expect(settleGroup([{ ...oco[0]!, status: "cancelled" }, oco[1]!])).toEqual([]);
  });
});
