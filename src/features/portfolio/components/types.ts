/**
 * The JSON shapes of the portfolio and market API, as the browser sees them (docs/api.md). The
 * portfolio's answers are the types of its routes' own answer schemas (../types.ts, decision
 * 071), not copies; the market's are still written here until its routes declare theirs.
 */
export type { Fill, Holding, Order, Performance, PerformanceRange, RiskFigureWire, Summary, TradingRulesView } from "../types";
import type { Order } from "../types";

export interface Watchlist {
  items: Instrument[];
  limit: number;
}

export type OrderStatus = Order["status"];
export type Side = Order["side"];
export type OrderType = Order["type"];

export interface Instrument {
  symbol: string;
  name: string;
  sector: string;
  kind: string;
  active: boolean;
  lastPrice: string;
  previousClose: string;
  dayChange: string;
  dayChangePct: string | null;
  updatedAt: string;
  /** What the engine prices fills with (decision 056); absent on a replay's instruments. */
  liquidity?: { averageDailyVolume: number; volatility: number };
}

/** GET /api/market/day: the practice market's day so far (features/market, marketDay). */
export interface MarketDay {
  /** 00:00 UTC of the day. */
  start: string;
  stepMinutes: number;
  /** Per instrument: shares traded today, and the last price of each step since `start` (null: none). */
  items: Array<{ symbol: string; volume: number; closes: Array<string | null> }>;
}

export type { Candle } from "@/features/market/components";

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
