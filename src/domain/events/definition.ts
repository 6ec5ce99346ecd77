/**
 * What an event is, and the one set of rules an event must satisfy. The admin form (instant
 * messages) and the API (the decision) run the same `validateEventDefinition`, so they can
 * never disagree; the server only checks the wire shape with zod before handing it here.
 *
 * Field names in errors are the API's input names (`commissionFlat`, `replay.speed`), so a
 * 400's `fields` lines up with the request body and the form's inputs without any mapping.
 */
import { isCalendarDate } from "@/lib/calendar-date";
import { integer, percentFigure, withUnit } from "@/lib/format";
import { hasForbiddenCharacters } from "@/lib/text";
import { SYMBOL_PATTERN } from "../market/universe";
import {
  cents,
  DEFAULT_MARGIN,
  DEFAULT_PARTICIPATION_PCT,
  DEFAULT_SLIPPAGE_BPS,
  displayMoney,
  type MarginRules,
  marginRulesProblem,
  type Money,
  parseMoney,
  STARTING_CASH,
  tryParseMoney,
  ZERO,
} from "../trading";

export const EVENT_METRICS = ["return", "sharpe"] as const;
/** "return": total return since the start; "sharpe": risk-adjusted (ranking/sharpeForRanking). */
export type EventMetric = (typeof EVENT_METRICS)[number];

export const EVENT_VISIBILITIES = ["public", "private"] as const;
/** "private" events are joined with a join code (or an invite link that carries it). */
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

/**
 * A historical replay: the event's prices come from imported datasets instead of the
 * practice market, played on the event's own clock from `startsAt` (see ./replay.ts).
 */
export interface ReplaySettings {
  /** Dataset ids (one instrument's history each); the server resolves them to rows. */
  datasets: string[];
  /** The first trading day to play, YYYY-MM-DD; a date without data starts at the next one. */
  from: string;
  /** Trading days played per real hour (60 = a trading day per real minute). */
  speed: number;
}

/** A valid event, with every default filled in: what the server stores and trades under. */
export interface EventDefinition {
  title: string;
  description: string;
  /** Trading is open from `startsAt` (inclusive) to `endsAt` (exclusive). */
  startsAt: Date;
  endsAt: Date;
  startingCash: Money;
  commission: { flat: Money; bps: number };
  allowShort: boolean;
  /** Largest position in % of equity; null = no limit. */
  maxPositionPct: number | null;
  /** Allowed symbols; null = every instrument. */
  instruments: string[] | null;
  visibility: EventVisibility;
  /** Whether people may join once the event is live. */
  lateEntry: boolean;
  maxParticipants: number | null;
  metric: EventMetric;
  /** The lesson a person must pass before joining; null = none. */
  requiredLesson: string | null;
  replay: ReplaySettings | null;
  /** Rules against gambling (docs/decisions/044); null = no such rule. */
  /** Open positions a portfolio must keep once the event's first 24 hours are over. */
  minHoldings: number | null;
  /** Orders a portfolio may place in one trading day. */
  maxTradesPerDay: number | null;
  /** Minutes a position must be held after its last buy (short) before it is sold (covered). */
  minHoldMinutes: number | null;
  /** Shares priced below this cannot be bought or shorted. */
  minSharePrice: Money | null;
  /** Liquidity (docs/decisions/056): half the bid–ask spread a taking fill pays, in bps. */
  halfSpreadBps: number;
  /** The share of the volume traded an order larger than 1 % of a day's volume may take, in %. */
  participationPct: number;
  /** Market impact (the square-root law) on fills. */
  impact: boolean;
  /** Margin (docs/decisions/070): borrowing, interest, maintenance; null = cash accounts (no borrowing). */
  margin: MarginRules | null;
  /** Shorts pay their instrument's daily borrow fee (decision 070). */
  borrowFees: boolean;
}

/**
 * What a form or the API sends: amounts as Money or decimal strings ("250.00"), instants as
 * Date or ISO 8601 strings with a zone ("2026-03-10T09:00:00Z"), optional fields omitted.
 */
