/**
 * The trade ticket's preview under margin (docs/decisions/070): the summary's `rules.margin`
 * reaches the domain's checkOrder (features/portfolio/components/rulebook.ts), so the ticket
 * shows buying power with margin and accepts a buy up to the multiple a cash account refuses,
 * and the live revaluation (withQuotes) keeps buying power and the requirement from the one
 * valuation.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_MARGIN } from "@/domain/trading";
import { previewOrder } from "@/features/portfolio/components/rulebook";
import type { Instrument, Summary } from "@/features/portfolio/components/types";
import { withQuotes } from "@/features/portfolio/components/valuation";

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

function summary(margin: typeof DEFAULT_MARGIN | null, held = 0, cash = "10000.00"): Summary {
  return {
    id: "p1",
    kind: "event",
    eventId: "e1",
    pricing: "live",
    startingCash: "10000.00",
    cash,
    reservedCash: "0.00",
    longMarketValue: (held * 40).toFixed(2),
    shortMarketValue: "0.00",
    equity: "10000.00",
    buyingPower: "0.00",
    units: "10000.00000000",
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
    margin: margin && { maintenanceRequirement: "0.00", dailyInterest: "0.00", call: null },
    charges: [],
    notices: [],
    rules: { slippageBps: 0, liquidity: { impact: true, participationPct: 10 }, commission: { flat: "0.00", bps: 0 }, allowShort: true, shorting: { unlocked: true, lesson: null }, advancedOrders: { unlocked: true, lesson: null }, maxPositionPct: null, allowedSymbols: null, window: null, margin, borrowFees: true },
    createdAt: NOW.toISOString(),
  };
}

const buy = (s: Summary, quantity: number) => previewOrder({ summary: s, instruments: [instrument], openOrders: [], input: { symbol: "CKBK", side: "buy", type: "market", quantity, timeInForce: "day" }, now: NOW });

describe("the ticket's preview on margin", () => {
  it("accepts a buy of twice the equity at 2× margin (buying power after 0.00) and refuses one share more", () => {
    const ok = buy(summary(DEFAULT_MARGIN), 500);
    if (ok.kind !== "checked" || !ok.check.ok) throw new Error("expected an estimate");
    expect(ok.check.preview.buyingPowerBefore).toBe(2_000_000n);
    expect(ok.check.preview.buyingPowerAfter).toBe(0n);
    const over = buy(summary(DEFAULT_MARGIN), 501);
    expect(over.kind === "checked" && !over.check.ok && over.check.rejection.code).toBe("INSUFFICIENT_FUNDS");
  });

  it("refuses the same buy in a cash account", () => {
    const cash = buy(summary(null), 251);
    expect(cash.kind === "checked" && !cash.check.ok && cash.check.rejection.code).toBe("INSUFFICIENT_FUNDS");
  });

  it("revalues buying power and the maintenance requirement at live quotes with the margin terms", () => {
    // 500 held at 40.00 bought with 10,000.00 of cash and 10,000.00 borrowed; the price falls to 30.00.
    const live = withQuotes(summary(DEFAULT_MARGIN, 500, "-10000.00"), { CKBK: { price: "30.00", previousClose: "40.00", at: NOW.toISOString() } });
    expect(live.equity).toBe("5000.00");
    // ⌊2 × (−10,000.00 + 15,000.00 − 7,500.00)⌋ = −5,000.00; 25 % of 15,000.00 = 3,750.00.
    expect(live.buyingPower).toBe("-5000.00");
    expect(live.margin?.maintenanceRequirement).toBe("3750.00");
  });
});
