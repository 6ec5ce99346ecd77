/**
 * How Tickerlab shows times and numbers: the one owner (docs/decisions/028-time-zones.md).
 *
 * Every time is formatted in an explicit IANA zone — the one the server resolved for the page
 * (the profile's, else the browser's as its cookie tells, else UTC) — never in the zone of
 * whatever machine runs the code, so the server's HTML and the browser's hydration print the
 * same text. Every number uses one locale. The texts are assembled from Intl's parts with
 * fixed templates, so two ICU versions (Node's and the browser's) cannot disagree about
 * commas, spaces or "at".
 */
import { isCalendarDate } from "./calendar-date";
import { isTimeZone } from "./time-zone";

/** The one locale of every figure and date. */
export const LOCALE = "en-US";
export const DEFAULT_TIME_ZONE = "UTC";

/** The minus sign of every negative figure (U+2212, one of it, never "-" next to it). */
export const MINUS = "\u2212";

/** The space between a figure and its unit: no-break (U+00A0), so "%" never starts a line of its own. */
export const UNIT_SPACE = "\u00a0";

type Instant = string | number | Date;

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

// ————————————————————————————————————————————————————————— numbers

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const fixedFormats = new Map<number, Intl.NumberFormat>();
const fixedFormat = (digits: number) => {
  let format = fixedFormats.get(digits);
  if (!format) fixedFormats.set(digits, (format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return format;
};

const DECIMAL = /^\s*([-+])?(\d+)(?:\.(\d+))?\s*$/;

/** Groups the digits of a whole number written as a string ("1234567" → "1,234,567"). */
const groupDigits = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Puts the sign in front: one minus for a loss, "+" for a gain when asked, nothing for zero. */
function signed(text: string, sign: -1 | 0 | 1, showPlus: boolean | undefined): string {
  if (sign < 0) return `${MINUS}${text}`;
  return showPlus && sign > 0 ? `+${text}` : text;
}

/** A count: "1,234". Not a finite number: "—". */
export function integer(value: number | bigint | null | undefined): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number" && !Number.isFinite(value)) return "—";
  const negative = value < 0;
  const text = integerFormat.format(negative ? -value : value);
  return negative && text !== "0" ? `${MINUS}${text}` : text;
}

/** A plain figure with a fixed number of decimals ("1,234.57", "−0.42"), rounded half away from zero. */
export function decimal(value: string | number | null | undefined, digits = 2, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "—";
  const text = fixedFormat(digits).format(Math.abs(n));
  const zero = !/[1-9]/.test(text);
  return signed(text, zero ? 0 : n < 0 ? -1 : 1, options.signed);
}

/**
 * Money: "1234.5" → "1,234.50"; `signed` adds "+" to gains. A decimal string (the API's exact
 * amounts, any size, up to two decimals) is grouped as it is, digit for digit; only a number
 * (a chart's level) goes through floating point. Anything else: "—".
 */
export function money(value: string | number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const match = typeof value === "string" ? DECIMAL.exec(value) : null;
  if (match && (match[3] ?? "").length <= 2) {
    const whole = match[2]!.replace(/^0+(?=\d)/, "");
    const fraction = (match[3] ?? "").padEnd(2, "0");
    const nonZero = /[1-9]/.test(whole + fraction);
    return signed(`${groupDigits(whole)}.${fraction}`, !nonZero ? 0 : match[1] === "-" ? -1 : 1, options.signed);
  }
  return decimal(value, 2, options);
}

/**
 * A figure and its unit ("25 %", "5 bps", "3 min"), joined by a no-break space: a line may
 * break before the figure or after the unit, never between them. A missing figure ("—") has no unit.
 */
export function withUnit(figure: string | number, unit: string): string {
  const text = String(figure);
  return text === "—" ? text : `${text}${UNIT_SPACE}${unit}`;
}

/** A fraction ("0.0523") as a percentage ("+5.23 %"); signed by default. Under 0.005 % it is "0.00 %". */
export function percent(fraction: string | number | null | undefined, options: { signed?: boolean; digits?: number } = {}): string {
  if (fraction === null || fraction === undefined || fraction === "") return "—";
  const n = (typeof fraction === "number" ? fraction : Number(fraction)) * 100;
  if (!Number.isFinite(n)) return "—";
  return withUnit(decimal(n, options.digits ?? 2, { signed: options.signed ?? true }), "%");
}

const figureFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** A figure already in percent (a pass mark of 70, a position limit of 12.5) with its unit: "70 %", "12.5 %". */
export function percentFigure(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const text = figureFormat.format(Math.abs(value));
  return withUnit(value < 0 && /[1-9]/.test(text) ? `${MINUS}${text}` : text, "%");
}

const compactFormat = new Intl.NumberFormat(LOCALE, { notation: "compact", maximumFractionDigits: 1 });

/** A large count in short ("1.2K", "3.4M"; below 1,000 as it is): a chart's volume axis, where space is short. */
export function compactInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  const rounded = Math.round(value);
  const text = compactFormat.format(Math.abs(rounded));
  return rounded < 0 && text !== "0" ? `${MINUS}${text}` : text;
}