export interface EventDraft {
  title: string;
  description?: string;
  startsAt: Date | string;
  endsAt: Date | string;
  startingCash: Money | string;
  commissionFlat?: Money | string;
  commissionBps?: number;
  allowShort?: boolean;
  maxPositionPct?: number | null;
  visibility: EventVisibility;
  lateEntry?: boolean;
  maxParticipants?: number | null;
  metric?: EventMetric;
  instruments?: string[] | null;
  requiredLesson?: string | null;
  replay?: { datasets: string[]; from: string; speed: number } | null;
  minHoldings?: number | null;
  maxTradesPerDay?: number | null;
  minHoldMinutes?: number | null;
  minSharePrice?: Money | string | null;
  halfSpreadBps?: number;
  participationPct?: number;
  impact?: boolean;
  /** Margin settings, each defaulting to DEFAULT_MARGIN's; null or absent = no margin. Set whole (a PATCH replaces it). */
  margin?: Partial<MarginRules> | null;
  borrowFees?: boolean;
}

export const TITLE_MIN_LENGTH = 3;
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const MIN_STARTING_CASH = parseMoney("100.00");
export const MAX_STARTING_CASH = parseMoney("10000000.00");
export const MAX_COMMISSION_FLAT = parseMoney("100.00");
export const MAX_COMMISSION_BPS = 1000;
export const MAX_HALF_SPREAD_BPS = 500;
export const MIN_PARTICIPATION_PCT = 1;
export const MAX_PARTICIPATION_PCT = 100;
export const MIN_POSITION_PCT = 1;
export const MAX_POSITION_PCT = 100;
/** A contest of one is not a contest. */
export const MIN_PARTICIPANTS = 2;
/** The size the leaderboard refresh is benchmarked at (bench/). */
export const MAX_PARTICIPANTS = 100_000;
export const MAX_INSTRUMENTS = 500;
export const MAX_REPLAY_DATASETS = 50;
/** Long enough for a season-long club contest; a typo'd year (2062) is caught. */
export const MAX_EVENT_DURATION_MS = 366 * 86_400_000;
/**
 * Replay speed, in trading days per real hour. The slowest plays one trading day per real
 * day (1/24); the fastest one every 10 real seconds (360/h: a year of ~252 trading days in
 * 42 minutes) — faster would skip whole days between two market ticks (MARKET_TICK_MS).
 */
export const MIN_REPLAY_SPEED = 1 / 24;
/** Rules against gambling: beyond these a rule stops being a rule and becomes a trap (or a typo). */
export const MAX_MIN_HOLDINGS = 50;
export const MAX_TRADES_PER_DAY = 1000;
/** A week: a hold longer than that is a different kind of contest. */
export const MAX_MIN_HOLD_MINUTES = 7 * 24 * 60;
export const MAX_MIN_SHARE_PRICE = parseMoney("10000.00");
export const MAX_REPLAY_SPEED = 360;

export type EventValidation = { ok: true; value: EventDefinition } | { ok: false; fields: Record<string, string> };

export interface ValidateOptions {
  /** When given, an event that would already be over is refused (creating one, cloning one). */
  now?: Date;
}

/** ISO 8601 with date, time and an explicit zone: a bare local time would mean a different instant per browser. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const TWO_DECIMALS = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export { isCalendarDate };

function instant(value: Date | string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function money(value: Money | string): Money | null {
  if (typeof value === "bigint") return value;
  return typeof value === "string" ? tryParseMoney(value.trim()) : null;
}

const length = (text: string) => [...text].length;
const amount = displayMoney;

/**
 * Checks every field and answers either the event with its defaults filled in, or one human
 * message per field that is wrong (all of them at once, so a form can show them together).
 *
 * Defaults follow PRODUCT.md's practice rules where an event does not say: no commission,
 * shorting allowed (still only for people who unlocked it), late entry on, no participant
 * limit, ranked by total return, every instrument, no required lesson, no replay, and none
 * of the rules against gambling.
 */
