/**
 * Corrections an organiser or admin makes to a portfolio (docs/decisions/041-corrections.md):
 * a cash adjustment, and the reversal of a fill by a compensating fill at its price. Pure:
 * the feature (features/corrections) reads the fills and applies the outcome under the
 * portfolio's lock and version guard.
 *
 * A reversal undoes the fill as if it had never happened: the cash it moved comes back with
 * its commission refunded, and the position is rebuilt from the fills that remain, so its
 * average cost and realised P&L are what they would have been without it. The accounting
 * identities then read: cash = starting cash − Σ buys + Σ sells − Σ commissions
 * + Σ adjustments (a compensating fill counts as a fill of the opposite side, its commission
 * negative), and position quantity = Σ signed fills.
 */
import { integer } from "@/lib/format";
import { addMoney, cents, displayMoney, type Money, multiplyMoney, negateMoney, ZERO } from "./money";
import { paysCash, type Rejection, rejection, type Side, signedQuantity } from "./orders";
import { AccountingError, bookFillAt, type PortfolioState, positionOf } from "./portfolio";

const $ = displayMoney;

/** Bounds of a correction's input (the API's schema reads them). */
export const CORRECTION_LIMITS = {
  /** An adjustment moves at most 1,000,000.00 either way: ten practice portfolios' starting cash. */
  maxAdjustment: cents(100_000_000),
  reasonMaxLength: 500,
} as const;

/** The side that undoes a side: a buy is undone by a sell at the same price, a short by a cover. */
export const OPPOSITE_SIDE: Readonly<Record<Side, Side>> = { buy: "sell", sell: "buy", short: "cover", cover: "short" };

/** A fill as it was booked: its side, shares, price and the commission it was charged (negative on a compensating fill). */
export interface BookedFill {
  symbol: string;
  side: Side;
  quantity: number;
  price: Money;
  commission: Money;
}

export type AdjustmentOutcome = { ok: true; state: PortfolioState; cashChange: Money } | { ok: false; rejection: Rejection };

/**
 * Adds (positive) or removes (negative) cash; a removal is refused when it would leave cash
 * below zero. An addition is always taken, also towards a debit (a margin account's, decision 070).
 */
export function adjustCash(state: PortfolioState, amount: Money): AdjustmentOutcome {
  if (amount === 0n) throw new AccountingError("An adjustment moves some cash.");
  const cash = addMoney(state.cash, amount);
  if (cash < 0n && amount < 0n) {
    return {
      ok: false,
      rejection: rejection("ADJUSTMENT_NEGATIVE_CASH", `Removing ${$(negateMoney(amount))} would leave ${$(cash)} in cash: the portfolio holds only ${$(state.cash)}. Cash never goes negative.`),
    };
  }
  return { ok: true, state: { ...state, cash }, cashChange: amount };
}

export type ReversalOutcome =
  | {
      ok: true;
      state: PortfolioState;
      /** What the reversal adds to (+) or takes from (−) cash: the fill's cash back, commission refunded. */
      cashChange: Money;
      /** The compensating fill to book: the opposite side, same shares and price, the commission negated. */
      compensation: BookedFill;
    }
  | { ok: false; rejection: Rejection };

/**
 * Reverses `target`. `remaining` is every other fill of the same symbol that still stands,
 * in booking order (fills already reversed and their compensations left out): the position
 * is rebuilt from them. Refused when the position would take the wrong sign (shares sold
 * since would no longer be there) or cash would go below zero.
 */
export function reverseFill(state: PortfolioState, target: BookedFill, remaining: readonly BookedFill[]): ReversalOutcome {
  const { symbol } = target;
  const notional = multiplyMoney(target.price, target.quantity);
  const cashChange = addMoney(paysCash(target.side) ? notional : negateMoney(notional), target.commission);
  const what = `the ${target.side} of ${integer(target.quantity)} ${symbol}`;
  const before = positionOf(state, symbol).quantity;
  const quantity = before - signedQuantity(target.side, target.quantity);
  const longSide = target.side === "buy" || target.side === "sell";
  const wrongSign = (why: string): ReversalOutcome => ({ ok: false, rejection: rejection("REVERSAL_WRONG_SIGN", `Reversing ${what} ${why}`) });
  if (longSide ? quantity < 0 : quantity > 0) {
    return wrongSign(`would leave a ${longSide ? "short" : "long"} position of ${integer(Math.abs(quantity))} ${symbol}: the shares it ${target.side === "buy" ? "bought were sold" : "shorted were covered"} since. Reverse the later fills first.`);
  }
  let rebuilt: PortfolioState = { cash: ZERO, reservedCash: ZERO, positions: new Map() };
  try {
    for (const fill of remaining) {
      if (fill.symbol !== symbol) throw new AccountingError(`A fill of ${fill.symbol} among the fills of ${symbol}.`);
      rebuilt = bookFillAt(rebuilt, fill, fill.commission).state;
    }
  } catch (error) {
    if (!(error instanceof AccountingError)) throw error;
    return wrongSign(`would leave a later fill without the shares it traded: reverse the later fills first.`);
  }
  const position = positionOf(rebuilt, symbol);
  if (position.quantity !== quantity) throw new AccountingError(`The fills of ${symbol} add up to ${position.quantity + signedQuantity(target.side, target.quantity)}, the position is ${before}.`);
  const cash = addMoney(state.cash, cashChange);
  // Only a reversal that takes cash out can leave it below zero (one that brings cash in is taken, also towards a debit).
  if (cash < 0n && cashChange < 0n) {
    return {
      ok: false,
      rejection: rejection("REVERSAL_NEGATIVE_CASH", `Reversing ${what} takes ${$(negateMoney(cashChange))} out of cash; the portfolio holds only ${$(state.cash)}. Cash never goes negative.`),
    };
  }
  const positions = new Map(state.positions);
  positions.set(symbol, position);
  return {
    ok: true,
    state: { ...state, cash, positions },
    cashChange,
    compensation: { symbol, side: OPPOSITE_SIDE[target.side], quantity: target.quantity, price: target.price, commission: negateMoney(target.commission) },
  };
}

/** An open order as a reversal looks at it. */
export interface RestingOrder {
  symbol: string;
  side: Side;
  quantity: number;
}

/**
 * The open orders a reversal leaves without the shares they close: a sell (a stop-sell, a
 * take-profit) of more shares than the corrected position holds long, a cover of more than it
 * holds short. The reversal cancels them with a reason (decision 057) rather than letting them
 * be refused, or worse sell short, when they trigger.
 */
export function ordersWithoutShares<T extends RestingOrder>(state: PortfolioState, symbol: string, open: readonly T[]): T[] {
  const held = positionOf(state, symbol).quantity;
  return open.filter((o) => o.symbol === symbol && ((o.side === "sell" && o.quantity > Math.max(0, held)) || (o.side === "cover" && o.quantity > Math.max(0, -held))));
}

/** Why such an order was cancelled: written on it for its history. */
export const reversalCancelMessage = (symbol: string) =>
  `Cancelled by a correction: a fill of ${symbol} was reversed, so the shares this order would close are no longer held.`;
