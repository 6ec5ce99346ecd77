/** A price candle as the market's API answers it (GET /api/instruments/{symbol}/candles): money as decimal strings. */
export interface Candle {
  /** The candle's opening instant (ISO 8601). */
  start: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}
