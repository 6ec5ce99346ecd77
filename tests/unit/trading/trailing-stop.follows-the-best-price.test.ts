/**
 * Trailing stops (docs/decisions/060): the stop follows the best price since the order was
 * placed — the high for a sell or short, the low for a buy or cover — and becomes a market
 * order, filled through the liquidity model, when the price comes back to it.
 */
import { describe, expect, it } from "vitest";
import {
  checkOrder,
  type ExecutionPlan,
  formatMoney,
  liquidityOf,
  type MarketEvent,
  newPortfolio,
  type OrderSpec,
  planExecution,
  reservationFor,
  splitOrderTerms,
  stopOf,
  trailingStopPrice,
  type TrailingStopOrder,
} from "@/domain/trading";
import { context, m, rules, trailingStop } from "./helpers";

const RULES = rules();
const tick = (previous: string, next: string, volume = 0): MarketEvent => ({ move: { kind: "tick", previous: m(previous), next: m(next) }, volume });
const $ = formatMoney;

/** Runs one price after another through the plan, carrying the mark as the engine stores it; returns the plans. */
function walk(order: OrderSpec, prices: string[]): { plans: ExecutionPlan[]; order: OrderSpec } {
  let spec = order;
  const plans: ExecutionPlan[] = [];
  for (let i = 1; i < prices.length; i++) {
    const plan = planExecution({ spec, filledQuantity: 0, volumeSeen: 0 }, tick(prices[i - 1]!, prices[i]!), null, RULES);
    plans.push(plan);
    if (plan.kind === "none" && plan.trail) spec = plan.trail;
  }
  return { plans, order: spec };
}

describe("a sell trailing stop of 5 % placed at 100.00 (protecting a long)", () => {
  const held = () => {
    const state = newPortfolio(m("100000.00"));
    return { ...state, positions: new Map([["ACME", { quantity: 10, costBasis: m("900.00"), averageCost: m("90.00"), realisedPnl: m("0") }]]) };
  };

  it("takes the price it is placed at as its high-water mark and waits with its stop at 95.00", () => {
    const check = checkOrder(held(), trailingStop("sell", 10, { percent: 5 }), context({ ACME: "100.00" }), RULES);
    expect(check.ok).toBe(true);
    const placed = check.order as TrailingStopOrder;
    expect(placed.waterMark).toBe(m("100.00"));
    expect($(stopOf(placed))).toBe("95.00");
    expect(check.preview!.immediate).toBe(false);
  });

  it("raises its stop with every new high (110.00 → stop 104.50) and keeps it when the price dips", () => {
    const { plans, order } = walk(trailingStop("sell", 10, { percent: 5 }, "100.00"), ["100.00", "104.00", "110.00", "106.00", "104.51"]);
    expect(plans.map((p) => p.kind)).toEqual(["none", "none", "none", "none"]);
    const marks = plans.map((p) => (p.kind === "none" && p.trail ? $(p.trail.waterMark!) : null));
    // New highs move the mark; dips below the high leave it where it was.
    expect(marks).toEqual(["104.00", "110.00", null, null]);
    expect($(stopOf(order as TrailingStopOrder))).toBe("104.50");
  });

  it("becomes a market order when the price comes down to its stop, and fills with the half-spread", () => {
    const { plans } = walk(trailingStop("sell", 10, { percent: 5 }, "100.00"), ["100.00", "110.00", "104.50"]);
    const last = plans.at(-1)!;
    if (last.kind !== "fill") throw new Error(`expected a fill, got ${last.kind}`);
    // 104.50 less 5 bps is 104.44775, received as 104.44.
    expect($(last.fill.price)).toBe("104.44");
    expect(last.fill.referencePrice).toBe(m("104.50"));
    expect(last.fill.reason).toBe("trailing stop 104.50 (5\u00a0% below the high 110.00) touched at 104.50; market sell at 104.44 (104.50 with 5\u00a0bps half-spread)");
    expect(last.done).toBe(true);
  });

  it("fills at the new, worse price when the market gaps down through the stop (110.00 → 100.00 fills at 99.95)", () => {
    const { plans } = walk(trailingStop("sell", 10, { percent: 5 }, "100.00"), ["100.00", "110.00", "100.00"]);
    const last = plans.at(-1)!;
    expect(last.kind === "fill" && $(last.fill.price)).toBe("99.95");
    expect(last.kind === "fill" && last.fill.reason).toMatch(/^trailing stop 104\.50 \(5\u00a0% below the high 110\.00\) gapped through \(down to 100\.00\)/);
  });
});