export function validateEventDefinition(input: EventDraft, options: ValidateOptions = {}): EventValidation {
  const fields: Record<string, string> = {};
  const fail = (field: string, message: string) => {
    fields[field] ??= message;
  };

  const title = typeof input.title === "string" ? input.title.trim() : "";
  if (length(title) < TITLE_MIN_LENGTH) fail("title", `Give the event a title of at least ${TITLE_MIN_LENGTH} characters.`);
  else if (length(title) > TITLE_MAX_LENGTH) fail("title", `Use at most ${TITLE_MAX_LENGTH} characters for the title.`);
  else if (hasForbiddenCharacters(title)) fail("title", "Use letters, numbers and punctuation only in the title.");

  const description = typeof input.description === "string" ? input.description.trim() : "";
  if (input.description !== undefined && typeof input.description !== "string") fail("description", "The description must be text.");
  else if (length(description) > DESCRIPTION_MAX_LENGTH) fail("description", `Use at most ${integer(DESCRIPTION_MAX_LENGTH)} characters for the description.`);
  else if (hasForbiddenCharacters(description, { multiline: true })) fail("description", "The description contains characters that cannot be shown.");

  const startsAt = instant(input.startsAt);
  const endsAt = instant(input.endsAt);
  if (!startsAt) fail("startsAt", "Enter when the event starts, as a date and time with a time zone.");
  if (!endsAt) fail("endsAt", "Enter when the event ends, as a date and time with a time zone.");
  if (startsAt && endsAt) {
    if (endsAt.getTime() <= startsAt.getTime()) fail("endsAt", "The event must end after it starts.");
    else if (endsAt.getTime() - startsAt.getTime() > MAX_EVENT_DURATION_MS) fail("endsAt", "An event can last at most 366 days.");
    else if (options.now && endsAt.getTime() <= options.now.getTime()) fail("endsAt", "This end time has already passed.");
  }

  const startingCash = money(input.startingCash);
  if (startingCash === null) fail("startingCash", 'Enter the starting cash as an amount with at most 2 decimals, like "100000.00".');
  else if (startingCash < MIN_STARTING_CASH || startingCash > MAX_STARTING_CASH) {
    fail("startingCash", `Starting cash must be from ${amount(MIN_STARTING_CASH)} to ${amount(MAX_STARTING_CASH)}.`);
  }

  const commissionFlat = input.commissionFlat === undefined ? ZERO : money(input.commissionFlat);
  if (commissionFlat === null) fail("commissionFlat", 'Enter the flat commission as an amount with at most 2 decimals, like "1.00".');
  else if (commissionFlat < cents(0) || commissionFlat > MAX_COMMISSION_FLAT) fail("commissionFlat", `The flat commission must be from 0.00 to ${amount(MAX_COMMISSION_FLAT)} per fill.`);

  const commissionBps = input.commissionBps ?? 0;
  if (typeof commissionBps !== "number" || !Number.isFinite(commissionBps) || commissionBps < 0 || commissionBps > MAX_COMMISSION_BPS) {
    fail("commissionBps", `The commission rate must be from 0 to ${MAX_COMMISSION_BPS} basis points (${percentFigure(0)} to ${percentFigure(MAX_COMMISSION_BPS / 100)}).`);
  } else if (!TWO_DECIMALS(commissionBps)) fail("commissionBps", `Use at most 2 decimals for the commission rate (e.g. ${withUnit("2.5", "bps")}).`);

  const halfSpreadBps = input.halfSpreadBps ?? DEFAULT_SLIPPAGE_BPS;
  if (typeof halfSpreadBps !== "number" || !Number.isFinite(halfSpreadBps) || halfSpreadBps < 0 || halfSpreadBps > MAX_HALF_SPREAD_BPS) {
    fail("halfSpreadBps", `Half the spread must be from 0 to ${withUnit(MAX_HALF_SPREAD_BPS, "bps")}.`);
  } else if (!TWO_DECIMALS(halfSpreadBps)) fail("halfSpreadBps", `Use at most 2 decimals for half the spread (e.g. ${withUnit("2.5", "bps")}).`);
  const participationPct = input.participationPct ?? DEFAULT_PARTICIPATION_PCT;
  if (typeof participationPct !== "number" || !Number.isFinite(participationPct) || participationPct < MIN_PARTICIPATION_PCT || participationPct > MAX_PARTICIPATION_PCT) {
    fail("participationPct", `The participation limit must be from ${percentFigure(MIN_PARTICIPATION_PCT)} to ${percentFigure(MAX_PARTICIPATION_PCT)} of the volume traded.`);
  } else if (!TWO_DECIMALS(participationPct)) fail("participationPct", "Use at most 2 decimals for the participation limit.");

  const maxPositionPct = input.maxPositionPct ?? null;
  if (maxPositionPct !== null) {
    if (typeof maxPositionPct !== "number" || !Number.isFinite(maxPositionPct) || maxPositionPct < MIN_POSITION_PCT || maxPositionPct > MAX_POSITION_PCT) {
      fail("maxPositionPct", `The position limit must be from ${percentFigure(MIN_POSITION_PCT)} to ${percentFigure(MAX_POSITION_PCT)} of equity, or no limit.`);
    } else if (!TWO_DECIMALS(maxPositionPct)) fail("maxPositionPct", "Use at most 2 decimals for the position limit.");
  }

  const maxParticipants = input.maxParticipants ?? null;
  if (maxParticipants !== null && (!Number.isSafeInteger(maxParticipants) || maxParticipants < MIN_PARTICIPANTS || maxParticipants > MAX_PARTICIPANTS)) {
    fail("maxParticipants", `The participant limit must be a whole number from ${MIN_PARTICIPANTS} to ${integer(MAX_PARTICIPANTS)}, or no limit.`);
  }

  if (!(EVENT_VISIBILITIES as readonly string[]).includes(input.visibility)) fail("visibility", "Choose public or private.");
  const metric = input.metric ?? "return";
  if (!(EVENT_METRICS as readonly string[]).includes(metric)) fail("metric", "Rank by total return or by Sharpe ratio.");
  for (const flag of ["allowShort", "lateEntry", "borrowFees"] as const) {
    if (input[flag] !== undefined && typeof input[flag] !== "boolean") fail(flag, "Choose on or off.");
  }

  let instruments: string[] | null = null;
  if (input.instruments !== undefined && input.instruments !== null) {
    if (!Array.isArray(input.instruments) || input.instruments.length === 0) fail("instruments", "List at least one instrument, or allow them all.");
    else {
      // Typed in a form as "acme, bolt": case and repeats are not worth an error.
      const symbols = [...new Set(input.instruments.map((s) => (typeof s === "string" ? s.trim().toUpperCase() : "")))];
      const bad = symbols.filter((s) => !SYMBOL_PATTERN.test(s));
      if (bad.length > 0) fail("instruments", `${bad.map((s) => `"${s}"`).join(", ")} ${bad.length === 1 ? "is not a symbol" : "are not symbols"}: a symbol is 2 to 5 letters.`);
      else if (symbols.length > MAX_INSTRUMENTS) fail("instruments", `List at most ${MAX_INSTRUMENTS} instruments.`);
      else instruments = symbols;
    }
  }

  let requiredLesson: string | null = null;
  if (input.requiredLesson !== undefined && input.requiredLesson !== null) {
    const lesson = typeof input.requiredLesson === "string" ? input.requiredLesson.trim() : "";
    if (lesson.length === 0 || lesson.length > 100) fail("requiredLesson", "Choose a lesson from the list, or none.");
    else requiredLesson = lesson;
  }

  let replay: ReplaySettings | null = null;
  if (input.replay !== undefined && input.replay !== null) {
    const { datasets, from, speed } = input.replay;
    const ids = Array.isArray(datasets) ? [...new Set(datasets.map((d) => (typeof d === "string" ? d.trim() : "")))] : [];
    if (ids.length === 0) fail("replay.datasets", "Choose at least one dataset to replay.");
    else if (ids.some((id) => id.length === 0 || id.length > 100)) fail("replay.datasets", "Choose datasets from the list.");
    else if (ids.length > MAX_REPLAY_DATASETS) fail("replay.datasets", `Replay at most ${MAX_REPLAY_DATASETS} datasets.`);
    if (typeof from !== "string" || !isCalendarDate(from)) fail("replay.from", "Enter the first day to replay as a date, YYYY-MM-DD.");
    // Compared as seconds per day, so 1/24 typed as 0.0417 still means "a day per real day".
    const secondsPerDay = typeof speed === "number" ? 3600 / speed : Number.NaN;
    if (!(Number.isFinite(secondsPerDay) && speed > 0 && secondsPerDay <= 86_400 + 1e-6 && speed <= MAX_REPLAY_SPEED)) {
      fail("replay.speed", `Play from 1 trading day per real day (a speed of about 0.042) to ${MAX_REPLAY_SPEED} trading days per real hour.`);
    }
    if (!Object.keys(fields).some((f) => f.startsWith("replay."))) replay = { datasets: ids, from, speed };
  }

  const whole = (field: "minHoldings" | "maxTradesPerDay" | "minHoldMinutes", max: number, message: string): number | null => {
    const value = input[field] ?? null;
    if (value === null) return null;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > max) fail(field, message);
    return value;
  };
  const minHoldings = whole("minHoldings", MAX_MIN_HOLDINGS, `The minimum number of holdings must be a whole number from 1 to ${MAX_MIN_HOLDINGS}, or none.`);
  if (minHoldings !== null && !fields.minHoldings && instruments !== null && minHoldings > instruments.length) {
    fail("minHoldings", `Only ${integer(instruments.length)} instrument${instruments.length === 1 ? " is" : "s are"} allowed, so nobody could hold ${integer(minHoldings)} different ones.`);
  }
  const maxTradesPerDay = whole("maxTradesPerDay", MAX_TRADES_PER_DAY, `The trades per day must be a whole number from 1 to ${integer(MAX_TRADES_PER_DAY)}, or no limit.`);
  const minHoldMinutes = whole("minHoldMinutes", MAX_MIN_HOLD_MINUTES, `The minimum holding time must be a whole number of minutes from 1 to ${integer(MAX_MIN_HOLD_MINUTES)} (a week), or none.`);
  let minSharePrice: Money | null = null;
  if (input.minSharePrice !== undefined && input.minSharePrice !== null) {
    const price = money(input.minSharePrice);
    if (price === null || price <= 0n || price > MAX_MIN_SHARE_PRICE) {
      fail("minSharePrice", `Enter the minimum share price as an amount from 0.01 to ${amount(MAX_MIN_SHARE_PRICE)} with at most 2 decimals, like "5.00", or none.`);
    } else minSharePrice = price;
  }

  let margin: MarginRules | null = null;
  if (input.margin !== undefined && input.margin !== null) {
    if (typeof input.margin !== "object") fail("margin", "Margin is a set of settings, or null for none.");
    else {
      const given = input.margin;
      const candidate: MarginRules = {
        multiplier: given.multiplier ?? DEFAULT_MARGIN.multiplier,
        debitRatePct: given.debitRatePct ?? DEFAULT_MARGIN.debitRatePct,
        creditRatePct: given.creditRatePct ?? DEFAULT_MARGIN.creditRatePct,
        maintenancePct: given.maintenancePct ?? DEFAULT_MARGIN.maintenancePct,
        callHours: given.callHours ?? DEFAULT_MARGIN.callHours,
      };
      const problem = Object.values(candidate).some((v) => typeof v !== "number") ? { field: "margin", message: "Margin settings are numbers." } : marginRulesProblem(candidate);
      if (problem) fail(problem.field === "margin" ? "margin" : `margin.${problem.field}`, problem.message);
      else margin = candidate;
    }
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      title,
      description,
      startsAt: startsAt!,
      endsAt: endsAt!,
      startingCash: startingCash!,
      commission: { flat: commissionFlat!, bps: commissionBps },
      allowShort: input.allowShort ?? true,
      maxPositionPct,
      instruments,
      visibility: input.visibility,
      lateEntry: input.lateEntry ?? true,
      maxParticipants,
      metric,
      requiredLesson,
      replay,
      minHoldings,
      maxTradesPerDay,
      minHoldMinutes,
      minSharePrice,
      halfSpreadBps,
      participationPct,
      impact: input.impact ?? true,
      margin,
      borrowFees: input.borrowFees ?? true,
    },
  };
}

