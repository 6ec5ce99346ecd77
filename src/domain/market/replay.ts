/**
 * Historical replay: plays daily OHLCV datasets from a chosen date at a chosen speed, on an
 * event's own clock. Trading day k of the replay runs over real time
 * [eventStart + k·d, eventStart + (k+1)·d), d being the real length of one trading day.
 *
 * Within a day the price follows a fixed path through the day's four prices, so a day has
 * movement and everyone sees the same one: open → low → high → close on a day that closes
 * at or above its open, open → high → low → close on a day that closes below it (the usual
 * back-testing convention). The path moves at an even speed in price, and reaches the close
 * at 90 % of the day; the last tenth holds the close, so the day's close is a price people
 * can trade at and see before the day turns. Prices stay within [low, high] at all times.
 *
 * Before the event starts the price is the first day's open; after the last day it stays at
 * the last close.
 */
import { fromCents, toCents } from "./cents";
import type { SplitRatio } from "./corporate-actions";
import type { OhlcvRow } from "./ohlcv-csv";
import type { PriceSource, Quote } from "./source";

/** The share of each trading day, at its end, that holds the close. */
export const CLOSE_HOLD_FRACTION = 0.1;

export class ReplayConfigError extends Error {}

export interface ReplayPosition {
  phase: "before" | "running" | "ended";
  /** Index into the replay's calendar. */
  dayIndex: number;
  tradingDay: string;
  /** How far through the trading day, 0 ≤ f < 1 (0 before the start, 1 after the end). */
  fractionOfDay: number;
}

/** Where the fixed intraday path stands at `fraction` of the day (0..1), in two decimals. */
export function intradayPrice(row: Pick<OhlcvRow, "open" | "high" | "low" | "close">, fraction: number): string {
  const open = toCents(row.open);
  const high = toCents(row.high);
  const low = toCents(row.low);
  const close = toCents(row.close);
  const points = close >= open ? [open, low, high, close] : [open, high, low, close];
  const lengths = [Math.abs(points[1]! - points[0]!), Math.abs(points[2]! - points[1]!), Math.abs(points[3]! - points[2]!)];
  const total = lengths[0]! + lengths[1]! + lengths[2]!;
  const progress = Math.min(1, Math.max(0, fraction) / (1 - CLOSE_HOLD_FRACTION));
  if (total === 0 || progress >= 1) return fromCents(close);
  let travelled = total * progress;
  for (let segment = 0; segment < 3; segment++) {
    const length = lengths[segment]!;
    if (travelled <= length && length > 0) {
      const from = points[segment]!;
      const to = points[segment + 1]!;
      return fromCents(from + Math.round(((to - from) * travelled) / length));
    }
    travelled -= length;
  }
  return fromCents(close);
}

export interface ReplayOptions {
  /** One dataset per symbol, rows as `parseOhlcvCsv` returns them (dates strictly increasing). */
  datasets: Readonly<Record<string, readonly OhlcvRow[]>>;
  /** The first trading day to play (YYYY-MM-DD); a date without data starts at the next one. */
  startDate: string;
  /** Real seconds one trading day lasts: the speed. */
  secondsPerTradingDay: number;
  /** The real instant trading day 0 begins. */
  eventStart: Date;
}

/**
 * A dataset's corporate action as the replay plays it (docs/decisions/063): it takes effect at
 * the start of its row's trading day (`at`), between the previous close and that day's open,
 * which in the raw prices already shows the drop. Only days after the first one played carry
 * one: nobody can hold a share before the replay starts.
 */
export interface ReplayAction {
  symbol: string;
  /** The row's date: the ex-date. */
  exDate: string;
  /** Its trading day's index in the calendar (≥ 1). */
  dayIndex: number;
  /** The real instant its trading day begins. */
  at: Date;
  kind: "dividend" | "split";
  /** A dividend's amount per share, in cents. */
  amountCents?: number;
  /** A split's ratio. */
  ratio?: SplitRatio;
  /** A dividend's pay day: the next trading day played, or its own ex-date when it is the last. */
  payDate?: string;
  /** A dividend's payment instant: the start of the next trading day (the replay's end after the last). */
  payAt?: Date;
}

