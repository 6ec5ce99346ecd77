import { describe, expect, it } from "vitest";
import { tradingRulesFor } from "@/domain/events";
import { DEFAULT_SLIPPAGE_BPS, parseMoney } from "@/domain/trading";
import { ENDS, event, ms, refusedAsNotLive, STARTS } from "./helpers";

describe("the trading rules of an event's portfolio", () => {
  it("carry the event's overrides and its live window", () => {
    const rules = tradingRulesFor(event({ commissionFlat: "1.00", commissionBps: 2.5, allowShort: false, maxPositionPct: 25, instruments: ["ACME", "BOLT"] }), { shortingUnlocked: true });
    expect(rules).toEqual({
      slippageBps: DEFAULT_SLIPPAGE_BPS,
      liquidity: { impact: true, participationPct: 10 },
      commission: { flat: parseMoney("1.00"), bps: 2.5 },
      allowShort: false,
      shortingUnlocked: true,
      maxPositionPct: 25,
      allowedSymbols: new Set(["ACME", "BOLT"]),
      liveWindow: { start: STARTS, end: ENDS },
      margin: null,
      borrowFees: true,
    });
  });

  it("carry the organiser's margin terms, each omitted one at its default (docs/decisions/070)", () => {
    const rules = tradingRulesFor(event({ margin: { multiplier: 3, maintenancePct: 20 }, borrowFees: false }), { shortingUnlocked: true });
    expect(rules).toMatchObject({ margin: { multiplier: 3, debitRatePct: 8, creditRatePct: 0, maintenancePct: 20, callHours: 24 }, borrowFees: false });
  });

  it("carry the organiser's liquidity settings: half the spread, the participation limit, impact on or off", () => {
    const rules = tradingRulesFor(event({ halfSpreadBps: 12.5, participationPct: 25, impact: false }), { shortingUnlocked: true });
    expect(rules).toMatchObject({ slippageBps: 12.5, liquidity: { impact: false, participationPct: 25 } });
  });

  it("still need short selling unlocked by its lesson when the event allows it", () => {
    expect(tradingRulesFor(event(), { shortingUnlocked: false })).toMatchObject({ allowShort: true, shortingUnlocked: false, allowedSymbols: null });
  });

  it("narrow a replay event's instruments to those its datasets price", () => {
    expect(tradingRulesFor(event(), { shortingUnlocked: true, replaySymbols: ["ACME", "ZETA"] }).allowedSymbols).toEqual(new Set(["ACME", "ZETA"]));
    expect(tradingRulesFor(event({ instruments: ["ACME", "BOLT"] }), { shortingUnlocked: true, replaySymbols: ["ACME", "ZETA"] }).allowedSymbols).toEqual(new Set(["ACME"]));
  });

  it("make the trading core refuse orders outside [start, end) with EVENT_NOT_LIVE", () => {
    const contest = event();
    expect(refusedAsNotLive(contest, ms(STARTS, -1))).toBe(true);
    expect(refusedAsNotLive(contest, STARTS)).toBe(false);
    expect(refusedAsNotLive(contest, ms(ENDS, -1))).toBe(false);
    expect(refusedAsNotLive(contest, ENDS)).toBe(true);
  });
});
