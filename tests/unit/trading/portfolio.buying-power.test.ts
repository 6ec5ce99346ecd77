import { describe, expect, it } from "vitest";
import {
  applyFill,
  buyingPowerOf,
  checkOrder,
  executeFill,
  formatMoney,
  matchOrder,
  newPortfolio,
  NO_COMMISSION,
  releaseCash,
  reservationFor,
  reserveCash,
  valuePortfolio,
} from "@/domain/trading";
import { context, limit, m, market, NOW, priceTable, rules, stop } from "./helpers";

const practice = rules();

describe("buying power = cash − reserved cash − 1.5 × Σ |short market value|", () => {
  it("holds back 150 % of a short, rounded up: short 1 at 10.01 needs 15.02", () => {
    const shorted = applyFill(newPortfolio(m("100.00")), { symbol: "ACME", side: "short", quantity: 1, price: m("10.01") }, NO_COMMISSION);
    const value = valuePortfolio(shorted.state, priceTable({ ACME: "10.01" }));
    expect(formatMoney(value.cash)).toBe("110.01");
    expect(formatMoney(value.shortRequirement)).toBe("15.02");
    expect(formatMoney(value.buyingPower)).toBe("94.99");
    expect(formatMoney(value.equity)).toBe("100.00");
  });

  it("values longs at market in equity but never lends against them", () => {
    const bought = applyFill(newPortfolio(m("1000.00")), { symbol: "ACME", side: "buy", quantity: 10, price: m("50.00") }, NO_COMMISSION);
    const value = valuePortfolio(bought.state, priceTable({ ACME: "80.00" }));
    expect(formatMoney(value.equity)).toBe("1300.00");
    expect(formatMoney(value.buyingPower)).toBe("500.00");
  });

  it("reserves an open buy limit's cost and gives it back exactly on cancel", () => {
    const state = newPortfolio(m("1000.00"));
    const order = limit("buy", 10, "50.00");
    const check = checkOrder(state, order, context({ ACME: "55.00" }), practice);
    expect(check.ok && { immediate: check.preview.immediate, reservation: formatMoney(check.preview.reservation), after: formatMoney(check.preview.buyingPowerAfter) }).toEqual({
      immediate: false,
      reservation: "500.00",
      after: "500.00",
    });
    const reserved = reserveCash(state, reservationFor(order, practice));
    expect(formatMoney(buyingPowerOf(reserved, priceTable({ ACME: "55.00" })))).toBe("500.00");
    expect(formatMoney(reserved.cash)).toBe("1000.00");
    expect(releaseCash(reserved, reservationFor(order, practice))).toEqual(state);
    expect(() => releaseCash(reserved, m("500.01"))).toThrow(/only 500.00 is reserved/);
  });

  it("reserves for a buy stop at its stop price with slippage", () => {
    expect(formatMoney(reservationFor(stop("buy", 10, "100.00"), practice))).toBe("1000.50");
    expect(formatMoney(reservationFor(stop("cover", 10, "100.00"), practice))).toBe("0.00");
    expect(formatMoney(reservationFor(limit("sell", 10, "100.00"), practice))).toBe("0.00");
  });

  it("refuses a buy that would take buying power below zero, counting other reservations", () => {
    const state = reserveCash(newPortfolio(m("1000.00")), m("600.00"));
    const check = checkOrder(state, market("buy", 5), context({ ACME: "100.00" }), practice);
    expect(check.ok || check.rejection).toEqual({ code: "INSUFFICIENT_FUNDS", message: "This order needs 500.25 of buying power; you have 400.00." });
    expect(checkOrder(state, market("buy", 3), context({ ACME: "100.00" }), practice).ok).toBe(true);
  });

  it("needs 50 % more than a short's value: 1,000.00 of cash can short about 2,000.00", () => {
    const state = newPortfolio(m("1000.00"));
    // Short 20 at 99.95: +1,999.00 cash, −3,000.00 requirement → 1,000.00 − 1,001.00 < 0.
    const refused = checkOrder(state, market("short", 20), context({ ACME: "100.00" }), practice);
    expect(refused.ok || refused.rejection.code).toBe("INSUFFICIENT_FUNDS");
    const accepted = checkOrder(state, market("short", 19), context({ ACME: "100.00" }), practice);
    expect(accepted.ok && formatMoney(accepted.preview.buyingPowerAfter)).toBe("49.05");
  });

  it("lets a person sell and cover with negative buying power (reducing risk is always allowed)", () => {
    const shorted = applyFill(newPortfolio(m("1000.00")), { symbol: "ACME", side: "short", quantity: 19, price: m("99.95") }, NO_COMMISSION);
    const ctx = context({ ACME: "130.00" });
    expect(buyingPowerOf(shorted.state, ctx.prices) < 0n).toBe(true);
    expect(checkOrder(shorted.state, market("cover", 5), ctx, practice).ok).toBe(true);
    expect(checkOrder(shorted.state, market("short", 1), ctx, practice).ok).toBe(false);
  });

  it("never lets a cover take cash below zero", () => {
    const shorted = applyFill(newPortfolio(m("0.00")), { symbol: "ACME", side: "short", quantity: 10, price: m("10.00") }, NO_COMMISSION);
    const check = checkOrder(shorted.state, market("cover", 10), context({ ACME: "10.50" }), practice);
    expect(check.ok || check.rejection).toEqual({ code: "INSUFFICIENT_FUNDS", message: "This order needs 105.10 in cash (commission 0.00 included); you have 100.00." });
  });
});