export interface Replay extends PriceSource {
  /** The trading days played, in order: every dataset date from the start date on. */
  readonly calendar: readonly string[];
  /** The datasets' corporate actions the replay plays, in the order they take effect. */
  readonly actions: readonly ReplayAction[];
  /** The real instant the last trading day ends. */
  readonly endsAt: Date;
  position(now: Date): ReplayPosition;
  /** The price of `symbol` at `now`; undefined for an unknown symbol or before its first row. */
  priceAt(symbol: string, now: Date): string | undefined;
  tradingDayAt(now: Date): string;
  /** The real instant the trading day playing at `at` ends (day orders expire then); `endsAt` after the last. */
  endOfTradingDay(at: Date): Date;
  /**
   * The prices `symbol` passes through from `from` to `to` (from < to), in order: the price at
   * `from`, every turning point and day change in between, and the price at `to`, without
   * consecutive repeats. The path is monotone between two of them, so a resting order is
   * crossed over the interval exactly when one of these steps crosses it.
   */
  pathBetween(symbol: string, from: Date, to: Date): string[];
  /** The same path with the instant each price is reached (the first point is `from`). */
  pathPointsBetween(symbol: string, from: Date, to: Date): Array<{ at: Date; price: string }>;
}

interface Series {
  dates: string[];
  rows: readonly OhlcvRow[];
}