/**
 * The draft that validates back to `event`: for an edit (merge the PATCH body over it, then
 * validate) and for cloning (the same rules, new dates).
 */
export function eventDraftOf(event: EventDefinition): EventDraft {
  return {
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    startingCash: event.startingCash,
    commissionFlat: event.commission.flat,
    commissionBps: event.commission.bps,
    allowShort: event.allowShort,
    maxPositionPct: event.maxPositionPct,
    visibility: event.visibility,
    lateEntry: event.lateEntry,
    maxParticipants: event.maxParticipants,
    metric: event.metric,
    instruments: event.instruments === null ? null : [...event.instruments],
    requiredLesson: event.requiredLesson,
    replay: event.replay === null ? null : { ...event.replay, datasets: [...event.replay.datasets] },
    minHoldings: event.minHoldings,
    maxTradesPerDay: event.maxTradesPerDay,
    minHoldMinutes: event.minHoldMinutes,
    minSharePrice: event.minSharePrice,
    halfSpreadBps: event.halfSpreadBps,
    participationPct: event.participationPct,
    impact: event.impact,
    margin: event.margin === null ? null : { ...event.margin },
    borrowFees: event.borrowFees,
  };
}

/** The default starting cash an admin form offers: the practice portfolio's. */
export const DEFAULT_EVENT_STARTING_CASH = STARTING_CASH;
