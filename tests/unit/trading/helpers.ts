/** Small builders shared by the trading scenarios: fixed dates, price tables and rules. */
import { type Money, type OrderContext, type OrderSpec, parseMoney, practiceRules, type TradingRules } from "@/domain/trading";

export const m = parseMoney;

/** 10:00 UTC on a fixed Tuesday: every scenario runs then unless it says otherwise. */
export const NOW = new Date("2026-03-10T10:00:00.000Z");

export function priceTable(table: Record<string, string>): Map<string, Money> {
  return new Map(Object.entries(table).map(([symbol, price]) => [symbol, m(price)]));
}

/** Practice rules with shorting unlocked, overridden as the scenario needs. */
export function rules(overrides: Partial<TradingRules> = {}): TradingRules {
  return { ...practiceRules({ shortingUnlocked: true }), ...overrides };
}

export function context(table: Record<string, string>, overrides: Partial<OrderContext> = {}): OrderContext {
  return { now: NOW, prices: priceTable(table), ...overrides };
}

type Priced = { limitPrice?: string; stopPrice?: string };

export function market(side: OrderSpec["side"], quantity: number, symbol = "ACME"): OrderSpec {
  return { symbol, side, quantity, type: "market", timeInForce: "day" };
}

export function limit(side: OrderSpec["side"], quantity: number, price: string, symbol = "ACME", timeInForce: OrderSpec["timeInForce"] = "gtc"): OrderSpec {
  return { symbol, side, quantity, type: "limit", limitPrice: m(price), timeInForce };
}

export function stop(side: OrderSpec["side"], quantity: number, price: string, symbol = "ACME"): OrderSpec {
  return { symbol, side, quantity, type: "stop", stopPrice: m(price), timeInForce: "gtc" };
}

export function stopLimit(side: OrderSpec["side"], quantity: number, prices: Required<Priced>, symbol = "ACME"): OrderSpec {
  return { symbol, side, quantity, type: "stop-limit", stopPrice: m(prices.stopPrice), limitPrice: m(prices.limitPrice), timeInForce: "gtc" };
}

/** A trailing stop as validated (no mark yet) or as stored (with its mark). */
export function trailingStop(side: OrderSpec["side"], quantity: number, trail: { percent: number } | { amount: string }, waterMark: string | null = null, symbol = "ACME"): OrderSpec {
  return {
    symbol,
    side,
    quantity,
    type: "trailing-stop",
    trail: "amount" in trail ? { amount: m(trail.amount) } : trail,
    waterMark: waterMark === null ? null : m(waterMark),
    timeInForce: "gtc",
  };
}
