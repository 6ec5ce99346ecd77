/**
 * Issue #12: "a sell preview for shares you do not hold shows proceeds without a warning".
 * The trade ticket's preview is the engine's own check (features/portfolio/components/
 * rulebook.ts → domain checkOrder), so for every order type a sell or cover of shares the
 * portfolio does not hold is a refusal with no estimate — no proceeds out of thin air — and
 * a sell of shares it holds still previews its proceeds.
 */
import { describe, expect, it } from "vitest";
import { previewOrder } from "@/features/portfolio/components/rulebook";
import type { Instrument, Summary } from "@/features/portfolio/components/types";
import type { OrderInput } from "@/domain/trading";

const NOW = new Date("2026-11-18T15:00:00Z");

const instrument: Instrument = {
  symbol: "CKBK",
  name: "Copperkettle Bank",
  sector: "Financials",
  kind: "stock",
  active: true,
  lastPrice: "40.00",
  previousClose: "40.00",
  dayChange: "0.00",
  dayChangePct: "0.0000",
  updatedAt: NOW.toISOString(),
};

function summary(held: number): Summary {
  return {
    id: "p1",
    kind: "practice",
    eventId: null,
    pricing: "live",
    startingCash: "100000.00",
    cash: "100000.00",
    reservedCash: "0.00",
    longMarketValue: "0.00",
    shortMarketValue: "0.00",
    equity: "100000.00",
    buyingPower: "100000.00",
    units: "100000.00000000",
    cashAdjustments: "0.00",
    totalReturn: "0.0000",
    dayChange: "0.00",
    dayChangePct: null,
    dayStart: null,
    realisedPnl: "0.00",
    unrealisedPnl: "0.00",
    positions:
      held === 0
        ? []
        : [
            {
              symbol: "CKBK",
              name: instrument.name,
              sector: instrument.sector,
              quantity: held,
              costBasis: (held * 40).toFixed(2),
              averageCost: "40.00",
              lastPrice: "40.00",
              marketValue: (held * 40).toFixed(2),
              unrealisedPnl: "0.00",
              realisedPnl: "0.00",
              dayChange: "0.00",
              weight: null,
              borrowFeePct: null,
            },
          ],
    debitBalance: "0.00",
    margin: null,
    charges: [],
    notices: [],
    rules: { slippageBps: 5, liquidity: { impact: true, participationPct: 10 }, commission: { flat: "0.00", bps: 0 }, allowShort: true, shorting: { unlocked: true, lesson: null }, advancedOrders: { unlocked: true, lesson: null }, maxPositionPct: null, allowedSymbols: null, window: null, margin: null, borrowFees: false },
    createdAt: NOW.toISOString(),
  };
}

const ORDERS: Array<Pick<OrderInput, "type" | "limitPrice" | "stopPrice">> = [
  { type: "market" },
  { type: "limit", limitPrice: "41.00" },
  { type: "stop", stopPrice: "35.00" },
  { type: "stop-limit", stopPrice: "35.00", limitPrice: "34.00" },
];

const preview = (held: number, side: "sell" | "cover", order: (typeof ORDERS)[number]) =>
  previewOrder({ summary: summary(held), instruments: [instrument], openOrders: [], input: { symbol: "CKBK", side, quantity: 10, timeInForce: "day", ...order }, now: NOW });

describe("the ticket's preview of a sell of shares not held", () => {
  it.each(ORDERS)("refuses a $type sell with no estimate, saying what is held", (order) => {
    const result = preview(0, "sell", order);
    expect(result.kind).toBe("checked");
    if (result.kind !== "checked") return;
    expect(result.check.ok).toBe(false);
    if (result.check.ok) return;
    expect(result.check.rejection.code).toBe("INSUFFICIENT_SHARES");
    expect(result.check.rejection.message).toBe("You hold 0 CKBK: you can sell at most 0.");
    expect(result.check.preview).toBeNull();
  });

  it.each(ORDERS)("refuses a $type cover of a short that does not exist, with no estimate", (order) => {
    const result = preview(0, "cover", order);
    if (result.kind !== "checked" || result.check.ok) throw new Error("expected a refusal");
    expect(result.check.rejection.code).toBe("INSUFFICIENT_SHARES");
    expect(result.check.preview).toBeNull();
  });

  it("still previews the proceeds of a sell of shares held", () => {
    const result = preview(10, "sell", { type: "market" });
    if (result.kind !== "checked" || !result.check.ok) throw new Error("expected an estimate");
    // 10 × 40.00 less 5 bps of slippage (39.98), no commission.
    expect(result.check.preview.cashChange).toBe(39_980n);
  });
});
