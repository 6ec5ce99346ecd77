import { describe, expect, it } from "vitest";
import { formatMoney, matchOrder, type MatchOutcome } from "@/domain/trading";
import { m, market, stop } from "./helpers";

const tick = (previous: string, next: string) => ({ kind: "tick" as const, previous: m(previous), next: m(next) });

function fillOf(outcome: MatchOutcome) {
  if (outcome.kind !== "fill") throw new Error(`expected a fill, got ${outcome.kind}`);
  return { price: formatMoney(outcome.fill.price), reason: outcome.fill.reason };
}

describe("a market order", () => {
  it("fills at once at the last price, 5 bps against the trader", () => {
    expect(fillOf(matchOrder(market("buy", 3), { kind: "placement", last: m("80.00") }, 5))).toEqual({
      price: "80.04",
      reason: "market buy at 80.04 (80.00 with 5\u00a0bps half-spread)",
    });
    expect(fillOf(matchOrder(market("short", 3), { kind: "placement", last: m("80.00") }, 5)).price).toBe("79.96");
    expect(fillOf(matchOrder(market("sell", 3), { kind: "placement", last: m("80.00") }, 0))).toEqual({ price: "80.00", reason: "market sell at 80.00" });
  });
});

describe("a sell stop at 95.00 (protecting a long)", () => {
  const order = stop("sell", 10, "95.00");

  it("waits while the price stays above the stop", () => {
    expect(matchOrder(order, tick("96.00", "95.01"), 5)).toEqual({ kind: "none" });
  });

  it("becomes a market order when touched: 95.00 less 5 bps is 94.9525, received as 94.95", () => {
    expect(fillOf(matchOrder(order, tick("96.00", "95.00"), 5))).toEqual({
      price: "94.95",
      reason: "stop 95.00 touched at 95.00; market sell at 94.95 (95.00 with 5\u00a0bps half-spread)",
    });
  });

  it("fills at the new, worse price when the market gaps down through it (96.00 → 90.00 fills at 89.95, not 95.00)", () => {
    expect(fillOf(matchOrder(order, tick("96.00", "90.00"), 5))).toEqual({
      price: "89.95",
      reason: "stop 95.00 gapped through (down to 90.00); market sell at 89.95 (90.00 with 5\u00a0bps half-spread)",
    });
  });
});

describe("a buy stop at 110.00 (protecting a short, as a cover)", () => {
  const order = stop("cover", 10, "110.00");

  it("fills at the new, worse price when the market gaps up through it (108.00 → 115.00 fills at 115.06)", () => {
    // 115.00 × 1.0005 = 115.0575, paid as 115.06
    expect(fillOf(matchOrder(order, tick("108.00", "115.00"), 5)).price).toBe("115.06");
  });

  it("waits below the stop", () => {
    expect(matchOrder(order, tick("108.00", "109.99"), 5).kind).toBe("none");
  });
});

describe("a stop already touched when it is placed", () => {
  it("triggers at once and fills as a market order instead of being refused", () => {
    const outcome = fillOf(matchOrder(stop("buy", 1, "100.00"), { kind: "placement", last: m("105.00") }, 5));
    expect(outcome).toEqual({ price: "105.06", reason: "stop 100.00 already touched at 105.00 when placed; market buy at 105.06 (105.00 with 5\u00a0bps half-spread)" });
  });

  it("rests when not touched", () => {
    expect(matchOrder(stop("buy", 1, "100.00"), { kind: "placement", last: m("99.99") }, 5).kind).toBe("none");
    expect(matchOrder(stop("sell", 1, "100.00"), { kind: "placement", last: m("100.01") }, 5).kind).toBe("none");
  });
});
