/**
 * Margin and borrowing (docs/decisions/070-margin-and-borrowing.md): the day's interest and
 * borrow fees, the margin call and its deadline, and the forced sales when a call is not met.
 * Buying power and the maintenance requirement themselves are part of the one valuation
 * (portfolio.ts valuePortfolio), so every figure that depends on margin comes from there.
 *
 * - Interest: each UTC day, a debit balance (cash below zero) pays the yearly debit rate ÷ 365,
 *   rounded up to the cent; positive cash earns the credit rate ÷ 365, rounded down.
 * - Borrow fee: each UTC day, every short pays its instrument's yearly fee ÷ 365 on its market
 *   value, rounded up, per position.
 * - Maintenance: equity ≥ maintenance % × long market value + 30 % × short market value. Under
 *   it a margin call is raised; met (by a deposit of gains, sales or covers) it is cleared; still
 *   unmet at its deadline (or with equity gone) the engine sells and covers, largest position
 *   first, the fewest shares that restore the requirement at the expected fill prices.
 */
import { integer, percentFigure } from "@/lib/format";
import { matchOrder } from "./matching";
import { accrualOf, addMoney, displayMoney, type Money, multiplyMoney, negateMoney, ZERO } from "./money";
import type { OrderSpec, Side } from "./orders";
import { applyFill, type PortfolioState, type Prices, valuePortfolio } from "./portfolio";
import { MAINTENANCE_PCT, type MarginRules, type TradingRules } from "./rules";

const $ = displayMoney;

// ---------------------------------------------------------------------------------------
// Borrow fees

/** The cheapest and dearest yearly borrow fee, in bps: 0.25 % for a fund or a calm stock, up to 5 % for the most volatile. */
export const MIN_BORROW_FEE_BPS = 25;
export const MAX_BORROW_FEE_BPS = 500;

/**
 * An instrument's yearly borrow fee in bps: funds 0.25 %; a stock's grows with its volatility
 * (hard-to-borrow names are the volatile ones), 0.25 % at 15 % volatility or less to 5 % at 50 %
 * or more, in steps of 0.05 %. An index is never shorted (0).
 */
export function borrowFeeBps(instrument: { kind: string; volatility: number }): number {
  if (instrument.kind === "index") return 0;
  if (instrument.kind !== "stock" || !Number.isFinite(instrument.volatility)) return MIN_BORROW_FEE_BPS;
  const share = (instrument.volatility - 0.15) / 0.35;
  const bps = Math.round((share * MAX_BORROW_FEE_BPS) / 5) * 5;
  return Math.min(MAX_BORROW_FEE_BPS, Math.max(MIN_BORROW_FEE_BPS, bps));
}

// ---------------------------------------------------------------------------------------
// The day's accrual

export type AccrualKind = "interest" | "borrow-fee";

export interface AccrualLine {
  kind: AccrualKind;
  /** Signed: < 0 charged to the portfolio, > 0 paid to it. */
  amount: Money;
  /** The short it is for (a borrow fee). */
  symbol?: string;
  reason: string;
}

export interface DayAccrual {
  state: PortfolioState;
  lines: AccrualLine[];
  interest: Money;
  borrowFees: Money;
}

/**
 * One UTC day's interest and borrow fees (`day` as YYYY-MM-DD, for the reasons), on the cash and
 * shorts of `state` at `prices`: the lines to book and the state with their cash. Interest only
 * with margin; borrow fees when the rules charge them, at `feeBps` by symbol (absent: the
 * cheapest fee).
 */