/** Index of the last row dated on or before `date`, or −1. */
function lastOnOrBefore(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid]! <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export function createReplay(options: ReplayOptions): Replay {
  const { datasets, startDate, secondsPerTradingDay, eventStart } = options;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate)) throw new ReplayConfigError(`The start date "${startDate}" is not written YYYY-MM-DD.`);
  if (!(secondsPerTradingDay > 0) || !Number.isFinite(secondsPerTradingDay)) {
    throw new ReplayConfigError(`A trading day must last a positive number of seconds, got ${secondsPerTradingDay}.`);
  }
  if (Number.isNaN(eventStart.getTime())) throw new ReplayConfigError("The event start is not a valid instant.");
  const series = new Map<string, Series>();
  const days = new Set<string>();
  for (const [symbol, rows] of Object.entries(datasets)) {
    if (rows.length === 0) throw new ReplayConfigError(`The dataset for ${symbol} has no rows.`);
    const dates = rows.map((row) => row.date);
    for (let i = 1; i < dates.length; i++) {
      if (dates[i]! <= dates[i - 1]!) throw new ReplayConfigError(`The dataset for ${symbol} is not in strictly increasing date order at ${dates[i]}.`);
    }
    series.set(symbol, { dates, rows });
    for (const date of dates) if (date >= startDate) days.add(date);
  }
  if (series.size === 0) throw new ReplayConfigError("A replay needs at least one dataset.");
  const calendar = [...days].sort();
  if (calendar.length === 0) throw new ReplayConfigError(`No dataset has data on or after ${startDate}.`);

  const dayMs = secondsPerTradingDay * 1000;
  const startMs = eventStart.getTime();
  const endsAt = new Date(startMs + calendar.length * dayMs);

  const position = (now: Date): ReplayPosition => {
    const elapsed = now.getTime() - startMs;
    if (elapsed < 0) return { phase: "before", dayIndex: 0, tradingDay: calendar[0]!, fractionOfDay: 0 };
    const dayIndex = Math.floor(elapsed / dayMs);
    if (dayIndex >= calendar.length) return { phase: "ended", dayIndex: calendar.length - 1, tradingDay: calendar[calendar.length - 1]!, fractionOfDay: 1 };
    return { phase: "running", dayIndex, tradingDay: calendar[dayIndex]!, fractionOfDay: (elapsed - dayIndex * dayMs) / dayMs };
  };

  const priceAt = (symbol: string, now: Date): string | undefined => {
    const data = series.get(symbol);
    if (!data) return undefined;
    const where = position(now);
    const index = lastOnOrBefore(data.dates, where.tradingDay);
    if (index === -1) return undefined;
    const row = data.rows[index]!;
    // A day this symbol did not trade holds its last close, as does everything after the end.
    if (row.date !== where.tradingDay || where.phase === "ended") return row.close;
    return where.phase === "before" ? row.open : intradayPrice(row, where.fractionOfDay);
  };

  const tradingDayAt = (now: Date) => position(now).tradingDay;

  const endOfTradingDay = (at: Date): Date => {
    const where = position(at);
    if (where.phase === "ended") return endsAt;
    return new Date(startMs + (where.dayIndex + 1) * dayMs);
  };

  const pathPointsBetween = (symbol: string, from: Date, to: Date): Array<{ at: Date; price: string }> => {
    const data = series.get(symbol);
    if (!data || to.getTime() <= from.getTime()) return [];
    const fromMs = from.getTime();
    const toMs = to.getTime();
    const instants = [fromMs];
    const first = Math.max(0, position(from).dayIndex);
    const last = Math.min(calendar.length - 1, position(to).dayIndex);
    for (let day = first; day <= last; day++) {
      const dayStart = startMs + day * dayMs;
      instants.push(dayStart);
      const index = lastOnOrBefore(data.dates, calendar[day]!);
      const row = index === -1 ? undefined : data.rows[index]!;
      if (row && row.date === calendar[day]) {
        const open = toCents(row.open);
        const high = toCents(row.high);
        const low = toCents(row.low);
        const close = toCents(row.close);
        const points = close >= open ? [open, low, high, close] : [open, high, low, close];
        const lengths = [Math.abs(points[1]! - points[0]!), Math.abs(points[2]! - points[1]!), Math.abs(points[3]! - points[2]!)];
        const total = lengths[0]! + lengths[1]! + lengths[2]!;
        let travelled = 0;
        for (const length of lengths) {
          travelled += length;
          if (total > 0) instants.push(dayStart + Math.ceil((travelled / total) * (1 - CLOSE_HOLD_FRACTION) * dayMs));
        }
      }
    }
    instants.push(endsAt.getTime());
    const points: Array<{ at: Date; price: string }> = [];
    for (const ms of [...new Set(instants.filter((ms) => ms >= fromMs && ms <= toMs).concat(toMs))].sort((a, b) => a - b)) {
      const price = priceAt(symbol, new Date(ms));
      if (price !== undefined && points.at(-1)?.price !== price) points.push({ at: new Date(ms), price });
    }
    return points;
  };

  const pathBetween = (symbol: string, from: Date, to: Date): string[] => pathPointsBetween(symbol, from, to).map((p) => p.price);

  const dayIndexOf = new Map(calendar.map((day, index) => [day, index]));
  const actions: ReplayAction[] = [];
  for (const [symbol, data] of series) {
    for (const row of data.rows) {
      if (row.dividend === undefined && row.split === undefined) continue;
      const dayIndex = dayIndexOf.get(row.date);
      if (dayIndex === undefined || dayIndex === 0) continue;
      const at = new Date(startMs + dayIndex * dayMs);
      if (row.split !== undefined) actions.push({ symbol, exDate: row.date, dayIndex, at, kind: "split", ratio: row.split });
      if (row.dividend !== undefined) {
        const payAt = new Date(startMs + (dayIndex + 1) * dayMs);
        actions.push({ symbol, exDate: row.date, dayIndex, at, kind: "dividend", amountCents: toCents(row.dividend), payDate: calendar[dayIndex + 1] ?? row.date, payAt });
      }
    }
  }
  actions.sort((a, b) => a.dayIndex - b.dayIndex || a.symbol.localeCompare(b.symbol) || a.kind.localeCompare(b.kind));

  return {
    calendar,
    actions,
    endsAt,
    position,
    priceAt,
    tradingDayAt,
    endOfTradingDay,
    pathBetween,
    pathPointsBetween,
    symbols: () => [...series.keys()],
    quote(symbol, now): Quote | undefined {
      const price = priceAt(symbol, now);
      return price === undefined ? undefined : { symbol, price, at: now };
    },
    tradingDay: tradingDayAt,
  };
}

export interface ReplayClock {
  readonly calendar: readonly string[];
  readonly endsAt: Date;
  position(now: Date): ReplayPosition;
  priceAt(now: Date): string;
  tradingDayAt(now: Date): string;
}

/** One dataset on its own: the replay of a single instrument. */
export function createReplayClock(options: Omit<ReplayOptions, "datasets"> & { dataset: readonly OhlcvRow[] }): ReplayClock {
  const { dataset, ...rest } = options;
  const KEY = "DATASET";
  const replay = createReplay({ ...rest, datasets: { [KEY]: dataset } });
  return {
    calendar: replay.calendar,
    endsAt: replay.endsAt,
    position: replay.position,
    // Every calendar day is this dataset's, so a price always exists.
    priceAt: (now) => replay.priceAt(KEY, now)!,
    tradingDayAt: replay.tradingDayAt,
  };
}
