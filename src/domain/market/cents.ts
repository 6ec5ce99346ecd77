/**
 * Prices cross this module's boundary as decimal strings with exactly two decimals
 * ("142.50"); inside, money is an integer number of cents. Floats are used only for the
 * stochastic maths, and are turned into cents once, here.
 */

const PRICE = /^(\d{1,14})(?:\.(\d{1,2}))?$/;

export class PriceFormatError extends Error {}

/** "142.5" or "142.50" → 14250. Refuses signs, exponents, more than two decimals. */
export function toCents(price: string): number {
  const match = PRICE.exec(price);
  if (!match) throw new PriceFormatError(`"${price}" is not a price with at most two decimals.`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) throw new PriceFormatError(`"${price}" is too large to count in cents exactly.`);
  return cents;
}

/** 14250 → "142.50". Only whole, non-negative cents: a float here is a bug upstream. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new PriceFormatError(`${cents} is not a whole, non-negative number of cents.`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${fraction < 10 ? "0" : ""}${fraction}`;
}

/**
 * A simulated price (a positive float) to cents, half away from zero, never below one cent:
 * a log-normal price cannot reach zero, and the rounding must not make it do so.
 */
export function centsFromFloat(price: number): number {
  return Math.max(1, Math.round(price * 100));
}
