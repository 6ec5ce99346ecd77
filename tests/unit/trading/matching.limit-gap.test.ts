import { describe, expect, it } from "vitest";
import { formatMoney, matchOrder, type MatchOutcome } from "@/domain/trading";
import { limit, m } from "./helpers";

const tick = (previous: string, next: string) => ({ kind: "tick" as const, previous: m(previous), next: m(next) });
const placed = (last: string) => ({ kind: "placement" as const, last: m(last) });

function filledAt(outcome: MatchOutcome): string {
  if (outcome.kind !== "fill") throw new Error(`expected a fill, got ${outcome.kind}`);
  return formatMoney(outcome.fill.price);
}

describe("a resting buy limit at 50.00", () => {
  const order = limit("buy", 10, "50.00");

  it("waits while the price stays above the limit (51.00 → 50.01)", () => {
    expect(matchOrder(order, tick("51.00", "50.01"), 5)).toEqual({ kind: "none" });
  });

  it("fills at exactly 50.00 when the price touches it, with no spread (a resting order is not a taker)", () => {
    const outcome = matchOrder(order, tick("51.00", "50.00"), 5);
    expect(outcome).toEqual({
      kind: "fill",
      fill: {
        symbol: "ACME",
        side: "buy",
        quantity: 10,
        price: m("50.00"),
        referencePrice: m("50.00"),
        impactBps: 0,
        reason: "limit 50.00 touched: filled at 50.00 (a touch fills only when the order is reached in the queue)",
      },
    });
  });

  it("fills at its limit when an ordinary tick crosses it (51.00 → 49.40), at the better price only when the price jumped", () => {
    expect(filledAt(matchOrder(order, tick("51.00", "49.40"), 5))).toBe("50.00");
    const outcome = matchOrder(order, tick("51.00", "49.40"), { slippageBps: 5, jump: true });
    expect(filledAt(outcome)).toBe("49.40");
    expect(outcome.kind === "fill" && outcome.fill.reason).toBe("limit 50.00 reached; the price jumped down to 49.40: filled at the better price");
  });
});

describe("a resting sell limit at 60.00", () => {
  const order = limit("sell", 5, "60.00");

  it("waits below the limit and fills at the better price on a gap up (59.00 → 61.20)", () => {
    expect(matchOrder(order, tick("58.00", "59.99"), 5).kind).toBe("none");
    const outcome = matchOrder(order, tick("59.00", "61.20"), { slippageBps: 5, jump: true });
    expect(filledAt(outcome)).toBe("61.20");
    expect(outcome.kind === "fill" && outcome.fill.reason).toBe("limit 60.00 reached; the price jumped up to 61.20: filled at the better price");
    expect(filledAt(matchOrder(order, tick("59.00", "61.20"), 5))).toBe("60.00");
  });

  it("works the same for a short sale and a cover (a cover is a buy)", () => {
    expect(filledAt(matchOrder(limit("short", 5, "60.00"), tick("59.00", "60.50"), { slippageBps: 5, jump: true }))).toBe("60.50");
    expect(filledAt(matchOrder(limit("cover", 5, "40.00"), tick("41.00", "39.00"), { slippageBps: 5, jump: true }))).toBe("39.00");
    expect(filledAt(matchOrder(limit("cover", 5, "40.00"), tick("41.00", "39.00"), 5))).toBe("40.00");
    expect(matchOrder(limit("cover", 5, "40.00"), tick("41.00", "40.01"), 5).kind).toBe("none");
  });
});

describe("a limit order that is reachable when placed", () => {
  it("fills at once at the last price with slippage, when that is within the limit (buy limit 105.00, last 100.00 → 100.05)", () => {
    const outcome = matchOrder(limit("buy", 10, "105.00"), placed("100.00"), 5);
    expect(filledAt(outcome)).toBe("100.05");
    expect(outcome.kind === "fill" && outcome.fill.reason).toBe("limit 105.00 reachable at 100.00: filled at once at 100.05 (100.00 with 5\u00a0bps half-spread)");
  });

  it("never pays beyond its limit: slippage is capped (buy limit 100.02, last 100.00 → 100.02)", () => {
    const outcome = matchOrder(limit("buy", 10, "100.02"), placed("100.00"), 5);
    expect(filledAt(outcome)).toBe("100.02");
    expect(outcome.kind === "fill" && outcome.fill.reason).toContain("at the limit 100.02 (spread and impact capped by the limit)");
    expect(filledAt(matchOrder(limit("sell", 10, "99.98"), placed("100.00"), 5))).toBe("99.98");
  });

  it("rests when it is not reachable", () => {
    expect(matchOrder(limit("buy", 10, "99.99"), placed("100.00"), 5).kind).toBe("none");
    expect(matchOrder(limit("sell", 10, "100.01"), placed("100.00"), 5).kind).toBe("none");
  });
});