describe("a buy-to-cover trailing stop of 2.50 placed at 40.00 (protecting a short)", () => {
  it("lowers its stop with every new low and fills when the price rises back to it", () => {
    const { plans, order } = walk(trailingStop("cover", 5, { amount: "2.50" }, "40.00"), ["40.00", "38.00", "39.00", "40.50"]);
    expect(plans[0]).toMatchObject({ kind: "none", trail: { waterMark: m("38.00") } });
    expect(plans[1]).toMatchObject({ kind: "none" });
    expect(plans[1]!.kind === "none" && plans[1]!.trail).toBeFalsy();
    expect($(stopOf(order as TrailingStopOrder))).toBe("40.50");
    const last = plans.at(-1)!;
    // 40.50 plus 5 bps is 40.52025, paid as 40.53.
    expect(last.kind === "fill" && $(last.fill.price)).toBe("40.53");
    expect(last.kind === "fill" && last.fill.reason).toMatch(/^trailing stop 40\.50 \(2\.50 above the low 38\.00\) touched at 40\.50/);
  });
});

describe("a percentage trail rounds its stop to the cent towards the mark", () => {
  it("is never further from the best price than asked: 3 % of 33.33 gives 32.34 below and 34.32 above", () => {
    // 33.33 × 0.97 = 32.3301 and 33.33 × 1.03 = 34.3299: both stops sit within 3 % of the mark.
    expect($(trailingStopPrice("sell", m("33.33"), { percent: 3 }))).toBe("32.34");
    expect($(trailingStopPrice("cover", m("33.33"), { percent: 3 }))).toBe("34.32");
    expect($(trailingStopPrice("sell", m("80.00"), { percent: 2.5 }))).toBe("78.00");
  });
});

describe("a trailing stop larger than 1 % of the daily volume", () => {
  it("triggers on its stop and then works in parts at the participation limit, as a large stop does", () => {
    const depth = liquidityOf(100_000, 0.3);
    const order = trailingStop("sell", 5_000, { percent: 5 }, "100.00");
    const plan = planExecution({ spec: order, filledQuantity: 0, volumeSeen: 0 }, tick("100.00", "95.00", 20_000), depth, RULES);
    expect(plan).toMatchObject({ kind: "fill", triggered: true, done: false, filledQuantity: 2_000 });
  });
});

describe("a buy trailing stop's reservation", () => {
  it("holds back its first stop with the half-spread: the stop only moves down from there", () => {
    const check = checkOrder(newPortfolio(m("100000.00")), trailingStop("buy", 10, { percent: 10 }), context({ ACME: "50.00" }), RULES);
    expect(check.ok).toBe(true);
    // Stop 55.00, plus 5 bps = 55.0275, rounded up to 55.03: 10 shares hold back 550.30.
    expect($(reservationFor(check.order!, RULES))).toBe("550.30");
  });
});

describe("a trailing stop whose amount is wider than the price", () => {
  it("is refused when placed, naming trailAmount: its stop would be below zero", () => {
    const state = { ...newPortfolio(m("100000.00")), positions: new Map([["ACME", { quantity: 10, costBasis: m("50.00"), averageCost: m("5.00"), realisedPnl: m("0") }]]) };
    const check = checkOrder(state, trailingStop("sell", 10, { amount: "6.00" }), context({ ACME: "5.00" }), RULES);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.rejection).toMatchObject({ code: "INVALID_TRAIL", field: "trailAmount" });
    expect(!check.ok && check.rejection.message).toMatch(/trailAmount 6\.00 must be less than the price of ACME \(5\.00\)/);
  });
});

describe("a split", () => {
  it("divides a trailing stop's mark like a price and narrows an amount trail (2:1: mark 110.00 → 55.00, trail 2.55 → 1.27)", () => {
    const terms = splitOrderTerms({ side: "sell", quantity: 10, limitPrice: null, stopPrice: m("107.45"), waterMark: m("110.00"), trailAmount: m("2.55") }, { to: 2, from: 1 });
    expect(terms).toMatchObject({ quantity: 20, waterMark: m("55.00"), trailAmount: m("1.27") });
  });
});
