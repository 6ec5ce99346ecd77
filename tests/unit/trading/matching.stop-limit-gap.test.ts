import { describe, expect, it } from "vitest";
import { formatMoney, matchOrder, type MatchOutcome } from "@/domain/trading";
import { m, stopLimit } from "./helpers";

const tick = (previous: string, next: string) => ({ kind: "tick" as const, previous: m(previous), next: m(next) });

function priceOf(outcome: MatchOutcome): string {
  if (outcome.kind !== "fill") throw new Error(`expected a fill, got ${outcome.kind}`);
  return formatMoney(outcome.fill.price);
}

describe("a sell stop-limit: stop 95.00, limit 94.00", () => {
  const order = stopLimit("sell", 10, { stopPrice: "95.00", limitPrice: "94.00" });

  it("does nothing until the stop is touched", () => {
    expect(matchOrder(order, tick("96.00", "95.01"), 5)).toEqual({ kind: "none" });
  });

  it("when touched inside the limit, fills at once like a newly placed limit: 94.50 less slippage is 94.45", () => {
    const outcome = matchOrder(order, tick("96.00", "94.50"), 5);
    expect(priceOf(outcome)).toBe("94.45");
    expect(outcome.kind === "fill" && outcome.fill.reason).toBe(
      "stop 95.00 gapped through (down to 94.50); limit 94.00 reachable at 94.50: filled at once at 94.45 (94.50 with 5\u00a0bps half-spread)",
    );
  });

  it("never fills below its limit: touched at 94.02, it sells at 94.00, not 93.97", () => {
    expect(priceOf(matchOrder(order, tick("96.00", "94.02"), 5))).toBe("94.00");
  });

  it("after a gap through the limit (96.00 → 93.00) becomes a resting limit order, then fills at the limit or better", () => {
    const outcome = matchOrder(order, tick("96.00", "93.00"), 5);
    expect(outcome).toEqual({
      kind: "triggered",
      order: { symbol: "ACME", side: "sell", quantity: 10, type: "limit", limitPrice: m("94.00"), timeInForce: "gtc" },
      reason: "stop 95.00 gapped through (down to 93.00); now a limit order at 94.00 (93.00 is below the limit)",
    });
    if (outcome.kind !== "triggered") return;
    expect(matchOrder(outcome.order, tick("93.00", "93.99"), 5).kind).toBe("none");
    expect(priceOf(matchOrder(outcome.order, tick("93.00", "94.20"), 5))).toBe("94.00");
    expect(priceOf(matchOrder(outcome.order, tick("93.00", "94.20"), { slippageBps: 5, jump: true }))).toBe("94.20");
  });
});

describe("a buy stop-limit: stop 100.00, limit 101.00", () => {
  const order = stopLimit("buy", 4, { stopPrice: "100.00", limitPrice: "101.00" });

  it("touched exactly at the stop, buys at 100.05", () => {
    expect(priceOf(matchOrder(order, tick("99.00", "100.00"), 5))).toBe("100.05");
  });

  it("after a gap up to 103.00, waits as a limit at 101.00", () => {
    const outcome = matchOrder(order, tick("99.00", "103.00"), 5);
    expect(outcome.kind).toBe("triggered");
    expect(outcome.kind === "triggered" && outcome.reason).toBe("stop 100.00 gapped through (up to 103.00); now a limit order at 101.00 (103.00 is above the limit)");
  });

  it("already touched when placed, with the limit out of reach, rests as the limit at once", () => {
    const outcome = matchOrder(order, { kind: "placement", last: m("102.00") }, 5);
    expect(outcome.kind === "triggered" && outcome.order.type).toBe("limit");
  });
});