/**
 * Prose written by people (lessons, event descriptions) with every "5 %" and "5 bps" joined by a
 * no-break space, as the figures the app prints are.
 */
export function keepUnitsTogether(text: string): string {
  return text.replace(/(\d) (?=%|bps\b)/g, `$1${UNIT_SPACE}`);
}

// ————————————————————————————————————————————————————————— times

/**
 * A countdown's text from its whole parts (the events domain's durationParts, which rounds up
 * to the second): "2 d 3:04:05", "0:09:59". The same on the server and in the browser: no zone.
 */
export function countdown(parts: { days: number; hours: number; minutes: number; seconds: number }): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${parts.days > 0 ? `${withUnit(integer(parts.days), "d")} ` : ""}${parts.hours}:${pad(parts.minutes)}:${pad(parts.seconds)}`;
}

type Parts = { year: string; month: string; day: string; hour: string; minute: string; second: string; monthName: string };

/** The lightweight-charts tick kinds (its TickMarkType enum), by value. */
export const TICK = { year: 0, month: 1, dayOfMonth: 2, time: 3, timeWithSeconds: 4 } as const;

/**
 * The lightweight-charts tick weights (its TickMarkWeight enum, not exported by the library), by
 * value: how much of the calendar a point starts. The axis labels the heaviest points that fit.
 */
export const TICK_WEIGHT = {
  lessThanSecond: 0,
  second: 10,
  minute1: 20,
  minute5: 21,
  minute30: 22,
  hour1: 30,
  hour3: 31,
  hour6: 32,
  hour12: 33,
  day: 50,
  month: 60,
  year: 70,
} as const;

/** Intraday weights, heaviest first: the wall clock's period a point starts, in seconds. */
const INTRADAY_WEIGHTS: Array<[seconds: number, weight: number]> = [
  [12 * 3600, TICK_WEIGHT.hour12],
  [6 * 3600, TICK_WEIGHT.hour6],
  [3 * 3600, TICK_WEIGHT.hour3],
  [3600, TICK_WEIGHT.hour1],
  [1800, TICK_WEIGHT.minute30],
  [300, TICK_WEIGHT.minute5],
  [60, TICK_WEIGHT.minute1],
  [1, TICK_WEIGHT.second],
];

export interface TimeFormat {
  /** The IANA zone every time here is shown in. */
  readonly timeZone: string;
  /** "Nov 23, 14:05" — a moment in the last days (orders, fills, notices). */
  dateTime(value: Instant): string;
  /** "Nov 23, 2026, 14:05" — a moment that may be far off (event windows). */
  dateTimeYear(value: Instant): string;
  /** "Nov 23, 2026" — a day (sign-up dates). */
  date(value: Instant): string;
  /** "14:05:09" — a time today (fill toasts). */
  time(value: Instant): string;
  /** "14:05" */
  shortTime(value: Instant): string;
  /** "2026-11-23 14:05:09" — sortable and exact (the audit log). */
  stamp(value: Instant): string;
  /** The calendar day "2026-11-23" an instant falls on in this zone. */
  day(value: Instant): string;
  /** The wall time "2026-11-23T14:05" (a datetime-local input's value) of an instant. */
  wallTime(value: Instant, seconds?: boolean): string;
  /**
   * A chart's tick label for a time in seconds since the epoch (lightweight-charts'
   * tickMarkFormatter): "2026", "Nov", "Nov 23", "14:05" or "14:05:09" by the tick's kind. With
   * the weights of `chartWeight`, a day tick is the first point of this zone's day, so its date
   * is the day it starts, and no two neighbouring ticks read alike.
   */
  chartTick(seconds: number, tick: number): string;
  /**
   * The tick weight of a point at `seconds` that follows one at `previous`, by this zone's
   * calendar and clock (lightweight-charts weighs by UTC's): a new year, month or day in this
   * zone, else the largest period of the wall clock the two points straddle.
   */
  chartWeight(seconds: number, previous: number): number;
  /** The crosshair's label for a time in seconds (lightweight-charts' localization.timeFormatter). */
  chartCrosshair(seconds: number, intraday: boolean): string;
}

const cache = new Map<string, TimeFormat>();

/**
 * Where the market's day begins, as a person reads it: the practice market's day, today's change
 * and the daily boards run from 00:00 UTC for everyone (PRODUCT.md), whatever the profile's zone
 * — "since 00:00 UTC", and outside UTC also their own clock's reading of it
 * ("since 00:00 UTC (Dec 3, 05:30 in Asia/Kolkata)"). Only the learning streak follows the
 * person's zone (issue #23 §4: the dashboard promised more).
 */
export function marketDaySince(dayStart: Instant, timeZone: string | null | undefined): string {
  const format = timeFormat(timeZone);
  return format.timeZone === DEFAULT_TIME_ZONE ? "since 00:00 UTC" : `since 00:00 UTC (${format.dateTime(dayStart)} in ${format.timeZone})`;
}

/** The time formatter of `timeZone`; a missing or unknown zone means UTC. */
export function timeFormat(timeZone: string | null | undefined): TimeFormat {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let format = cache.get(zone);
  if (!format) cache.set(zone, (format = makeTimeFormat(zone)));
  return format;
}

function makeTimeFormat(timeZone: string): TimeFormat {
  const numeric = new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const monthName = new Intl.DateTimeFormat(LOCALE, { timeZone, month: "short" });
  const parts = (value: Instant): Parts | null => {
    const date = toDate(value);
    if (Number.isNaN(date.getTime())) return null;
    const out: Record<string, string> = {};
    for (const part of numeric.formatToParts(date)) out[part.type] = part.value;
    // Some engines print midnight as "24" even with h23; it is the start of the day.
    if (out.hour === "24") out.hour = "00";
    return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second!, monthName: monthName.format(date) };
  };
  const show = (value: Instant, template: (p: Parts) => string) => {
    const p = parts(value);
    return p ? template(p) : "—";
  };
  const dayNumber = (p: Parts) => String(Number(p.day));
  const fromSeconds = (seconds: number) => new Date(seconds * 1000);

  const format: TimeFormat = {
    timeZone,
    dateTime: (v) => show(v, (p) => `${p.monthName} ${dayNumber(p)}, ${p.hour}:${p.minute}`),
    dateTimeYear: (v) => show(v, (p) => `${p.monthName} ${dayNumber(p)}, ${p.year}, ${p.hour}:${p.minute}`),
    date: (v) => show(v, (p) => `${p.monthName} ${dayNumber(p)}, ${p.year}`),
    time: (v) => show(v, (p) => `${p.hour}:${p.minute}:${p.second}`),
    shortTime: (v) => show(v, (p) => `${p.hour}:${p.minute}`),
    stamp: (v) => show(v, (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`),
    day: (v) => show(v, (p) => `${p.year}-${p.month}-${p.day}`),
    wallTime: (v, seconds = false) => show(v, (p) => `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}${seconds ? `:${p.second}` : ""}`),
    chartTick(seconds, tick) {
      const p = parts(fromSeconds(seconds));
      if (!p) return "";
      if (tick === TICK.timeWithSeconds) return `${p.hour}:${p.minute}:${p.second}`;
      if (tick === TICK.time) return `${p.hour}:${p.minute}`;
      if (tick === TICK.year) return p.year;
      if (tick === TICK.month) return p.monthName;
      return `${p.monthName} ${dayNumber(p)}`;
    },
    chartWeight(seconds, previous) {
      const a = parts(fromSeconds(previous));
      const b = parts(fromSeconds(seconds));
      if (!a || !b) return TICK_WEIGHT.lessThanSecond;
      if (a.year !== b.year) return TICK_WEIGHT.year;
      if (a.month !== b.month) return TICK_WEIGHT.month;
      if (a.day !== b.day) return TICK_WEIGHT.day;
      // The wall clock read as if it were UTC: its hours and minutes are this zone's.
      const wall = (p: Parts) => Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) / 1000;
      const [from, to] = [wall(a), wall(b)];
      for (const [period, weight] of INTRADAY_WEIGHTS) if (Math.floor(from / period) !== Math.floor(to / period)) return weight;
      return TICK_WEIGHT.lessThanSecond;
    },
    chartCrosshair: (seconds, intraday) => (intraday ? format.dateTime(fromSeconds(seconds)) : format.date(fromSeconds(seconds))),
  };
  return format;
}

