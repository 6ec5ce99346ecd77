/**
 * The market's answers as the browser sees them. A candle is the route's own schema (../types.ts,
 * decision 071); the instrument and the day are still written here by hand (they moved here
 * with the market's views, decision 074).
 */
export type { Candle } from "../types";

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
