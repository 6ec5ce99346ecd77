/**
 * Orders as a person places them, the rejections they can meet, and day-order expiry.
 * An order here is a validated value: prices are Money, the quantity a whole number of shares.
 */
import { integer } from "@/lib/format";
import { displayMoney, type Money, tryParseMoney } from "./money";

export const SIDES = ["buy", "sell", "short", "cover"] as const;
export type Side = (typeof SIDES)[number];

export const ORDER_TYPES = ["market", "limit", "stop", "stop-limit", "trailing-stop"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const TIMES_IN_FORCE = ["day", "gtc"] as const;
export type TimeInForce = (typeof TIMES_IN_FORCE)[number];

/** Orders above this size are refused outright: no portfolio here could pay for them. */
export const MAX_ORDER_QUANTITY = 1_000_000_000;
/** A dollar amount above this is refused outright (1,000,000,000,000.00): no portfolio could spend it. */
export const MAX_NOTIONAL = 100_000_000_000_000n as Money;
/** A trail amount above this is refused outright (1,000,000,000.00): no price here comes near it. */
export const MAX_TRAIL_AMOUNT = 100_000_000_000n as Money;

interface OrderBase {
  symbol: string;
  side: Side;
  /**
   * Whole shares, 1..MAX_ORDER_QUANTITY. A dollar-amount order (`notional`) has 0 here until
   * it is placed: the check resolves it to whole shares at the price then (orderAtPlacement, portfolio.ts).
   */
  quantity: number;
  timeInForce: TimeInForce;
  /** A dollar-amount buy: spend at most this, in whole shares; the rest stays cash (decision 060). */
  notional?: Money;
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

/**
 * How far a trailing stop follows the best price: a percentage of it (2 decimals at most,
 * 0 < percent < 100) or an amount of money (decision 060, trailing.ts).
 */
export type Trail = { percent: number } | { amount: Money };

export interface TrailingStopOrder extends OrderBase {
  type: "trailing-stop";
  trail: Trail;
  /**
   * The best price since the order was placed: the highest for a sell or short (a high-water
   * mark), the lowest for a buy or cover (a low-water mark). Null until it is placed: the price
   * it is placed at becomes its mark. Its stop is the mark less (sell) or plus (buy) the trail.
   */
  waterMark: Money | null;
}

export type OrderSpec = MarketOrder | LimitOrder | StopOrder | StopLimitOrder | TrailingStopOrder;

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
  // Trailing stops and dollar-amount orders (decision 060)
  "TRAIL_REQUIRED",
  "TRAIL_CONFLICT",
  "INVALID_TRAIL",
  "TRAIL_NOT_APPLICABLE",
  "QUANTITY_OR_NOTIONAL",
  "INVALID_NOTIONAL",
  "NOTIONAL_NOT_APPLICABLE",
  "NOTIONAL_TOO_SMALL",
  // Bracket, OCO and OTO (decision 065)
  "INVALID_ORDER_CLASS",
  "LEGS_NOT_APPLICABLE",
  "TAKE_PROFIT_REQUIRED",
  "STOP_LOSS_REQUIRED",
  "OTO_ONE_LEG",
  "CLASS_SIDE_NOT_APPLICABLE",
  "CLASS_TYPE_NOT_APPLICABLE",
  "LEG_PRICE_CONFLICT",
  "LEG_PRICES_CROSSED",
  "ADVANCED_ORDERS_LOCKED",
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** Why an order was refused: a stable code for programs, a message for the person. */
export interface Rejection {
  code: RejectionCode;
  message: string;
  /** The request field at fault, when one is (the API answers it in `fields`). */
  field?: string;
}

export function rejection(code: RejectionCode, message: string, field?: string): Rejection {
  return field ? { code, message, field } : { code, message };
}

// ---------------------------------------------------------------------------------------
// Validation of what a person (or a script) sent

/** An order as it arrives: prices as decimal strings, everything else unchecked. */
export interface OrderInput {
  symbol: string;
  side: string;
  type: string;
  /** Whole shares; exactly one of `quantity` and `notional`. */
  quantity?: number | null;
  /** A dollar amount to buy with ("2500.00"): whole shares at the price when it fills. */
  notional?: string | null;
  limitPrice?: string | null;
  stopPrice?: string | null;
  /** A trailing stop's trail as a percentage of the best price ("5" = 5 %); exactly one of the two. */
  trailPercent?: string | null;
  /** A trailing stop's trail as an amount of money ("2.50"). */
  trailAmount?: string | null;
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

const PERCENT = /^\d{1,3}(?:\.\d{1,2})?$/;

/** "5", "2.5", "0.75" → a percentage strictly between 0 and 100 with at most 2 decimals, else null. */
function parsePercent(text: string): number | null {
  if (!PERCENT.test(text)) return null;
  const value = Number(text);
  return value > 0 && value < 100 ? value : null;
}

/** The trail of a trailing stop, or why it is not one (each message names the field). */
function trailOf(input: OrderInput): Trail | Rejection {
  const percent = present(input.trailPercent);
  const amount = present(input.trailAmount);
  if (percent && amount) return rejection("TRAIL_CONFLICT", "A trailing stop takes trailPercent or trailAmount, not both.", "trailAmount");
  if (!percent && !amount) return rejection("TRAIL_REQUIRED", 'A trailing stop needs trailPercent (like "5" for 5 %) or trailAmount (like "2.50").', "trailPercent");
  if (percent) {
    const value = parsePercent(input.trailPercent!);
    if (value === null) return rejection("INVALID_TRAIL", `trailPercent must be a percentage above 0 and below 100 with at most 2 decimals, like "5" or "2.5" (got "${input.trailPercent}").`, "trailPercent");
    return { percent: value };
  }
  const value = tryParseMoney(input.trailAmount!);
  if (value === null || value <= 0n || value > MAX_TRAIL_AMOUNT) {
    return rejection("INVALID_TRAIL", `trailAmount must be a positive amount up to ${displayMoney(MAX_TRAIL_AMOUNT)} with at most 2 decimals, like "2.50" (got "${input.trailAmount}").`, "trailAmount");
  }
  return { amount: value };
}

/** Turns raw input into an OrderSpec, or the first thing wrong with it. */
export function validateOrder(input: OrderInput): OrderValidation {
  const fail = (code: RejectionCode, message: string, field?: string): OrderValidation => ({ ok: false, rejection: rejection(code, message, field) });
  const symbol = input.symbol.trim().toUpperCase();
  if (!SYMBOL.test(symbol)) return fail("INVALID_SYMBOL", `"${input.symbol}" is not a ticker symbol.`, "symbol");
  if (!isOneOf(SIDES, input.side)) return fail("INVALID_SIDE", `The side must be one of ${SIDES.join(", ")}.`, "side");
  if (!isOneOf(ORDER_TYPES, input.type)) return fail("INVALID_ORDER_TYPE", `The order type must be one of ${ORDER_TYPES.join(", ")}.`, "type");
  const timeInForce = present(input.timeInForce) ? input.timeInForce : "day";
  if (!isOneOf(TIMES_IN_FORCE, timeInForce)) return fail("INVALID_TIME_IN_FORCE", `Time in force must be "day" or "gtc".`, "timeInForce");

  // Exactly one of quantity and notional (decision 060).
  const hasQuantity = input.quantity !== undefined && input.quantity !== null;
  const hasNotional = present(input.notional);
  if (hasQuantity && hasNotional) return fail("QUANTITY_OR_NOTIONAL", "Send quantity (whole shares) or notional (an amount to buy with), not both.", "notional");
  if (!hasQuantity && !hasNotional) return fail("QUANTITY_OR_NOTIONAL", "The order needs quantity (whole shares) or notional (an amount to buy with).", "quantity");
  let notional: Money | null = null;
  if (hasNotional) {
    if (input.side !== "buy") return fail("NOTIONAL_NOT_APPLICABLE", `notional is for buy orders; a ${input.side} order takes a quantity of shares.`, "notional");
    if (input.type !== "market" && input.type !== "limit") return fail("NOTIONAL_NOT_APPLICABLE", `notional is for market and limit orders; a ${input.type} order takes a quantity of shares.`, "notional");
    notional = tryParseMoney(input.notional!);
    if (notional === null || notional <= 0n || notional > MAX_NOTIONAL) {
      return fail("INVALID_NOTIONAL", `notional must be a positive amount up to ${displayMoney(MAX_NOTIONAL)} with at most 2 decimals, like "2500.00" (got "${input.notional}").`, "notional");
    }
  } else if (!Number.isSafeInteger(input.quantity) || input.quantity! < 1 || input.quantity! > MAX_ORDER_QUANTITY) {
    return fail("INVALID_QUANTITY", `The quantity must be a whole number of shares from 1 to ${integer(MAX_ORDER_QUANTITY)}.`, "quantity");
  }
  const base = { symbol, side: input.side, quantity: notional === null ? input.quantity! : 0, timeInForce, ...(notional !== null && { notional }) };
  const needsLimit = input.type === "limit" || input.type === "stop-limit";
  const needsStop = input.type === "stop" || input.type === "stop-limit";
  const trailing = input.type === "trailing-stop";

  if (!needsLimit && present(input.limitPrice)) return fail("PRICE_NOT_APPLICABLE", `A ${input.type} order takes no limit price (limitPrice).`, "limitPrice");
  if (!needsStop && present(input.stopPrice)) {
    const why = trailing ? ": its stop follows the price (trailPercent or trailAmount)" : "";
    return fail("PRICE_NOT_APPLICABLE", `A ${input.type} order takes no stop price (stopPrice)${why}.`, "stopPrice");
  }
  if (!trailing && (present(input.trailPercent) || present(input.trailAmount))) {
    const field = present(input.trailPercent) ? "trailPercent" : "trailAmount";
    return fail("TRAIL_NOT_APPLICABLE", `${field} is for trailing stops (type "trailing-stop"); a ${input.type} order takes none.`, field);
  }
  if (needsLimit && !present(input.limitPrice)) return fail("LIMIT_PRICE_REQUIRED", `A ${input.type} order needs a limit price (limitPrice).`, "limitPrice");
  if (needsStop && !present(input.stopPrice)) return fail("STOP_PRICE_REQUIRED", `A ${input.type} order needs a stop price (stopPrice).`, "stopPrice");

  const limitPrice = needsLimit ? parsePrice("limit", input.limitPrice!) : null;
  if (limitPrice !== null && isRejection(limitPrice)) return { ok: false, rejection: { ...limitPrice, field: "limitPrice" } };
  const stopPrice = needsStop ? parsePrice("stop", input.stopPrice!) : null;
  if (stopPrice !== null && isRejection(stopPrice)) return { ok: false, rejection: { ...stopPrice, field: "stopPrice" } };

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
    case "trailing-stop": {
      const trail = trailOf(input);
      if ("code" in trail) return { ok: false, rejection: trail };
      return { ok: true, order: { ...base, type: "trailing-stop", trail, waterMark: null } };
    }
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