/**
 * The instant a wall time ("2026-11-23T14:05" or with seconds) names in `timeZone`, as an ISO
 * string; null when it is not a wall time. A time the clocks skip (spring forward) counts
 * from before the change (02:30 becomes 03:30 in New York); a time that happens twice (fall
 * back) is the first of the two.
 */
export function fromWallTime(wall: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, Number(match[6] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  const zone = timeFormat(timeZone);
  // The zone's offset at an instant: its wall time read as UTC, minus the instant.
  const offsetAt = (instant: number) => Date.parse(`${zone.wallTime(instant, true)}Z`) - instant;
  // The earlier of the two offsets around this wall time wins a repeated hour; a skipped
  // hour keeps the offset from before the change.
  const before = offsetAt(asUtc - 86_400_000 / 2);
  const after = offsetAt(asUtc + 86_400_000 / 2);
  const candidates = [asUtc - before, asUtc - after].filter((instant) => offsetAt(instant) === asUtc - instant);
  const instant = candidates.length ? Math.min(...candidates) : asUtc - before;
  return new Date(instant).toISOString();
}

/**
 * A calendar day written "YYYY-MM-DD" (a class's first and last day), as `date` shows days:
 * "Sep 1, 2026". A day is no instant, so no zone moves it. Not a day: "—".
 */
export function calendarDate(day: string | null | undefined): string {
  if (!day || !isCalendarDate(day)) return "—";
  return timeFormat(DEFAULT_TIME_ZONE).date(`${day}T12:00:00Z`);
}
