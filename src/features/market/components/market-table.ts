/**
 * The market overview's rules that are not drawing: how its table sorts, how long a change's
 * bar is and on which side of the centre, and how a live quote moves a sparkline.
 * Pure: tests/unit/market-table.test.ts.
 */
import type { Instrument, MarketDay } from "./types";
import type { Quotes } from "./quotes";

export interface MarketRow extends Instrument {
  /** Shares traded today; null when the day's path is not known (yet). */
  volume: number | null;
  /** Today's closes per step (see DayPath), the live price in the current step. */
  closes: Array<string | null>;
}

export type SortKey = "symbol" | "sector" | "price" | "change" | "volume";
export type SortDirection = "ascending" | "descending";
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** What the table opens with: today's biggest gain first. */
export const DEFAULT_SORT: Sort = { key: "change", direction: "descending" };

/** Words sort A→Z first; figures biggest first (what people look for: the top movers, the busiest). */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = { symbol: "ascending", sector: "ascending", price: "descending", change: "descending", volume: "descending" };

/** A header pressed: the same column flips its direction, another starts with its natural one. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  return { key, direction: FIRST_DIRECTION[key] };
}

const numberOrNull = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

const VALUE_OF: Record<SortKey, (row: MarketRow) => string | number | null> = {
  symbol: (r) => r.symbol,
  sector: (r) => r.sector,
  price: (r) => numberOrNull(r.lastPrice),
  change: (r) => numberOrNull(r.dayChangePct),
  volume: (r) => r.volume,
};

/**
 * The rows in the order `sort` asks: a value that is missing (no change yet, no volume) goes
 * last whichever the direction; equal values keep symbol order, so the order is total and a
 * re-render never shuffles ties.
 */
export function sortRows<T extends MarketRow>(rows: readonly T[], sort: Sort): T[] {
  const valueOf = VALUE_OF[sort.key];
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = valueOf(a);
    const vb = valueOf(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else {
      const order = typeof va === "number" && typeof vb === "number" ? va - vb : String(va).localeCompare(String(vb), "en");
      if (order !== 0) return sign * order;
    }
    return a.symbol.localeCompare(b.symbol, "en");
  });
}

export interface ChangeBar {
  tone: "up" | "down" | "flat";
  /** Where the bar starts, in % of the whole track (the centre line is at 50 %). */
  left: number;
  /** How long it is, in % of the whole track: at most 50 (half of it, for the biggest move). */
  width: number;
}

/**
 * A diverging bar: a loss grows left from the centre line, a gain right, each as long as its
 * share of `scale` (the biggest move shown) — the biggest fills its half of the track.
 */
export function changeBar(fraction: string | number | null, scale: number): ChangeBar {
  const value = numberOrNull(fraction) ?? 0;
  const width = scale > 0 ? Math.min(50, (Math.abs(value) / scale) * 50) : 0;
  const rounded = Math.round(width * 10) / 10;
  if (value > 0) return { tone: "up", left: 50, width: rounded };
  // From the rounded width, so a loss ends exactly on the centre line.
  if (value < 0) return { tone: "down", left: Math.round((50 - rounded) * 10) / 10, width: rounded };
  return { tone: "flat", left: 50, width: 0 };
}

/** The bars' scale: the biggest move among `fractions` (never 0, so nothing divides by it). */
export function barScale(fractions: ReadonlyArray<string | number | null>): number {
  return Math.max(0.0001, ...fractions.map((f) => Math.abs(numberOrNull(f) ?? 0)));
}

/**
 * The day's path with a live quote in it: the quote's price becomes the close of the step it
 * falls in (the steps in between stay empty). A quote from before the day's start or after
 * its end leaves the path alone: the next fetch brings the new day.
 */
export function withLivePrice(day: Pick<MarketDay, "start" | "stepMinutes">, closes: ReadonlyArray<string | null>, quote: { price: string; at: string } | undefined): Array<string | null> {
  if (!quote) return [...closes];
  const stepMs = day.stepMinutes * 60_000;
  const step = Math.floor((Date.parse(quote.at) - Date.parse(day.start)) / stepMs);
  if (!Number.isFinite(step) || step < 0 || step >= 86_400_000 / stepMs || step < closes.length - 1) return [...closes];
  const next = [...closes];
  while (next.length <= step) next.push(null);
  next[step] = quote.price;
  return next;
}

/** The table's rows: each instrument with its day's volume and path (live prices folded in). */
export function marketRows(items: readonly Instrument[], day: MarketDay | undefined, quotes: Quotes): MarketRow[] {
  const paths = new Map((day?.items ?? []).map((p) => [p.symbol, p]));
  return items.map((i) => {
    const path = paths.get(i.symbol);
    return {
      ...i,
      volume: path ? path.volume : null,
      closes: path && day ? withLivePrice(day, path.closes, quotes[i.symbol]) : [],
    };
  });
}
