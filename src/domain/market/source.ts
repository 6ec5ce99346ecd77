/**
 * Where trading code gets prices. The practice simulator and a replay both implement it; a
 * live data provider can be added later as a third implementation without touching trading.
 */
import type { MarketState } from "./simulator";

export interface Quote {
  symbol: string;
  /** Two-decimal price string. */
  price: string;
  /** When the price was set (the tick's time; for a replay, the instant asked about). */
  at: Date;
}

export interface PriceSource {
  /** Every symbol this source prices. */
  symbols(): readonly string[];
  /** The latest price of `symbol` as of `now`, or undefined when the source has none for it. */
  quote(symbol: string, now: Date): Quote | undefined;
  /** The trading day ("YYYY-MM-DD") `now` belongs to: day orders expire when it changes. */
  tradingDay(now: Date): string;
}

/** The practice market's day: 00:00–24:00 UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first instant after the trading day that contains `at`: when day orders expire. */
export function endOfUtcDay(at: Date): Date {
  const day = 86_400_000;
  return new Date(Math.floor(at.getTime() / day) * day + day);
}

/**
 * The simulator's prices as a source. A market state knows only its latest prices, so a
 * quote is always the latest one, stamped with the state's time: whoever holds the state
 * decides whether it is fresh enough.
 */
export function simulatedPriceSource(state: MarketState): PriceSource {
  const bySymbol = new Map(state.instruments.map((i) => [i.symbol, i.price]));
  const at = new Date(state.time);
  return {
    symbols: () => [...bySymbol.keys()],
    quote(symbol) {
      const price = bySymbol.get(symbol);
      return price === undefined ? undefined : { symbol, price, at };
    },
    tradingDay: utcDay,
  };
}
