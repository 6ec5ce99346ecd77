/**
 * The benchmark: TLX — Tickerlab Composite. Equal-weighted at its base: it is the value of a
 * basket that put the same amount into every bundled stock at its starting price and never
 * rebalanced, scaled to 1000.00 at the base. So
 *
 *   level = base level × (1/N) × Σ price_i / base price_i
 *
 * which depends on current prices only (no divisor history to keep), and a stock's weight
 * drifts with its performance, as it would in a cap-weighted index. Funds are left out (they
 * would count their holdings twice). Admin-added instruments do not join: changing the
 * constituents would need a divisor adjustment, and a steady benchmark is worth more here.
 *
 * The level is not money: it is computed in floating point, in a fixed order (so it is
 * deterministic) and rounded to two decimals.
 *
 * An index is listed like an instrument (kind "index": a page, a chart, a level and a day
 * change) but never traded: there is nothing to buy, and its level is not a price anyone pays.
 */
import { bucketStartMs, INTERVAL_MS, type Candle, type CandleInterval } from "./candles";
import { fromCents, toCents } from "./cents";
import { BUNDLED_UNIVERSE, type InstrumentDefinition } from "./universe";

export interface BenchmarkIndex {
  symbol: string;
  name: string;
  /** The level when every constituent is at its base price. */
  baseLevel: string;
  constituents: ReadonlyArray<{ symbol: string; basePrice: string }>;
}

export class IndexPriceError extends Error {}

/** What the instruments table calls a benchmark index, beside the simulated "stock" and "etf". */
export const INDEX_KIND = "index";

export function equalWeightIndex(identity: { symbol: string; name: string; baseLevel: string }, instruments: readonly InstrumentDefinition[]): BenchmarkIndex {
  if (instruments.length === 0) throw new IndexPriceError("An index needs at least one constituent.");
  return { ...identity, constituents: instruments.map((i) => ({ symbol: i.symbol, basePrice: i.startingPrice })) };
}

export const TLX: BenchmarkIndex = equalWeightIndex(
  { symbol: "TLX", name: "Tickerlab Composite", baseLevel: "1000.00" },
  BUNDLED_UNIVERSE.filter((i) => i.kind === "stock"),
);

/**
 * The index level from constituent prices (two-decimal strings by symbol). `totalReturn`
 * multiplies a constituent's price by the product of its corporate actions' factors
 * (docs/decisions/052: P/(P − D) at a dividend, the ratio at a split), so the index counts
 * dividends as return and a split is no fall; absent = 1.
 */
export function indexLevel(index: BenchmarkIndex, prices: Readonly<Record<string, string>>, totalReturn: Readonly<Record<string, number>> = {}): string {
  const missing = index.constituents.filter((c) => prices[c.symbol] === undefined).map((c) => c.symbol);
  if (missing.length > 0) throw new IndexPriceError(`${index.symbol} needs a price for ${missing.join(", ")}.`);
  let relative = 0;
  for (const c of index.constituents) relative += ((totalReturn[c.symbol] ?? 1) * toCents(prices[c.symbol]!)) / toCents(c.basePrice);
  return fromCents(Math.round((toCents(index.baseLevel) * relative) / index.constituents.length));
}

/**
 * The index at each candle start from constituent candles (their closes), for the benchmark
 * curve. A constituent without a candle at some start counts at its previous close; starts
 * before every constituent has a close are left out.
 */
export function indexLevels(index: BenchmarkIndex, candles: Readonly<Record<string, readonly Candle[]>>): Array<{ start: Date; level: string }> {
  return indexCandles(index, candles, "1d").map((c) => ({ start: c.start, level: c.close }));
}

/**
 * The index's own candles from its constituents' candles of one interval (a backfilled year
 * of days, a day of minutes), one per start, with the same carry-forward as indexLevels.
 *
 * - close: the level of the constituents' closes;
 * - open: the level of their opens (every instrument ticks at the same instants, so that is
 *   the index's first level in the interval); a constituent without a candle then opens at
 *   its previous close;
 * - high and low: the larger and smaller of open and close. The index's path inside the
 *   interval is not in the constituents' candles: their highs are not simultaneous, and a
 *   level made of them would draw a range the index never had. Live ticks fold real highs
 *   and lows from then on (and indexHistory widens days by their minutes).
 * - volume 0: an index does not trade.
 */
export function indexCandles(index: BenchmarkIndex, candles: Readonly<Record<string, readonly Candle[]>>, interval: CandleInterval): Candle[] {
  const starts = new Set<number>();
  const bySymbol = new Map<string, Map<number, Candle>>();
  for (const { symbol } of index.constituents) {
    const own = new Map<number, Candle>();
    for (const candle of candles[symbol] ?? []) {
      own.set(candle.start.getTime(), candle);
      starts.add(candle.start.getTime());
    }
    bySymbol.set(symbol, own);
  }
  const lastClose: Record<string, string> = {};
  const result: Candle[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const opens: Record<string, string> = {};
    for (const { symbol } of index.constituents) {
      const candle = bySymbol.get(symbol)!.get(start);
      const open = candle?.open ?? lastClose[symbol];
      if (open !== undefined) opens[symbol] = open;
      if (candle) lastClose[symbol] = candle.close;
    }
    if (!index.constituents.every((c) => lastClose[c.symbol] !== undefined)) continue;
    const open = indexLevel(index, opens);
    const close = indexLevel(index, lastClose);
    const [low, high] = toCents(open) <= toCents(close) ? [open, close] : [close, open];
    result.push({ symbol: index.symbol, interval, start: new Date(start), open, high, low, close, volume: 0 });
  }
  return result;
}

/**
 * The index's daily and minute candles from its constituents' (a backfill, or what an install
 * has stored). A day that has minute candles reaches at least as high and as low as they do:
 * those levels happened that day, and the day's range must not sit inside its own minutes'.
 */
export function indexHistory(index: BenchmarkIndex, candles: { daily: Readonly<Record<string, readonly Candle[]>>; minute: Readonly<Record<string, readonly Candle[]>> }): { daily: Candle[]; minute: Candle[] } {
  const minute = indexCandles(index, candles.minute, "1m");
  const range = new Map<number, { high: number; low: number }>();
  for (const m of minute) {
    const day = bucketStartMs(m.start.getTime(), INTERVAL_MS["1d"]);
    const seen = range.get(day);
    const high = toCents(m.high);
    const low = toCents(m.low);
    range.set(day, seen ? { high: Math.max(seen.high, high), low: Math.min(seen.low, low) } : { high, low });
  }
  const daily = indexCandles(index, candles.daily, "1d").map((d) => {
    const within = range.get(d.start.getTime());
    if (!within) return d;
    return { ...d, high: fromCents(Math.max(toCents(d.high), within.high)), low: fromCents(Math.min(toCents(d.low), within.low)) };
  });
  return { daily, minute };
}
