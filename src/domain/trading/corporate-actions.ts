/**
 * What a corporate action does to a portfolio (docs/decisions/052-corporate-actions.md). The
 * market's side (the price adjustment, the ratio) is domain/market corporate-actions.ts.
 *
 * The rule every function here keeps: across the action, equity (cash + receivable + Σ
 * quantity × price) is unchanged to the cent, at the price just before the action and the
 * price just after it.
 *
 * - Dividend, at the ex-date: the price falls by D; each holder of record gets an entitlement
 *   of quantity × D (negative for a short, who owes it) into `receivable`, which equity counts.
 *   At the pay date the entitlement moves from `receivable` to cash.
 * - Split to:from, at the ex-date: the quantity becomes ⌊|q| × to / from⌋ (towards zero for a
 *   short), the cost basis stays whole except the share of it the fraction takes away, and the
 *   fraction is settled in cash: q × P − q' × P', which is the fraction at the new price plus
 *   the cents the new price's rounding moved. Open orders' quantities are multiplied (rounded
 *   down) and their prices divided, rounded so the order never trades at a worse price than
 *   the one the trader agreed to; an order left with no share is cancelled.
 */
import { integer } from "@/lib/format";
import type { SplitRatio } from "@/domain/market/corporate-actions";
import { addMoney, displayMoney, fractionOf, type Money, multiplyMoney, negateMoney, roundCents, subtractMoney, ZERO } from "./money";
import { paysCash, type Side } from "./orders";
import { AccountingError, positionOf, type PortfolioState, type Position, restorePosition } from "./portfolio";

export interface DividendEntitlement {
  /** The signed quantity held at the ex-date (negative: a short, who pays). */
  quantity: number;
  /** Signed: quantity × amount per share. */
  amount: Money;
}

/** The dividend at its ex-date: the entitlement of the position held (null when none is). */
export function dividendAtEx(state: PortfolioState, symbol: string, perShare: Money): { state: PortfolioState; entitlement: DividendEntitlement } | null {
  if (perShare <= 0n) throw new AccountingError("A dividend per share must be positive.");
  const { quantity } = positionOf(state, symbol);
  if (quantity === 0) return null;
  const amount = multiplyMoney(perShare, quantity);
  return { state: { ...state, receivable: addMoney(state.receivable ?? ZERO, amount) }, entitlement: { quantity, amount } };
}

/**
 * An entitlement paid at the pay date: it leaves `receivable` and enters cash. A short's
 * payment may take cash below zero (it is a debt, as at a broker); equity does not move.
 */
export function payDividend(state: PortfolioState, amount: Money): PortfolioState {
  return { ...state, cash: addMoney(state.cash, amount), receivable: subtractMoney(state.receivable ?? ZERO, amount) };
}

export interface SplitOutcome {
  state: PortfolioState;
  quantityBefore: number;
  quantityAfter: number;
  /** Signed cash the fraction (and the new price's rounding) settled: received (> 0) or paid. */
  cashInLieu: Money;
  /** Whole shares of the new count that the fraction was worth, as a decimal text ("0.5"); "0" when none. */
  fraction: string;
}

/** New shares for |quantity| old ones, rounded down (towards zero). */
export function splitQuantity(quantity: number, ratio: SplitRatio): number {
  const abs = Math.floor((Math.abs(quantity) * ratio.to) / ratio.from);
  return quantity < 0 ? -abs : abs;
}

/**
 * A position split at `ratio`, priced `before` just before and `after` just after. Null when
 * nothing is held.
 */
export function splitPosition(state: PortfolioState, symbol: string, ratio: SplitRatio, prices: { before: Money; after: Money }): SplitOutcome | null {
  const position = positionOf(state, symbol);
  const q = position.quantity;
  if (q === 0) return null;
  const qAfter = splitQuantity(q, ratio);
  // In units of 1/from new shares: what was held, and the part the fraction takes away.
  const heldUnits = BigInt(Math.abs(q)) * BigInt(ratio.to);
  const leftUnits = heldUnits - BigInt(Math.abs(qAfter)) * BigInt(ratio.from);
  const cashInLieu = subtractMoney(multiplyMoney(prices.before, q), multiplyMoney(prices.after, qAfter));
  // The fraction's share of the basis, rounded up (towards +∞) as a closing fill's is, so the realised P&L is never flattered.
  const removed = leftUnits === 0n ? ZERO : fractionOf(position.costBasis, leftUnits, heldUnits, "up");
  const costBasis = subtractMoney(position.costBasis, removed);
  const realisedPnl = addMoney(position.realisedPnl, subtractMoney(cashInLieu, removed));
  // A position the split leaves with no whole share has given its whole basis away (removed = basis).
  const after: Position = restorePosition({ quantity: qAfter, costBasis, realisedPnl });
  const positions = new Map(state.positions);
  positions.set(symbol, after);
  return {
    state: { ...state, cash: addMoney(state.cash, cashInLieu), positions },
    quantityBefore: q,
    quantityAfter: qAfter,
    cashInLieu,
    fraction: fractionText(leftUnits, BigInt(ratio.from)),
  };
}

