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
 */
import type { Candle } from "./candles";
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

export function equalWeightIndex(identity: { symbol: string; name: string; baseLevel: string }, instruments: readonly InstrumentDefinition[]): BenchmarkIndex {
  if (instruments.length === 0) throw new IndexPriceError("An index needs at least one constituent.");
  return { ...identity, constituents: instruments.map((i) => ({ symbol: i.symbol, basePrice: i.startingPrice })) };
}

export const TLX: BenchmarkIndex = equalWeightIndex(
  { symbol: "TLX", name: "Tickerlab Composite", baseLevel: "1000.00" },
  BUNDLED_UNIVERSE.filter((i) => i.kind === "stock"),
);

/** The index level from constituent prices (two-decimal strings by symbol). */
export function indexLevel(index: BenchmarkIndex, prices: Readonly<Record<string, string>>): string {
  const missing = index.constituents.filter((c) => prices[c.symbol] === undefined).map((c) => c.symbol);
  if (missing.length > 0) throw new IndexPriceError(`${index.symbol} needs a price for ${missing.join(", ")}.`);
  let relative = 0;
  for (const c of index.constituents) relative += toCents(prices[c.symbol]!) / toCents(c.basePrice);
  return fromCents(Math.round((toCents(index.baseLevel) * relative) / index.constituents.length));
}

/**
 * The index at each candle start from constituent candles (their closes), for charts and the
 * benchmark curve. A constituent without a candle at some start counts at its previous close;
 * starts before every constituent has a close are left out.
 */
export function indexLevels(index: BenchmarkIndex, candles: Readonly<Record<string, readonly Candle[]>>): Array<{ start: Date; level: string }> {
  const starts = new Set<number>();
  const closes = new Map<string, Map<number, string>>();
  for (const { symbol } of index.constituents) {
    const bySymbol = new Map<number, string>();
    for (const candle of candles[symbol] ?? []) {
      bySymbol.set(candle.start.getTime(), candle.close);
      starts.add(candle.start.getTime());
    }
    closes.set(symbol, bySymbol);
  }
  const last: Record<string, string> = {};
  const levels: Array<{ start: Date; level: string }> = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    for (const { symbol } of index.constituents) {
      const close = closes.get(symbol)!.get(start);
      if (close !== undefined) last[symbol] = close;
    }
    if (index.constituents.every((c) => last[c.symbol] !== undefined)) levels.push({ start: new Date(start), level: indexLevel(index, last) });
  }
  return levels;
}