describe("the rules an order meets before the money", () => {
  const held = applyFill(newPortfolio(m("10000.00")), { symbol: "ACME", side: "buy", quantity: 10, price: m("50.00") }, NO_COMMISSION).state;

  it("sells only shares held: selling 11 of 10 is INSUFFICIENT_SHARES, not a short", () => {
    const check = checkOrder(held, market("sell", 11), context({ ACME: "50.00" }), practice);
    expect(check.ok || check.rejection).toEqual({ code: "INSUFFICIENT_SHARES", message: "You hold 10 ACME: you can sell at most 10." });
    expect(checkOrder(held, market("sell", 10), context({ ACME: "50.00" }), practice).ok).toBe(true);
  });

  it("counts shares already promised to open sell orders", () => {
    const check = checkOrder(held, market("sell", 5), context({ ACME: "50.00" }, { openOrders: [{ order: limit("sell", 6, "60.00") }] }), practice);
    expect(check.ok || check.rejection.message).toBe("You hold 10 ACME, 6 of them already in open sell orders: you can sell at most 4.");
  });

  it("refuses shorts when the event disallows them, before asking whether the person unlocked them", () => {
    const ctx = context({ ACME: "50.00" });
    const both = checkOrder(newPortfolio(m("10000.00")), market("short", 1), ctx, rules({ allowShort: false, shortingUnlocked: false }));
    expect(both.ok || both.rejection.code).toBe("SHORTING_DISABLED");
    const locked = checkOrder(newPortfolio(m("10000.00")), market("short", 1), ctx, rules({ shortingUnlocked: false }));
    expect(locked.ok || locked.rejection).toEqual({ code: "SHORTING_LOCKED", message: "Pass the short-selling lesson to unlock short selling." });
  });

  it("does not mix a long and a short in one instrument", () => {
    const ctx = context({ ACME: "50.00" });
    const shortWhileLong = checkOrder(held, market("short", 1), ctx, practice);
    expect(shortWhileLong.ok || shortWhileLong.rejection.code).toBe("SHORT_WHILE_LONG");
    const shorted = applyFill(newPortfolio(m("10000.00")), { symbol: "ACME", side: "short", quantity: 5, price: m("50.00") }, NO_COMMISSION).state;
    const buyWhileShort = checkOrder(shorted, market("buy", 1), ctx, practice);
    expect(buyWhileShort.ok || buyWhileShort.rejection).toEqual({ code: "BUY_WHILE_SHORT", message: "You are short 5 ACME. Cover the short before you buy ACME." });
  });

  it("keeps a position under the event's limit, in % of equity after the order", () => {
    const capped = rules({ maxPositionPct: 10 });
    const ctx = context({ ACME: "100.00" });
    // 100 × 100.00 = 10,000.00, but equity after paying 5 bps slippage is 99,995.00: 10 % of it is 9,999.50.
    const refused = checkOrder(newPortfolio(m("100000.00")), market("buy", 100), ctx, capped);
    expect(refused.ok || refused.rejection).toEqual({
      code: "POSITION_LIMIT",
      message: "A position may be at most 10\u00a0% of equity (9,999.50); after this order ACME would be worth 10,000.00.",
    });
    expect(checkOrder(newPortfolio(m("100000.00")), market("buy", 99), ctx, capped).ok).toBe(true);
    const shortRefused = checkOrder(newPortfolio(m("100000.00")), market("short", 101), ctx, capped);
    expect(shortRefused.ok || shortRefused.rejection.code).toBe("POSITION_LIMIT");
    // Selling down is never held to the limit.
    expect(checkOrder(held, market("sell", 10), context({ ACME: "5000.00" }), capped).ok).toBe(true);
  });

  it("accepts orders only while the event is live: from its start, not at its end", () => {
    const window = { start: new Date("2026-03-10T10:00:00Z"), end: new Date("2026-03-17T10:00:00Z") };
    const event = rules({ liveWindow: window });
    const at = (iso: string) => checkOrder(newPortfolio(m("1000.00")), market("buy", 1), context({ ACME: "1.00" }, { now: new Date(iso) }), event);
    expect(at("2026-03-10T09:59:59.999Z")).toMatchObject({ ok: false, rejection: { code: "EVENT_NOT_LIVE", message: "This event is not live: it starts at 2026-03-10T10:00:00.000Z." } });
    expect(at("2026-03-10T10:00:00.000Z").ok).toBe(true);
    expect(at("2026-03-17T09:59:59.999Z").ok).toBe(true);
    expect(at("2026-03-17T10:00:00.000Z")).toMatchObject({ ok: false, rejection: { code: "EVENT_NOT_LIVE" } });
  });

  it("knows which instruments may be traded", () => {
    const state = newPortfolio(m("1000.00"));
    const ctx = context({ ACME: "1.00", BOLT: "1.00" }, { inactiveSymbols: new Set(["BOLT"]) });
    expect(checkOrder(state, market("buy", 1, "NOPE"), ctx, practice)).toMatchObject({ ok: false, rejection: { code: "UNKNOWN_INSTRUMENT" } });
    expect(checkOrder(state, market("buy", 1, "BOLT"), ctx, practice)).toMatchObject({ ok: false, rejection: { code: "INSTRUMENT_INACTIVE", message: "BOLT is no longer traded." } });
    const onlyBolt = rules({ allowedSymbols: new Set(["BOLT"]) });
    expect(checkOrder(state, market("buy", 1, "ACME"), ctx, onlyBolt)).toMatchObject({ ok: false, rejection: { code: "INSTRUMENT_NOT_ALLOWED" } });
  });
});

