/** A price candle as the market's API answers it (GET /api/instruments/{symbol}/candles): the route's own schema (../types.ts, decision 071). */
export type { Candle } from "../types";
