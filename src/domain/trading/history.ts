/**
 * A portfolio's trades looked back on (the report card, issue #11): each fill booked again,
 * in order, by the engine's own `applyFill` with the commission it was actually charged, so
 * the realised P&L of every closing fill is the engine's figure to the cent (average cost:
 * a sell or cover realises what it brought in minus the closed share of the basis). And how
 * concentrated the holdings were after each fill.
 */
import { absMoney, addMoney, type Money, moneyRatio, multiplyMoney, ZERO } from "./money";
import { opensPosition, paysCash, type Side } from "./orders";
import { applyFill, newPortfolio, type Position } from "./portfolio";

export interface PastFill {
  id: string;
  symbol: string;
  side: Side;
  quantity: number;
  price: Money;
  /** What the fill was charged (stored with it). */
  commission: Money;
}

export interface FillEffect {
  id: string;
  /** Zero for a fill that opened or grew a position. */
  realisedPnl: Money;
  /** Whether it reduced a position (a sell or a cover): a closed trade with a realised P&L. */
  closing: boolean;
  /** The positions held after it. */
  positions: ReadonlyMap<string, Position>;
}

/**
 * Books the fills (oldest first) from an empty portfolio. Only positions matter here, not
 * cash: the cash it starts with covers every fill's cost, so the cash floor can never refuse
 * one that the engine booked (a later cash adjustment cannot change these figures).
 */
export function bookFills(fills: readonly PastFill[]): FillEffect[] {
  const spent = fills.filter((f) => paysCash(f.side)).map((f) => addMoney(multiplyMoney(f.price, f.quantity), f.commission));
  let state = newPortfolio(addMoney(ZERO, ...spent));
  return fills.map((fill) => {
    const applied = applyFill(state, fill, { flat: fill.commission, bps: 0 });
    state = applied.state;
    return { id: fill.id, realisedPnl: applied.realisedPnl, closing: !opensPosition(fill.side), positions: state.positions };
  });
}

export interface Concentration {
  /** Positions held (long or short). */
  holdings: number;
  /** The largest position's share of what is invested (by cost basis, unsigned); null with nothing held. */
  largestShare: number | null;
}

/**
 * How spread the holdings are, by what was put into each (the cost basis): prices between
 * fills are not part of a portfolio's history, so the basis is the weight that history knows.
 */
export function concentrationOf(positions: ReadonlyMap<string, Position>): Concentration {
  const held = [...positions.values()].filter((p) => p.quantity !== 0).map((p) => absMoney(p.costBasis));
  if (held.length === 0) return { holdings: 0, largestShare: null };
  const total = addMoney(ZERO, ...held);
  const largest = held.reduce((a, b) => (b > a ? b : a), ZERO);
  return { holdings: held.length, largestShare: total > 0n ? moneyRatio(largest, total) : null };
}