describe("an order checked again when it executes", () => {
  it("a buy stop that gaps beyond the cash it reserved is refused at the fill, and its reservation comes back", () => {
    const order = stop("buy", 10, "100.00");
    const state = reserveCash(newPortfolio(m("1100.00")), reservationFor(order, practice));
    expect(formatMoney(state.reservedCash)).toBe("1000.50");
    const outcome = matchOrder(order, { kind: "tick", previous: m("99.00"), next: m("120.00") }, 5);
    if (outcome.kind !== "fill") throw new Error("the stop triggers");
    const executed = executeFill(state, { order, reservedCash: m("1000.50") }, outcome.fill, { now: NOW, prices: priceTable({ ACME: "120.00" }) }, practice);
    expect(executed).toMatchObject({ ok: false, rejection: { code: "INSUFFICIENT_FUNDS" } });
    expect(formatMoney(executed.state.reservedCash)).toBe("0.00");
    expect(formatMoney(executed.state.cash)).toBe("1100.00");
  });

  it("a buy limit that fills better than its limit costs less than it reserved", () => {
    const order = limit("buy", 10, "50.00");
    const state = reserveCash(newPortfolio(m("1000.00")), m("500.00"));
    const outcome = matchOrder(order, { kind: "tick", previous: m("51.00"), next: m("49.00") }, { slippageBps: 5, jump: true });
    if (outcome.kind !== "fill") throw new Error("the limit is reached");
    const executed = executeFill(state, { order, reservedCash: m("500.00") }, outcome.fill, { now: NOW, prices: priceTable({ ACME: "49.00" }) }, practice);
    expect(executed.ok && { cash: formatMoney(executed.state.cash), reserved: formatMoney(executed.state.reservedCash) }).toEqual({ cash: "510.00", reserved: "0.00" });
  });
});
