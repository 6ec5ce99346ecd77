/**
 * OHLCV candles from ticks. Boundaries are UTC: a minute candle starts on a whole UTC
 * minute, a daily candle at 00:00 UTC (the practice market's day runs 00:00–24:00 UTC).
 * A candle covers [start, start + interval): a tick at exactly 00:00:00 opens the new day.
 * Candles are sparse: an interval without ticks has no candle.
 */
import { fromCents, toCents } from "./cents";

export type CandleInterval = "1m" | "1d";

export const INTERVAL_MS: Readonly<Record<CandleInterval, number>> = { "1m": 60_000, "1d": 86_400_000 };

export interface Tick {
  symbol: string;
  /** Two-decimal price string. */
  price: string;
  at: Date;
  /** Shares traded since the previous tick of this symbol. */
  volume: number;
}

export interface Candle {
  symbol: string;
  interval: CandleInterval;
  start: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
}

export class CandleOrderError extends Error {}

/** The start of the interval that `at` falls in (UTC; JS time has no leap seconds). */
export function bucketStart(at: Date, interval: CandleInterval): Date {
  return new Date(bucketStartMs(at.getTime(), INTERVAL_MS[interval]));
}

export function bucketStartMs(atMs: number, intervalMs: number): number {
  return Math.floor(atMs / intervalMs) * intervalMs;
}

/** The same candle in cents: what aggregation works on, so comparisons are exact and cheap. */
export interface CentsCandle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * Folds one price into the candle being built. Returns the candle it now belongs to and,
 * when the price opened a new interval, the candle that just closed.
 */
export function foldCents(current: CentsCandle | undefined, atMs: number, cents: number, volume: number, intervalMs: number): { current: CentsCandle; completed: CentsCandle | undefined } {
  const start = bucketStartMs(atMs, intervalMs);
  if (current && start < current.start) {
    throw new CandleOrderError(`A tick at ${new Date(atMs).toISOString()} is older than the current candle, which starts at ${new Date(current.start).toISOString()}.`);
  }
  if (!current || start > current.start) {
    return { current: { start, open: cents, high: cents, low: cents, close: cents, volume }, completed: current };
  }
  return {
    current: {
      start,
      open: current.open,
      high: Math.max(current.high, cents),
      low: Math.min(current.low, cents),
      close: cents,
      volume: current.volume + volume,
    },
    completed: undefined,
  };
}

export function candleFromCents(symbol: string, interval: CandleInterval, candle: CentsCandle): Candle {
  return {
    symbol,
    interval,
    start: new Date(candle.start),
    open: fromCents(candle.open),
    high: fromCents(candle.high),
    low: fromCents(candle.low),
    close: fromCents(candle.close),
    volume: candle.volume,
  };
}

function centsFromCandle(candle: Candle): CentsCandle {
  return {
    start: candle.start.getTime(),
    open: toCents(candle.open),
    high: toCents(candle.high),
    low: toCents(candle.low),
    close: toCents(candle.close),
    volume: candle.volume,
  };
}

function checkVolume(tick: Tick): void {
  if (!Number.isSafeInteger(tick.volume) || tick.volume < 0) throw new RangeError(`Tick volume must be a whole, non-negative number, got ${tick.volume}.`);
}

/**
 * The live path: update the current candle of one symbol with a tick as it arrives.
 * `completed` is the previous candle when this tick opened a new interval.
 */
export function updateCandle(current: Candle | undefined, tick: Tick, interval: CandleInterval): { current: Candle; completed: Candle | undefined } {
  if (current && (current.symbol !== tick.symbol || current.interval !== interval)) {
    throw new CandleOrderError(`A ${tick.symbol} tick cannot update a ${current.interval} ${current.symbol} candle as ${interval}.`);
  }
  checkVolume(tick);
  const folded = foldCents(current && centsFromCandle(current), tick.at.getTime(), toCents(tick.price), tick.volume, INTERVAL_MS[interval]);
  return {
    current: candleFromCents(tick.symbol, interval, folded.current),
    completed: folded.completed && current,
  };
}

/**
 * The batch path: every candle of every symbol in `ticks`, oldest first per symbol, symbols
 * in the order they first appear. Each symbol's ticks must be in time order.
 */
export function aggregateTicks(ticks: readonly Tick[], interval: CandleInterval): Candle[] {
  const intervalMs = INTERVAL_MS[interval];
  const bySymbol = new Map<string, { done: CentsCandle[]; current: CentsCandle | undefined }>();
  for (const tick of ticks) {
    checkVolume(tick);
    let entry = bySymbol.get(tick.symbol);
    if (!entry) {
      entry = { done: [], current: undefined };
      bySymbol.set(tick.symbol, entry);
    }
    const folded = foldCents(entry.current, tick.at.getTime(), toCents(tick.price), tick.volume, intervalMs);
    if (folded.completed) entry.done.push(folded.completed);
    entry.current = folded.current;
  }
  const candles: Candle[] = [];
  for (const [symbol, entry] of bySymbol) {
    for (const candle of entry.done) candles.push(candleFromCents(symbol, interval, candle));
    if (entry.current) candles.push(candleFromCents(symbol, interval, entry.current));
  }
  return candles;
}

/** Rolls finer candles of one symbol up into coarser ones (minutes into days, say). */
export function rollUp(candles: readonly Candle[], interval: CandleInterval): Candle[] {
  const intervalMs = INTERVAL_MS[interval];
  const result: Candle[] = [];
  let current: CentsCandle | undefined;
  let symbol: string | undefined;
  const flush = () => {
    if (current && symbol !== undefined) result.push(candleFromCents(symbol, interval, current));
  };
  for (const candle of candles) {
    if (symbol !== undefined && candle.symbol !== symbol) throw new CandleOrderError("rollUp takes the candles of one symbol.");
    symbol = candle.symbol;
    const cents = centsFromCandle(candle);
    const start = bucketStartMs(cents.start, intervalMs);
    if (current && start < current.start) throw new CandleOrderError("rollUp takes candles in time order.");
    if (!current || start > current.start) {
      flush();
      current = { ...cents, start };
    } else {
      current = {
        start,
        open: current.open,
        high: Math.max(current.high, cents.high),
        low: Math.min(current.low, cents.low),
        close: cents.close,
        volume: current.volume + cents.volume,
      };
    }
  }
  flush();
  return result;
}