export function accrueDay(
  state: PortfolioState,
  prices: Prices,
  rules: Pick<TradingRules, "margin" | "borrowFees">,
  options: { day: string; feeBps: ReadonlyMap<string, number> },
): DayAccrual {
  const lines: AccrualLine[] = [];
  const margin = rules.margin;
  if (margin) {
    if (state.cash < 0n && margin.debitRatePct > 0) {
      const debit = negateMoney(state.cash);
      const charge = accrualOf(debit, Math.round(margin.debitRatePct * 100), 1, "up");
      if (charge > 0n) lines.push({ kind: "interest", amount: negateMoney(charge), reason: `Interest ${percentFigure(margin.debitRatePct)} a year on a debit balance of ${$(debit)}, ${options.day}` });
    } else if (state.cash > 0n && margin.creditRatePct > 0) {
      const earned = accrualOf(state.cash, Math.round(margin.creditRatePct * 100), 1, "down");
      if (earned > 0n) lines.push({ kind: "interest", amount: earned, reason: `Interest ${percentFigure(margin.creditRatePct)} a year on cash of ${$(state.cash)}, ${options.day}` });
    }
  }
  if (rules.borrowFees) {
    for (const [symbol, position] of [...state.positions].sort(([a], [b]) => a.localeCompare(b))) {
      if (position.quantity >= 0) continue;
      const price = prices.get(symbol);
      if (price === undefined) continue;
      const value = multiplyMoney(price, -position.quantity);
      const bps = options.feeBps.get(symbol) ?? MIN_BORROW_FEE_BPS;
      const fee = accrualOf(value, bps, 1, "up");
      if (fee > 0n) {
        lines.push({
          kind: "borrow-fee",
          amount: negateMoney(fee),
          symbol,
          reason: `Borrow fee ${percentFigure(bps / 100)} a year on −${integer(-position.quantity)} ${symbol} (worth ${$(value)}), ${options.day}`,
        });
      }
    }
  }
  const sum = (kind: AccrualKind) => lines.filter((l) => l.kind === kind).reduce<Money>((t, l) => addMoney(t, l.amount), ZERO);
  const interest = sum("interest");
  const borrowFees = sum("borrow-fee");
  return { state: { ...state, cash: addMoney(state.cash, interest, borrowFees) }, lines, interest, borrowFees };
}

// ---------------------------------------------------------------------------------------
// Margin calls and forced sales

export interface MarginFigures {
  equity: Money;
  requirement: Money;
}

export type MarginStatus =
  /** The requirement is met. `cleared`: a call stood and is now lifted. */
  | ({ kind: "met"; cleared: boolean } & MarginFigures)
  /** Under the requirement, before the deadline. `raised`: the call is new. */
  | ({ kind: "call"; raisedAt: Date; deadline: Date; raised: boolean; message: string } & MarginFigures)
  /** The deadline passed (or equity is gone): the orders to run, largest position first, and the reason. */
  | ({ kind: "forced"; orders: OrderSpec[]; message: string } & MarginFigures);

/** When a call raised at `raisedAt` must be met. */
export function marginDeadline(raisedAt: Date, margin: Pick<MarginRules, "callHours">): Date {
  return new Date(raisedAt.getTime() + margin.callHours * 3_600_000);
}

/**
 * Where a margin portfolio stands at `now`: its call raised, kept, cleared, or (deadline past,
 * or equity at or below zero) the forced sales that restore the requirement. `state` must hold
 * every position (and its standing call in `marginCallAt`).
 */
