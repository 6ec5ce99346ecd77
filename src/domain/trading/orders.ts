/**
 * Orders as a person places them, the rejections they can meet, and day-order expiry.
 * An order here is a validated value: prices are Money, the quantity a whole number of shares.
 */
import { integer } from "@/lib/format";
import { type Money, tryParseMoney } from "./money";

export const SIDES = ["buy", "sell", "short", "cover"] as const;
export type Side = (typeof SIDES)[number];

export const ORDER_TYPES = ["market", "limit", "stop", "stop-limit"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const TIMES_IN_FORCE = ["day", "gtc"] as const;
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];

/** Orders above this size are refused outright: no portfolio here could pay for them. */
export const MAX_ORDER_QUANTITY = 1_000_000_000;

interface OrderBase {
  symbol: string;
  side: Side;
  /** Whole shares, 1..MAX_ORDER_QUANTITY. */
  quantity: number;
  timeInForce: TimeInForce;
}

export interface MarketOrder extends OrderBase {
  type: "market";
}
export interface LimitOrder extends OrderBase {
  type: "limit";
  limitPrice: Money;
}
export interface StopOrder extends OrderBase {
  type: "stop";
  stopPrice: Money;
}
export interface StopLimitOrder extends OrderBase {
  type: "stop-limit";
  stopPrice: Money;
  limitPrice: Money;
}

export type OrderSpec = MarketOrder | LimitOrder | StopOrder | StopLimitOrder;

/** An order resting on the book, with the cash it holds back (zero unless it is a buy). */
export interface OpenOrder {
  id: string;
  placedAt: Date;
  order: OrderSpec;
  reservedCash: Money;
}

/** buy and cover spend cash (and pay the higher price when rounding); sell and short receive it. */
export function paysCash(side: Side): boolean {
  return side === "buy" || side === "cover";
}

/** buy and short open or grow a position; sell and cover only reduce one. */
export function opensPosition(side: Side): boolean {
  return side === "buy" || side === "short";
}

/** The change in the position's signed quantity (negative = short) that a fill of this side makes. */
export function signedQuantity(side: Side, quantity: number): number {
  return paysCash(side) ? quantity : -quantity;
}

// ---------------------------------------------------------------------------------------
// Rejections

export const REJECTION_CODES = [
  // The rules (PRODUCT.md, "Trading rules")
  "INSUFFICIENT_FUNDS",
  "INSUFFICIENT_SHARES",
  "SHORTING_DISABLED",
  "SHORTING_LOCKED",
  "POSITION_LIMIT",
  "EVENT_NOT_LIVE",
  "INSTRUMENT_NOT_ALLOWED",
  "INSTRUMENT_INACTIVE",
  "INDEX_NOT_TRADABLE",
  "UNKNOWN_INSTRUMENT",
  "SHORT_WHILE_LONG",
  "BUY_WHILE_SHORT",
  // An event's rules against gambling (conduct.ts)
  "MIN_HOLDINGS",
  "MAX_TRADES_PER_DAY",
  "MIN_HOLD_TIME",
  "MIN_SHARE_PRICE",
  // Corrections by an organiser or admin (corrections.ts, docs/decisions/041-corrections.md)
  "ADJUSTMENT_NEGATIVE_CASH",
  "REVERSAL_WRONG_SIGN",
  "REVERSAL_NEGATIVE_CASH",
  "FILL_ALREADY_REVERSED",
  "FILL_IS_REVERSAL",
  "EVENT_ENDED",
  // The input
  "INVALID_SYMBOL",
  "INVALID_SIDE",
  "INVALID_ORDER_TYPE",
  "INVALID_TIME_IN_FORCE",
  "INVALID_QUANTITY",
  "INVALID_PRICE",
  "LIMIT_PRICE_REQUIRED",
  "STOP_PRICE_REQUIRED",
  "PRICE_NOT_APPLICABLE",
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** Why an order was refused: a stable code for programs, a message for the person. */
export interface Rejection {
  code: RejectionCode;
  message: string;
}

export function rejection(code: RejectionCode, message: string): Rejection {
  return { code, message };
}

// ---------------------------------------------------------------------------------------
// Validation of what a person (or a script) sent

/** An order as it arrives: prices as decimal strings, everything else unchecked. */
export interface OrderInput {
  symbol: string;
  side: string;
  type: string;
  quantity: number;
  limitPrice?: string | null;
  stopPrice?: string | null;
  /** Defaults to "day". */
  timeInForce?: string | null;
  /** The trade journal's note, already checked and trimmed (src/lib/validation/journal.ts); not part of the order's rules. */
  note?: string | null;
}

export type OrderValidation = { ok: true; order: OrderSpec } | { ok: false; rejection: Rejection };

const SYMBOL = /^[A-Z0-9][A-Z0-9.-]{0,11}$/;

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== "";
}

