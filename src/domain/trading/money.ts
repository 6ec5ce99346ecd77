/**
 * Exact money. Every amount (cash, price, P&L) is a whole number of cents held in a bigint,
 * so nothing is ever lost to binary floating point. This module is the only place that
 * divides money, and every division goes through `roundCents` with an explicit direction.
 */

import { money as moneyText } from "@/lib/format";

declare const moneyBrand: unique symbol;

/** An amount in cents. The brand keeps raw bigints (share counts, bps) from posing as money. */
export type Money = bigint & { readonly [moneyBrand]: "Money" };

/**
 * Which way a division rounds, to the cent: "up" (towards +∞) for what the trader pays,
 * "down" (towards −∞) for what the trader receives. Every rounding goes against the trader.
 */
export type Rounding = "up" | "down";

export class MoneyFormatError extends Error {
  constructor(readonly input: string) {
    super(`"${input}" is not an amount with at most 2 decimals (e.g. "101.25").`);
    this.name = "MoneyFormatError";
  }
}

export const ZERO = 0n as Money;

/** Wraps a number of cents; a JS number is accepted only when it is a safe integer. */
export function cents(value: bigint | number): Money {
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new RangeError(`A number of cents must be a safe integer, got ${value}.`);
  }
  return BigInt(value) as Money;
}

const AMOUNT = /^([+-])?(\d+)(?:\.(\d{1,2}))?$/;

/** "101.25", "-3.5", "7" → cents. More than 2 decimals is refused, never rounded away. */
export function parseMoney(text: string): Money {
  const match = AMOUNT.exec(text);
  if (!match) throw new MoneyFormatError(text);
  const [, sign, whole, fraction = ""] = match;
  const value = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return (sign === "-" ? -value : value) as Money;
}

export function tryParseMoney(text: string): Money | null {
  return AMOUNT.test(text) ? parseMoney(text) : null;
}

/** Cents → "101.25" (always two decimals, a leading "-" when negative): the wire format. */
export function formatMoney(amount: Money): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/**
 * Cents → "1,234.50" (grouped, "−" for a loss): an amount inside a message to a person —
 * refusals, fill reasons — shown exactly as the page shows figures (src/lib/format.ts owns
 * the look). Never for the wire or the database: that is `formatMoney`.
 */
export function displayMoney(amount: Money): string {
  return moneyText(formatMoney(amount));
}

export function addMoney(...amounts: Money[]): Money {
  return amounts.reduce<bigint>((total, amount) => total + amount, 0n) as Money;
}

export function subtractMoney(a: Money, b: Money): Money {
  return (a - b) as Money;
}

export function negateMoney(amount: Money): Money {
  return -amount as Money;
}

export function absMoney(amount: Money): Money {
  return (amount < 0n ? -amount : amount) as Money;
}

export function minMoney(a: Money, b: Money): Money {
  return a < b ? a : b;
}

export function maxMoney(a: Money, b: Money): Money {
  return a > b ? a : b;
}

/** Price × a whole (signed) number of shares: exact, no rounding needed. */
export function multiplyMoney(price: Money, quantity: number | bigint): Money {
  if (typeof quantity === "number" && !Number.isSafeInteger(quantity)) {
    throw new RangeError(`A quantity must be a whole number of shares, got ${quantity}.`);
  }
  return (price * BigInt(quantity)) as Money;
}

/**
 * The one rounding function: numerator / denominator cents, rounded to the cent in the
 * given direction. Every other division of money in the trading domain goes through it.
 */
export function roundCents(numerator: bigint, denominator: bigint, rounding: Rounding): Money {
  if (denominator <= 0n) throw new RangeError("The denominator must be positive.");
  const quotient = numerator / denominator; // truncates towards zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient as Money;
  if (rounding === "up") return (numerator > 0n ? quotient + 1n : quotient) as Money;
  return (numerator < 0n ? quotient - 1n : quotient) as Money;
}

/** Basis points are kept to two decimals (0.01 bp), so 2.5 bps is as exact as 5. */
const BPS_SCALE = 100n;
const BPS_DENOMINATOR = 10_000n * BPS_SCALE;

function scaledBps(bps: number): bigint {
  const scaled = Math.round(bps * Number(BPS_SCALE));
  if (!Number.isFinite(bps) || Math.abs(scaled - bps * Number(BPS_SCALE)) > 1e-6) {
    throw new RangeError(`Basis points must be a finite number with at most 2 decimals, got ${bps}.`);
  }
  return BigInt(scaled);
}

/** `bps` basis points of an amount (commission, allowed position size), rounded as told. */
export function bpsOf(amount: Money, bps: number, rounding: Rounding): Money {
  return roundCents(amount * scaledBps(bps), BPS_DENOMINATOR, rounding);
}

/** The amount moved by `bps` basis points (+5 → ×1.0005, −5 → ×0.9995): slippage on a price. */
export function scaleByBps(amount: Money, bps: number, rounding: Rounding): Money {
  return roundCents(amount * (BPS_DENOMINATOR + scaledBps(bps)), BPS_DENOMINATOR, rounding);
}

/** A fraction of an amount (e.g. the cost of 3 of 7 shares), rounded as told. */
export function fractionOf(amount: Money, numerator: number | bigint, denominator: number | bigint, rounding: Rounding): Money {
  return roundCents(amount * BigInt(numerator), BigInt(denominator), rounding);
}

/** For ratios only (returns, volatility): never feed the result back into money. */
export function moneyRatio(numerator: Money, denominator: Money): number {
  return Number(numerator) / Number(denominator);
}

/**
 * `days` days of a yearly rate of `bps` basis points on an amount (interest, a borrow fee):
 * amount × bps / 10,000 × days / 365, rounded as told (docs/decisions/070-margin-and-borrowing.md).
 */
export function accrualOf(amount: Money, bps: number, days: number, rounding: Rounding): Money {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Days must be a whole number ≥ 0, got ${days}.`);
  return roundCents(amount * scaledBps(bps) * BigInt(days), BPS_DENOMINATOR * 365n, rounding);
}

/** An amount times a factor with 2 decimals given in hundredths (2× = 200), rounded as told: buying power from margin. */
export function timesHundredths(amount: Money, hundredths: number, rounding: Rounding): Money {
  if (!Number.isSafeInteger(hundredths) || hundredths <= 0) throw new RangeError(`A factor in hundredths must be a positive whole number, got ${hundredths}.`);
  return roundCents(amount * BigInt(hundredths), 100n, rounding);
}

/** An amount divided by a factor with 2 decimals given in hundredths (÷2 = 200), rounded as told. */
export function overHundredths(amount: Money, hundredths: number, rounding: Rounding): Money {
  if (!Number.isSafeInteger(hundredths) || hundredths <= 0) throw new RangeError(`A factor in hundredths must be a positive whole number, got ${hundredths}.`);
  return roundCents(amount * 100n, BigInt(hundredths), rounding);
}