function fractionText(units: bigint, per: bigint): string {
  if (units === 0n) return "0";
  const whole = units / per;
  const rest = units % per;
  if (rest === 0n) return whole.toString();
  // Enough decimals for any ratio up to 1000 to read sensibly; shown, never booked.
  const decimals = ((rest * 10_000n) / per).toString().padStart(4, "0").replace(/0+$/, "");
  return `${whole}.${decimals}`;
}

export interface OrderTerms {
  side: Side;
  quantity: number;
  limitPrice: Money | null;
  stopPrice: Money | null;
  /** A trailing stop's mark and (an amount trail) its trail; its stop follows from them (decision 060). */
  waterMark?: Money | null;
  trailAmount?: Money | null;
  /** An order working in parts (decision 056): the shares filled so far and the volume it has seen, both in shares. */
  filledQuantity?: number;
  volumeSeen?: number;
}

/**
 * An open order's terms after a split: the quantity multiplied (rounded down), the prices
 * divided — down where the trader pays (buy, cover), up where they receive (sell, short) —
 * never below a cent. An order working in parts multiplies what it filled and what is left
 * apart (each rounded down: never more shares to fill than the rest was), and the volume it
 * has seen, so its participation limit holds in the new shares. Null when no whole share is
 * left to fill: the order (or its rest) is cancelled, what filled staying filled.
 */
export function splitOrderTerms(terms: OrderTerms, ratio: SplitRatio): OrderTerms | null {
  const times = (shares: number) => Math.floor((shares * ratio.to) / ratio.from);
  const filled = terms.filledQuantity ?? 0;
  const rest = times(terms.quantity - filled);
  if (rest < 1) return null;
  const filledAfter = times(filled);
  const quantity = filledAfter + rest;
  const direction = paysCash(terms.side) ? "down" : "up";
  const divide = (price: Money | null): Money | null => {
    if (price === null) return null;
    const divided = roundCents(price * BigInt(ratio.from), BigInt(ratio.to), direction);
    return divided < 1n ? (1n as Money) : divided;
  };
  const trail = terms.trailAmount ? roundCents(terms.trailAmount * BigInt(ratio.from), BigInt(ratio.to), "down") : null;
  return {
    side: terms.side,
    quantity,
    limitPrice: divide(terms.limitPrice),
    stopPrice: divide(terms.stopPrice),
    // The mark divides like a price; an amount trail narrows (rounded down, never below a cent): never wider than asked.
    ...(terms.waterMark !== undefined && { waterMark: divide(terms.waterMark) }),
    ...(terms.trailAmount !== undefined && { trailAmount: trail === null ? null : trail < 1n ? (1n as Money) : trail }),
    ...(terms.filledQuantity !== undefined && { filledQuantity: filledAfter }),
    ...(terms.volumeSeen !== undefined && { volumeSeen: times(terms.volumeSeen) }),
  };
}

/** "Dividend 0.42 × 120 shares", or for a short "Dividend 0.42 × −120 shares (owed on a short)": the history's line. */
export function dividendReason(perShare: Money, quantity: number): string {
  const shares = `${quantity < 0 ? "−" : ""}${integer(Math.abs(quantity))} ${Math.abs(quantity) === 1 ? "share" : "shares"}`;
  return `Dividend ${displayMoney(perShare)} × ${shares}${quantity < 0 ? " (owed on a short)" : ""}`;
}

/** "Split 2:1: 120 → 240 shares", with the cash a fraction brought or cost. */
export function splitReason(ratio: SplitRatio, outcome: Pick<SplitOutcome, "quantityBefore" | "quantityAfter" | "cashInLieu" | "fraction">): string {
  const count = (q: number) => `${q < 0 ? "−" : ""}${integer(Math.abs(q))}`;
  const base = `Split ${ratio.to}:${ratio.from}: ${count(outcome.quantityBefore)} → ${count(outcome.quantityAfter)} shares`;
  if (outcome.cashInLieu === 0n) return base;
  const cash = outcome.cashInLieu > 0n ? `${displayMoney(outcome.cashInLieu)} paid in cash` : `${displayMoney(negateMoney(outcome.cashInLieu))} charged in cash`;
  return outcome.fraction === "0" ? `${base}; ${cash} (the new price's rounding)` : `${base}; ${outcome.fraction} share ${cash}`;
}
