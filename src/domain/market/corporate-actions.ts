/**
 * Corporate actions on the practice market (docs/decisions/052-corporate-actions.md): cash
 * dividends and splits. This module owns what an action *is* (its kinds, the split ratio, the
 * checks an admin's entry must pass), the simulated schedule of the bundled universe, and
 * what an action does to the market's state: the price drops by the dividend, or is divided
 * by the split ratio, at the start (00:00 UTC) of the ex-date. What it does to portfolios is
 * domain/trading's (corporate-actions.ts).
 *
 * Pure: dates are "YYYY-MM-DD" strings (UTC days), money per share is cents, the RNG is passed in.
 */
import { fromCents, toCents } from "./cents";
import type { MarketState } from "./simulator";
import { createRng } from "./rng";
import type { InstrumentDefinition } from "./universe";

export const CORPORATE_ACTION_KINDS = ["dividend", "split"] as const;
export type CorporateActionKind = (typeof CORPORATE_ACTION_KINDS)[number];

/** `to` new shares for every `from` held: 2:1 doubles the shares, 1:10 is a reverse split. */
export interface SplitRatio {
  to: number;
  from: number;
}

interface ActionBase {
  id: string;
  symbol: string;
  /** The first UTC day the shares trade without the dividend, or split. */
  exDate: string;
}

export interface DividendAction extends ActionBase {
  kind: "dividend";
  /** When the holders of record are paid (on or after the ex-date). */
  payDate: string;
  /** Cents per share, > 0. */
  amountCents: number;
}

export interface SplitAction extends ActionBase {
  kind: "split";
  ratio: SplitRatio;
}

export type CorporateAction = DividendAction | SplitAction;

/** The largest side of a ratio: 1:1000 and 1000:1 are the extremes anyone would enter. */
export const MAX_RATIO_TERM = 1000;

const RATIO = /^\s*(\d{1,4})\s*:\s*(\d{1,4})\s*$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export class CorporateActionError extends Error {
  constructor(
    readonly field: "exDate" | "payDate" | "amount" | "ratio" | "kind",
    message: string,
  ) {
    super(message);
    this.name = "CorporateActionError";
  }
}

/** "2:1" → {to: 2, from: 1}; refuses 1:1, zero, non-whole terms and terms above MAX_RATIO_TERM. */
export function parseRatio(text: string): SplitRatio {
  const match = RATIO.exec(text);
  if (!match) throw new CorporateActionError("ratio", `"${text}" is not a split ratio: write it as new:old shares, e.g. "2:1" or "1:10".`);
  const to = Number(match[1]);
  const from = Number(match[2]);
  if (to < 1 || from < 1 || to > MAX_RATIO_TERM || from > MAX_RATIO_TERM) throw new CorporateActionError("ratio", `Each side of a split ratio is a whole number from 1 to ${MAX_RATIO_TERM}.`);
  if (to === from) throw new CorporateActionError("ratio", `A ratio of ${to}:${from} changes nothing: a split needs more (e.g. 2:1) or fewer (e.g. 1:10) shares.`);
  const divisor = gcd(to, from);
  return { to: to / divisor, from: from / divisor };
}

