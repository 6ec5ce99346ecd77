/**
 * The JSON shapes of the portfolio and market API, as the browser sees them (docs/api.md). The
 * portfolio's answers are the types of its routes' own answer schemas (../types.ts, decision
 * 071), not copies; the market's shapes are the market's (features/market/components).
 */
export type { Fill, Holding, Order, Performance, PerformanceRange, RiskFigureWire, Summary, TradingRulesView } from "../types";
import type { Order } from "../types";

/** GET /api/watchlist: the market's schema (the watchlist's route answers the market's quotes). */
export type { WatchlistAnswer as Watchlist } from "@/features/market/types";

export type OrderStatus = Order["status"];
export type Side = Order["side"];
export type OrderType = Order["type"];

export type { Candle, Instrument, MarketDay } from "@/features/market/components";

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