export function marginStatus(state: PortfolioState, prices: Prices, rules: Pick<TradingRules, "margin" | "slippageBps" | "commission">, now: Date): MarginStatus {
  const margin = rules.margin;
  if (!margin) throw new Error("marginStatus is for margin accounts: without margin the 30 % rule (maintenanceCall) applies.");
  const value = valuePortfolio(state, prices, margin);
  const figures: MarginFigures = { equity: value.equity, requirement: value.maintenanceRequirement };
  const standing = state.marginCallAt ?? null;
  if (value.equity >= value.maintenanceRequirement) return { kind: "met", cleared: standing !== null, ...figures };
  const raisedAt = standing ?? now;
  const deadline = marginDeadline(raisedAt, margin);
  if (now.getTime() < deadline.getTime() && value.equity > 0n) {
    return {
      kind: "call",
      raisedAt,
      deadline,
      raised: standing === null,
      message:
        `Margin call: your equity (${$(value.equity)}) is under the maintenance requirement of ${$(value.maintenanceRequirement)} ` +
        `(${percentFigure(margin.maintenancePct)} of your long positions plus ${percentFigure(MAINTENANCE_PCT)} of your shorts). Add equity by selling, covering or waiting for prices, ` +
        `by ${deadline.toISOString()}, or positions will be sold for you.`,
      ...figures,
    };
  }
  const orders = liquidationPlan(state, prices, rules);
  const why = value.equity <= 0n ? "your equity is gone" : `the margin call of ${raisedAt.toISOString()} was not met by ${deadline.toISOString()}`;
  const done = orders.map((o) => `${o.side === "sell" ? "sold" : "covered"} ${integer(o.quantity)} ${o.symbol}`).join(", ");
  return {
    kind: "forced",
    orders,
    message:
      orders.length === 0
        ? `Margin call: ${why}, and there is nothing left to sell: the debit balance of ${$(value.debit)} stays until cash comes in.`
        : `Margin call: ${why}, so the engine ${done} at market to bring equity (${$(value.equity)}) back over the maintenance requirement (${$(value.maintenanceRequirement)}).`,
    ...figures,
  };
}

function market(symbol: string, side: Side, quantity: number): OrderSpec {
  return { symbol, side, quantity, type: "market", timeInForce: "day" };
}

/** The state after an order at its expected market fill (half the spread against the trader, the commission). */
function afterMarketOrder(state: PortfolioState, order: OrderSpec, prices: Prices, rules: Pick<TradingRules, "slippageBps" | "commission">): PortfolioState {
  const last = prices.get(order.symbol)!;
  const outcome = matchOrder(order, { kind: "placement", last }, rules.slippageBps);
  if (outcome.kind !== "fill") throw new Error("A market order always fills.");
  return applyFill(state, outcome.fill, rules.commission, { allowDebit: true }).state;
}

/**
 * The forced sales: positions by market value, largest first (longs and shorts alike), each
 * closed by the fewest shares whose sale (or cover) at the expected fill price brings equity
 * back to the requirement, else whole, until the requirement is met or nothing is left.
 */
export function liquidationPlan(state: PortfolioState, prices: Prices, rules: Pick<TradingRules, "margin" | "slippageBps" | "commission">): OrderSpec[] {
  const met = (s: PortfolioState) => {
    const v = valuePortfolio(s, prices, rules.margin);
    return v.equity >= v.maintenanceRequirement && v.equity > 0n;
  };
  const open = [...state.positions]
    .filter(([symbol, p]) => p.quantity !== 0 && prices.has(symbol))
    .map(([symbol, p]) => ({ symbol, quantity: p.quantity, value: multiplyMoney(prices.get(symbol)!, Math.abs(p.quantity)) }))
    .sort((a, b) => (a.value === b.value ? a.symbol.localeCompare(b.symbol) : a.value > b.value ? -1 : 1));
  const orders: OrderSpec[] = [];
  let current = state;
  for (const position of open) {
    if (met(current)) break;
    const side: Side = position.quantity > 0 ? "sell" : "cover";
    const held = Math.abs(position.quantity);
    const order = (quantity: number) => market(position.symbol, side, quantity);
    let quantity = held;
    if (met(afterMarketOrder(current, order(held), prices, rules))) {
      // The fewest shares that restore the requirement (meeting it grows with the shares closed).
      let low = 1;
      let high = held;
      while (low < high) {
        const mid = Math.floor((low + high) / 2);
        if (met(afterMarketOrder(current, order(mid), prices, rules))) high = mid;
        else low = mid + 1;
      }
      quantity = low;
    }
    orders.push(order(quantity));
    current = afterMarketOrder(current, order(quantity), prices, rules);
  }
  return orders;
}

/** The debit's share of a valuation, for the portfolio answer: what is borrowed and what it costs a day. */
export function dailyDebitInterest(cash: Money, margin: MarginRules | null | undefined): Money {
  if (!margin || cash >= 0n) return ZERO;
  return accrualOf(negateMoney(cash), Math.round(margin.debitRatePct * 100), 1, "up");
}