function parsePrice(field: "limit" | "stop", text: string): Money | Rejection {
  const price = tryParseMoney(text);
  if (price === null || price <= 0n) {
    return rejection("INVALID_PRICE", `The ${field} price must be a positive amount with at most 2 decimals, like "101.25" (got "${text}").`);
  }
  return price;
}

const isRejection = (value: Money | Rejection): value is Rejection => typeof value === "object";

/** Turns raw input into an OrderSpec, or the first thing wrong with it. */
export function validateOrder(input: OrderInput): OrderValidation {
  const fail = (code: RejectionCode, message: string): OrderValidation => ({ ok: false, rejection: rejection(code, message) });
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL.test(symbol)) return fail("INVALID_SYMBOL", `"${input.symbol}" is not a ticker symbol.`);
  if (!isOneOf(SIDES, input.side)) return fail("INVALID_SIDE", `The side must be one of ${SIDES.join(", ")}.`);
  if (!isOneOf(ORDER_TYPES, input.type)) return fail("INVALID_ORDER_TYPE", `The order type must be one of ${ORDER_TYPES.join(", ")}.`);
  const timeInForce = present(input.timeInForce) ? input.timeInForce : "day";
  if (!isOneOf(TIMES_IN_FORCE, timeInForce)) return fail("INVALID_TIME_IN_FORCE", `Time in force must be "day" or "gtc".`);
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_ORDER_QUANTITY) {
    return fail("INVALID_QUANTITY", `The quantity must be a whole number of shares from 1 to ${integer(MAX_ORDER_QUANTITY)}.`);
  }
  const base = { symbol, side: input.side, quantity: input.quantity, timeInForce };
  const needsLimit = input.type === "limit" || input.type === "stop-limit";
  const needsStop = input.type === "stop" || input.type === "stop-limit";

  if (!needsLimit && present(input.limitPrice)) return fail("PRICE_NOT_APPLICABLE", `A ${input.type} order takes no limit price.`);
  if (!needsStop && present(input.stopPrice)) return fail("PRICE_NOT_APPLICABLE", `A ${input.type} order takes no stop price.`);
  if (needsLimit && !present(input.limitPrice)) return fail("LIMIT_PRICE_REQUIRED", `A ${input.type} order needs a limit price.`);
  if (needsStop && !present(input.stopPrice)) return fail("STOP_PRICE_REQUIRED", `A ${input.type} order needs a stop price.`);

  const limitPrice = needsLimit ? parsePrice("limit", input.limitPrice!) : null;
  if (limitPrice !== null && isRejection(limitPrice)) return { ok: false, rejection: limitPrice };
  const stopPrice = needsStop ? parsePrice("stop", input.stopPrice!) : null;
  if (stopPrice !== null && isRejection(stopPrice)) return { ok: false, rejection: stopPrice };

  switch (input.type) {
    case "market":
      // A market order fills (or is refused) the moment it arrives and never rests, so a time
      // in force means nothing for it: it is recorded as a day order whatever was sent (a
      // ticket that last placed a GTC limit must not write "GTC" into history and the CSV).
      return { ok: true, order: { ...base, timeInForce: "day", type: "market" } };
    case "limit":
      return { ok: true, order: { ...base, type: "limit", limitPrice: limitPrice! } };
    case "stop":
      return { ok: true, order: { ...base, type: "stop", stopPrice: stopPrice! } };
    case "stop-limit":
      return { ok: true, order: { ...base, type: "stop-limit", stopPrice: stopPrice!, limitPrice: limitPrice! } };
  }
}

// ---------------------------------------------------------------------------------------
// Day orders

/** The practice market's day runs 00:00–24:00 UTC: the next UTC midnight after `instant`. */
export function utcEndOfDay(instant: Date): Date {
  return new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1));
}

/**
 * The open day orders that have expired at `now`: those whose market day (as `endOfDay`
 * tells for the instant they were placed) has ended. The day's end itself is past it:
 * an order placed at 10:00 is gone at 24:00:00.000. GTC orders never expire here.
 * `endOfDay` is a parameter because a replay event's day is its dataset's trading day.
 */
export function expiredDayOrders<T extends Pick<OpenOrder, "order" | "placedAt">>(openOrders: readonly T[], now: Date, endOfDay: (placedAt: Date) => Date = utcEndOfDay): T[] {
  return openOrders.filter((open) => open.order.timeInForce === "day" && endOfDay(open.placedAt).getTime() <= now.getTime());
}