export function formatRatio(ratio: SplitRatio): string {
  return `${ratio.to}:${ratio.from}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Whether a text is a real calendar day "YYYY-MM-DD". */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** 00:00 UTC of a day, in epoch milliseconds: when an action dated that day takes effect. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return dayOf(dayStartMs(day) + days * 86_400_000);
}

/** What an admin (or a dataset) asks for, before it has an id. */
export type CorporateActionInput =
  | { kind: "dividend"; exDate: string; payDate?: string; amount: string }
  | { kind: "split"; exDate: string; ratio: string };

/** Days from the ex-date to the pay date when none is given. */
export const DEFAULT_PAY_LAG_DAYS = 14;

/**
 * The checks an action entered by hand must pass: the ex-date today (UTC) or later (the past
 * is settled), a pay date on or after it, a positive amount with at most two decimals, a
 * ratio that changes something. Returns the action without its id and symbol.
 */
export function validateAction(input: CorporateActionInput, today: string): Omit<DividendAction, "id" | "symbol"> | Omit<SplitAction, "id" | "symbol"> {
  if (!isDay(input.exDate)) throw new CorporateActionError("exDate", `"${input.exDate}" is not a date (YYYY-MM-DD).`);
  if (input.exDate < today) throw new CorporateActionError("exDate", `The ex-date ${input.exDate} is in the past: an action can be entered for today (${today}) or later.`);
  if (input.kind === "split") return { kind: "split", exDate: input.exDate, ratio: parseRatio(input.ratio) };
  const amount = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(input.amount.trim());
  if (!amount) {
    const negative = input.amount.trim().startsWith("-");
    throw new CorporateActionError("amount", negative ? "A dividend cannot be negative." : `"${input.amount}" is not an amount per share with at most two decimals (e.g. "0.42").`);
  }
  const amountCents = toCents(input.amount.trim());
  if (amountCents <= 0) throw new CorporateActionError("amount", "A dividend must be more than 0.00 per share.");
  const payDate = input.payDate ?? addDays(input.exDate, DEFAULT_PAY_LAG_DAYS);
  if (!isDay(payDate)) throw new CorporateActionError("payDate", `"${payDate}" is not a date (YYYY-MM-DD).`);
  if (payDate < input.exDate) throw new CorporateActionError("payDate", `The pay date ${payDate} is before the ex-date ${input.exDate}: holders are paid on or after it.`);
  return { kind: "dividend", exDate: input.exDate, payDate, amountCents };
}

// ---------------------------------------------------------------------------------------
// The price adjustment

export interface PriceAdjustment {
  state: MarketState;
  /** The instrument's price just before and just after the action, in cents. */
  before: number;
  after: number;
}

/**
 * The price after the action, in cents: P − D for a dividend (never below one cent), P × from
 * / to for a split, to the nearest cent (never below one). The trading side books the cents
 * the rounding moves as part of the cash in lieu, so no portfolio's equity moves.
 */
export function adjustedPriceCents(action: CorporateAction, before: number): number {
  if (action.kind === "dividend") return Math.max(1, before - action.amountCents);
  return Math.max(1, Math.round((before * action.ratio.from) / action.ratio.to));
}

/**
 * The market state with the action applied to its instrument: `price` set to the adjusted
 * price and `logPrice` moved by the same log ratio (log((P − D)/P) for a dividend, −log(ratio)
 * for a split), so the walk continues from the adjusted level. An instrument the state does
 * not hold (withdrawn) leaves the state as it was (before = after = null is not possible:
 * the caller gets null).
 */
export function adjustMarketState(state: MarketState, action: CorporateAction): PriceAdjustment | null {
  const instrument = state.instruments.find((i) => i.symbol === action.symbol);
  if (!instrument) return null;
  const before = toCents(instrument.price);
  const after = adjustedPriceCents(action, before);
  const logShift = action.kind === "split" ? -Math.log(action.ratio.to / action.ratio.from) : Math.log(after / before);
  return {
    before,
    after,
    state: {
      ...state,
      instruments: state.instruments.map((i) => (i.symbol === action.symbol ? { ...i, logPrice: i.logPrice + logShift, price: fromCents(after) } : i)),
    },
  };
}

/**
 * The factor a total-return series multiplies by at the action (P / (P − D) for a dividend,
 * to / from for a split), so a holder who reinvests sees no jump: the benchmark's
 * constituents carry the product of theirs.
 */
export function totalReturnFactor(action: CorporateAction, before: number, after: number): number {
  return action.kind === "split" ? action.ratio.to / action.ratio.from : before / after;
}

/** A candle's price divided by the ratio (rounded to the cent, never below one): history shown split-adjusted. */
export function splitAdjustedCandlePrice(price: string, ratio: SplitRatio): string {
  return fromCents(Math.max(1, Math.round((toCents(price) * ratio.from) / ratio.to)));
}

// ---------------------------------------------------------------------------------------
// The simulated schedule of the bundled universe

/** Annual dividend yield by sector: utilities and staples pay most, young technology nothing. */
export const SECTOR_DIVIDEND_YIELD: Readonly<Record<string, number>> = {
  Utilities: 0.04,
  "Consumer Staples": 0.03,
  "Real Estate": 0.045,
  Energy: 0.035,
  Financials: 0.028,
  Healthcare: 0.012,
  Communication: 0.015,
  Industrials: 0.018,
  Materials: 0.02,
  "Consumer Discretionary": 0.008,
  Technology: 0,
  Diversified: 0.018,
};

/** Above this price a stock may split (2:1 or 3:1), about once in SPLIT_ODDS quarters. */
export const SPLIT_PRICE = 250;
const SPLIT_ODDS = 4;
/**
 * Quarterly dividends, as real companies pay them: each payer keeps one of the three quarterly
 * cycles (Jan/Apr/Jul/Oct, Feb/May/Aug/Nov or Mar/Jun/Sep/Dec) and one day of the month (1–28),
 * both drawn from its symbol, and is paid two weeks after the ex-date. Spread this way, some
 * dividend goes ex nearly every week, and whatever the day an install starts, every payer's
 * next dividend is at most a quarter away.
 */
function exMonthsOf(symbol: string): { months: number[]; day: number } {
  const rng = createRng(`dividend-cycle:${symbol}`);
  const cycle = Math.floor(rng.next() * 3);
  return { months: [0, 3, 6, 9].map((m) => m + cycle), day: 1 + Math.floor(rng.next() * 28) };
}

/**
 * The annual yield an instrument pays in the simulation: its sector's, varied a little per
 * symbol (±25 %, deterministic) and capped at 5 %; zero for a sector that pays none.
 */
export function simulatedYield(instrument: Pick<InstrumentDefinition, "symbol" | "sector">): number {
  const base = SECTOR_DIVIDEND_YIELD[instrument.sector] ?? 0;
  if (base === 0) return 0;
  const rng = createRng(`yield:${instrument.symbol}`);
  return Math.min(0.05, base * (0.75 + 0.5 * rng.next()));
}

/**
 * The simulated actions whose ex-dates fall in [fromDay, toDay] (inclusive): each payer's
 * quarterly dividend at a quarter of its yield on the price the instrument has on the
 * quarter's first day of scheduling (`priceOf`), and a split when that price is above
 * SPLIT_PRICE (one chance in SPLIT_ODDS per quarter, decided by the seed). Ids are derived
 * from the symbol, the kind and the ex-date, so scheduling twice yields the same actions.
 */
export function simulatedSchedule(options: {
  instruments: ReadonlyArray<Pick<InstrumentDefinition, "symbol" | "sector" | "kind">>;
  priceOf: (symbol: string) => number | null;
  fromDay: string;
  toDay: string;
  seed: string;
}): CorporateAction[] {
  const actions: CorporateAction[] = [];
  const firstYear = Number(options.fromDay.slice(0, 4));
  const lastYear = Number(options.toDay.slice(0, 4));
  for (const instrument of options.instruments) {
    const cycle = exMonthsOf(instrument.symbol);
    const yearly = simulatedYield(instrument);
    for (let year = firstYear; year <= lastYear; year++) {
      for (const month of cycle.months) {
        const exDate = dayOf(Date.UTC(year, month, cycle.day));
        if (exDate < options.fromDay || exDate > options.toDay) continue;
        const price = options.priceOf(instrument.symbol);
        if (price === null || price <= 0) continue;
        // Rounded down to the cent, so a cheap stock's yield never rounds above its sector's cap.
        const amountCents = Math.floor((price * 100 * yearly) / 4);
        if (amountCents > 0) {
          actions.push({ id: `sim-div-${instrument.symbol}-${exDate}`, symbol: instrument.symbol, kind: "dividend", exDate, payDate: addDays(exDate, DEFAULT_PAY_LAG_DAYS), amountCents });
        }
        if (instrument.kind === "stock" && price > SPLIT_PRICE && createRng(`split:${options.seed}:${instrument.symbol}:${exDate}`).next() < 1 / SPLIT_ODDS) {
          const splitDay = addDays(exDate, 7);
          if (splitDay <= options.toDay) actions.push({ id: `sim-split-${instrument.symbol}-${splitDay}`, symbol: instrument.symbol, kind: "split", exDate: splitDay, ratio: price > 3 * SPLIT_PRICE ? { to: 3, from: 1 } : { to: 2, from: 1 } });
        }
      }
    }
  }
  return actions.sort((a, b) => a.exDate.localeCompare(b.exDate) || a.id.localeCompare(b.id));
}

/** Actions that take effect after `fromMs` and at or before `toMs` (their ex-date's 00:00 UTC), oldest first. */
export function actionsCrossed<T extends Pick<CorporateAction, "exDate" | "id">>(actions: readonly T[], fromMs: number, toMs: number): T[] {
  return actions.filter((a) => dayStartMs(a.exDate) <= toMs && dayStartMs(a.exDate) > fromMs).sort((a, b) => a.exDate.localeCompare(b.exDate) || a.id.localeCompare(b.id));
}
