/**
 * A portfolio's cash, positions and reservations, how fills change them, and the checks an
 * order must pass. Positions use the average-cost method; a short is a negative quantity.
 *
 * Each position keeps its exact cost basis (what was paid for the shares held, commissions
 * included; for a short, minus what the short sale brought in). The average cost shown is
 * derived from it and rounded against the trader; P&L is computed from the exact basis, so
 * realised + unrealised P&L always adds up to equity − starting cash, to the cent.
 */
import { integer, percentFigure } from "@/lib/format";
import { type ConductFacts, conductRefusal } from "./conduct";
import { impactBps, type Liquidity, worksInParts } from "./liquidity";
import { expectedFill, type Fill, matchOrder, withSlippage } from "./matching";
import {
  absMoney,
  addMoney,
  bpsOf,
  displayMoney,
  fractionOf,
  type Money,
  multiplyMoney,
  negateMoney,
  overHundredths,
  roundCents,
  subtractMoney,
  timesHundredths,
  ZERO,
} from "./money";
import { MAX_ORDER_QUANTITY, type OpenOrder, opensPosition, type OrderSpec, paysCash, type Rejection, rejection, type Side, signedQuantity } from "./orders";
import { stopOf } from "./trailing";
import { type CommissionSchedule, MAINTENANCE_PCT, type MarginRules, SHORT_REQUIREMENT_PCT, type TradingRules } from "./rules";

export interface Position {
  /** Shares held; negative for a short. */
  quantity: number;
  /** Exact: paid for the shares held incl. commissions (long, > 0), or −net proceeds (short, < 0). */
  costBasis: Money;
  /** Per share, for display: rounded up for a long (cost), down for a short (proceeds). */
  averageCost: Money;
  /** P&L of the shares already sold or covered, net of commissions. */
  realisedPnl: Money;
}

export interface PortfolioState {
  cash: Money;
  /** Cash held back by open buy orders: not spendable, not counted in buying power. */
  reservedCash: Money;
  /** Closed positions stay (quantity 0) so their realised P&L is not lost. */
  positions: ReadonlyMap<string, Position>;
  /**
   * Long positions left out of `positions`, already valued: a tick settling hundreds of
   * portfolios loads only what its fills touch and every short (what buying power needs), and
   * counts the other longs' market value here, so equity stays whole. Never set for work that
   * needs every position (maintenanceCall refuses it). Null: the other longs were not valued,
   * because the rules the state is judged by need no equity (`needsEquity`): buying power
   * without margin is cash and shorts alone; a check that would need them throws.
   */
  elsewhere?: { longMarketValue: Money | null };
  /**
   * Dividends owed to the portfolio (> 0, a long held at an ex-date) net of those it owes
   * (< 0, a short's), from their ex-date until their pay date (domain corporate-actions.ts).
   * Part of equity, so the price drop at the ex-date moves no one's equity; never spendable.
   * Absent = zero (or not read: the writer then leaves the stored figure alone).
   */
  receivable?: Money;
  /**
   * When the standing margin call was raised (null: none stands; margin.ts). Absent = not read:
   * the writer then leaves the stored one alone.
   */
  marginCallAt?: Date | null;
}

/** Last prices by symbol. */
export type Prices = ReadonlyMap<string, Money>;

/** A bug upstream, not a rule a person broke: a fill the checks should have refused. */
export class AccountingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountingError";
  }
}

export class MissingPriceError extends Error {
  constructor(readonly symbol: string) {
    super(`No price for ${symbol}.`);
    this.name = "MissingPriceError";
  }
}

// Every amount in a message is shown the way the page shows figures.
const $ = displayMoney;
const n = integer;
const EMPTY_POSITION: Position = { quantity: 0, costBasis: ZERO, averageCost: ZERO, realisedPnl: ZERO };

export function newPortfolio(startingCash: Money): PortfolioState {
  if (startingCash < 0n) throw new AccountingError("Starting cash cannot be negative.");
  return { cash: startingCash, reservedCash: ZERO, positions: new Map() };
}

export function positionOf(state: PortfolioState, symbol: string): Position {
  return state.positions.get(symbol) ?? EMPTY_POSITION;
}

/** Flat + bps of the fill's value, rounded up: what one fill costs in commission. */
export function commissionFor(notional: Money, schedule: CommissionSchedule): Money {
  return addMoney(schedule.flat, bpsOf(absMoney(notional), schedule.bps, "up"));
}

function averageCostOf(quantity: number, costBasis: Money): Money {
  if (quantity === 0) return ZERO;
  // Long: cost per share rounded up; short: proceeds per share rounded down (shown positive).
  return quantity > 0 ? roundCents(costBasis, BigInt(quantity), "up") : roundCents(-costBasis, BigInt(-quantity), "down");
}

/** A stored position (quantity, exact basis, realised P&L) back as the domain's, its average cost derived. */
export function restorePosition(stored: { quantity: number; costBasis: Money; realisedPnl: Money }): Position {
  return { quantity: stored.quantity, costBasis: stored.costBasis, averageCost: averageCostOf(stored.quantity, stored.costBasis), realisedPnl: stored.realisedPnl };
}

export interface AppliedFill {
  state: PortfolioState;
  commission: Money;
  /** Signed: negative when the fill took cash out. */
  cashChange: Money;
  /** The realised P&L this fill added (zero when it opened or grew a position). */
  realisedPnl: Money;
}

/**
 * Books a fill: cash moves by −signed quantity × price − commission; opening fills add to the
 * cost basis, reducing fills take out the share of it they close (rounded so the realised P&L
 * is the smaller one) and realise the difference. Throws AccountingError for a fill that
 * would oversell, cross from long to short (or back), or take cash below zero (unless
 * `allowDebit`: a margin account, whose checks hold orders to buying power instead).
 */
export function applyFill(
  state: PortfolioState,
  fill: Pick<Fill, "symbol" | "side" | "quantity" | "price">,
  schedule: CommissionSchedule,
  options: { allowDebit?: boolean } = {},
): AppliedFill {
  const applied = bookFill(state, fill, schedule);
  // With margin (decision 070) cash may go below zero: the checks held the order to buying power instead.
  if (applied.state.cash < 0n && !options.allowDebit) throw new AccountingError(`Fill would take cash to ${$(applied.state.cash)}.`);
  return applied;
}

/** applyFill without the cash floor: checks use it to see what an order would do. */
function bookFill(state: PortfolioState, fill: Pick<Fill, "symbol" | "side" | "quantity" | "price">, schedule: CommissionSchedule): AppliedFill {
  return bookFillAt(state, fill, commissionFor(multiplyMoney(fill.price, fill.quantity), schedule));
}

/**
 * Books a fill with the commission it was charged (the stored one, when a position is
 * rebuilt from its fills: corrections.ts). No cash floor; throws AccountingError for a fill
 * that oversells or crosses from long to short (or back).
 */
export function bookFillAt(state: PortfolioState, fill: Pick<Fill, "symbol" | "side" | "quantity" | "price">, commission: Money): AppliedFill {
  if (!Number.isSafeInteger(fill.quantity) || fill.quantity < 1) throw new AccountingError(`A fill is a whole, positive number of shares, got ${fill.quantity}.`);
  if (fill.price <= 0n) throw new AccountingError("A fill price must be positive.");
  const notional = multiplyMoney(fill.price, fill.quantity);
  const delta = signedQuantity(fill.side, fill.quantity);
  const cashChange = subtractMoney(paysCash(fill.side) ? negateMoney(notional) : notional, commission);
  const cash = addMoney(state.cash, cashChange);

  const before = positionOf(state, fill.symbol);
  const quantity = before.quantity + delta;
  let costBasis: Money;
  let realised: Money = ZERO;
  if (opensPosition(fill.side)) {
    if (fill.side === "buy" ? before.quantity < 0 : before.quantity > 0) {
      throw new AccountingError(`A ${fill.side} cannot apply to a ${before.quantity < 0 ? "short" : "long"} position in ${fill.symbol}.`);
    }
    // What the position cost (long) or brought in (short, negative) grows by this fill's cash.
    costBasis = subtractMoney(before.costBasis, cashChange);
  } else {
    const held = fill.side === "sell" ? before.quantity : -before.quantity;
    if (fill.quantity > held) throw new AccountingError(`Cannot ${fill.side} ${fill.quantity} ${fill.symbol}: the position is ${before.quantity}.`);
    // The closed share of the basis, rounded up (towards +∞) so the realised P&L is never flattered.
    const closedBasis = fractionOf(before.costBasis, fill.quantity, held, "up");
    costBasis = subtractMoney(before.costBasis, closedBasis);
    realised = subtractMoney(cashChange, closedBasis);
  }
  const position: Position = {
    quantity,
    costBasis,
    averageCost: averageCostOf(quantity, costBasis),
    realisedPnl: addMoney(before.realisedPnl, realised),
  };
  const positions = new Map(state.positions);
  positions.set(fill.symbol, position);
  return { state: { ...state, cash, positions }, commission, cashChange, realisedPnl: realised };
}

// ---------------------------------------------------------------------------------------
// Valuation

function priceOf(prices: Prices, symbol: string): Money {
  const price = prices.get(symbol);
  if (price === undefined) throw new MissingPriceError(symbol);
  return price;
}

/** Unrealised P&L of a position at `price`: market value − cost basis (a short gains as the price falls). */
export function unrealisedPnl(position: Position, price: Money): Money {
  return subtractMoney(multiplyMoney(price, position.quantity), position.costBasis);
}

export interface Valuation {
  cash: Money;
  reservedCash: Money;
  longMarketValue: Money;
  /** Σ |short market value|, positive. */
  shortMarketValue: Money;
  /** cash + dividends receivable (net) + long market value − short market value. */
  equity: Money;
  /** 150 % of the short market value, rounded up. */
  shortRequirement: Money;
  /**
   * Without margin: cash − reserved cash − short requirement − dividends owed by shorts. With
   * margin of multiple m: ⌊m × (cash − short requirement − owed + long market value − ⌈long
   * market value ÷ m⌉)⌋ − reserved cash, i.e. the longs count as collateral for all but their
   * initial margin, and an open buy holds back what its fill will spend (decision 070).
   */
  buyingPower: Money;
  /** What the portfolio borrows: −cash when cash is below zero, else 0. */
  debit: Money;
  /**
   * The equity the portfolio must keep: 30 % of the short market value (rounded up), plus with
   * margin the maintenance margin's share of the long market value (rounded up). Under it: a
   * margin call (margin), or every short covered at once (no margin).
   */
  maintenanceRequirement: Money;
}

/** Equity, buying power and the rest, from the last prices of every open position; `margin` = the portfolio's margin rules, if any. */
export function valuePortfolio(state: PortfolioState, prices: Prices, margin?: MarginRules | null): Valuation {
  if (margin && unvalued(state)) throw new AccountingError("Buying power on margin needs the value of every long, not a state without the other longs valued.");
  const { longMarketValue, shortMarketValue } = marketValues(state, prices);
  const shortRequirement = roundCents(shortMarketValue * BigInt(SHORT_REQUIREMENT_PCT), 100n, "up");
  const receivable = state.receivable ?? ZERO;
  // A dividend a short owes is cash already spoken for; one owed to the portfolio is not cash yet.
  const owed = receivable < 0n ? negateMoney(receivable) : ZERO;
  const cashBuyingPower = subtractMoney(subtractMoney(subtractMoney(state.cash, state.reservedCash), shortRequirement), owed);
  const shortsMaintenance = roundCents(shortMarketValue * BigInt(MAINTENANCE_PCT), 100n, "up");
  let buyingPower = cashBuyingPower;
  let maintenanceRequirement = shortsMaintenance;
  if (margin) {
    const m = Math.round(margin.multiplier * 100);
    // The longs are collateral for all but their initial margin (1/m of their value, rounded up: against the trader);
    // an open buy's reservation is what its fill will spend of buying power, so it comes off after the multiple.
    const excess = addMoney(addMoney(cashBuyingPower, state.reservedCash), subtractMoney(longMarketValue, overHundredths(longMarketValue, m, "up")));
    buyingPower = subtractMoney(timesHundredths(excess, m, "down"), state.reservedCash);
    maintenanceRequirement = addMoney(shortsMaintenance, bpsOf(longMarketValue, Math.round(margin.maintenancePct * 100), "up"));
  }
  return {
    cash: state.cash,
    reservedCash: state.reservedCash,
    longMarketValue,
    shortMarketValue,
    equity: equityFrom(state, longMarketValue, shortMarketValue),
    shortRequirement,
    buyingPower,
    debit: state.cash < 0n ? negateMoney(state.cash) : ZERO,
    maintenanceRequirement,
  };
}

/** A partial state whose other longs were not valued (`elsewhere.longMarketValue` null): its equity is not known. */
function unvalued(state: PortfolioState): boolean {
  return state.elsewhere !== undefined && state.elsewhere.longMarketValue === null;
}

/**
 * Whether judging an order under these rules needs the portfolio's equity (every long valued):
 * margin (buying power counts the longs) or a position limit (a share of equity). Otherwise
 * buying power is cash, reservations and shorts, and a tick may leave the other longs unvalued.
 */
export function needsEquity(rules: Pick<TradingRules, "margin" | "maxPositionPct">): boolean {
  return Boolean(rules.margin) || rules.maxPositionPct !== null;
}

/** Equity alone (valuePortfolio's, without the rest): what a board values 100,000s of portfolios by. */
export function equityOf(state: PortfolioState, prices: Prices): Money {
  const { longMarketValue, shortMarketValue } = marketValues(state, prices);
  return equityFrom(state, longMarketValue, shortMarketValue);
}

/** The long and short market values at the last prices (the short one positive). */
function marketValues(state: PortfolioState, prices: Prices): { longMarketValue: Money; shortMarketValue: Money } {
  let longMarketValue = state.elsewhere?.longMarketValue ?? ZERO;
  let shortMarketValue = ZERO;
  for (const [symbol, position] of state.positions) {
    if (position.quantity === 0) continue;
    const value = multiplyMoney(priceOf(prices, symbol), position.quantity);
    if (value > 0n) longMarketValue = addMoney(longMarketValue, value);
    else shortMarketValue = subtractMoney(shortMarketValue, value);
  }
  return { longMarketValue, shortMarketValue };
}

/** THE equity: cash + dividends receivable (net) + long market value − short market value. */
const equityFrom = (state: PortfolioState, longMarketValue: Money, shortMarketValue: Money): Money =>
  subtractMoney(addMoney(state.cash, state.receivable ?? ZERO, longMarketValue), shortMarketValue);

export function buyingPowerOf(state: PortfolioState, prices: Prices, margin?: MarginRules | null): Money {
  return valuePortfolio(state, prices, margin).buyingPower;
}

// ---------------------------------------------------------------------------------------
// Reservations for open buy orders

/**
 * The cash an open buy holds back: its quantity at the price it waits for (the limit, or a
 * stop with slippage) plus commission. Sells, shorts and covers reserve nothing: a cover's
 * cash is already held back by the short requirement.
 */
export function reservationFor(order: OrderSpec, rules: Pick<TradingRules, "slippageBps" | "commission">): Money {
  if (order.side !== "buy" || order.type === "market") return ZERO;
  // A trailing stop's stop only moves in the trader's favour: what it holds back at its first stop is enough.
  const price =
    order.type === "stop"
      ? withSlippage(order.stopPrice, order.side, rules.slippageBps)
      : order.type === "trailing-stop"
        ? withSlippage(stopOf(order), order.side, rules.slippageBps)
        : order.limitPrice;
  const notional = multiplyMoney(price, order.quantity);
  return addMoney(notional, commissionFor(notional, rules.commission));
}

export function reserveCash(state: PortfolioState, amount: Money): PortfolioState {
  if (amount < 0n) throw new AccountingError("A reservation cannot be negative.");
  return { ...state, reservedCash: addMoney(state.reservedCash, amount) };
}

/** Gives back an order's reservation when it fills, is cancelled, expires or is rejected. */
export function releaseCash(state: PortfolioState, amount: Money): PortfolioState {
  if (amount < 0n || amount > state.reservedCash) throw new AccountingError(`Cannot release ${$(amount)}: only ${$(state.reservedCash)} is reserved.`);
  return { ...state, reservedCash: subtractMoney(state.reservedCash, amount) };
}

// ---------------------------------------------------------------------------------------
// Order checks

export interface OrderContext {
  now: Date;
  /** Last price of every instrument that trades (every held one included); a symbol missing here is unknown. */
  prices: Prices;
  /** Instruments an admin deactivated. */
  inactiveSymbols?: ReadonlySet<string>;
  /** Listed but never traded: a benchmark index (its level is priced, so charts and valuations can read it). */
  untradableSymbols?: ReadonlySet<string>;
  /** This portfolio's open orders: shares already promised to open sells and covers are not available again. */
  openOrders?: ReadonlyArray<Pick<OpenOrder, "order">>;
  /** The depth of the instruments traded (liquidity.ts); a symbol missing here fills whole, without impact. */
  liquidity?: ReadonlyMap<string, Liquidity>;
  /** What an event's rules against gambling need to know (trades today, when the position was opened); see conduct.ts. */
  conduct?: ConductFacts;
}

export interface OrderPreview {
  /** Expected fill price (the actual one for an order that fills at once). */
  price: Money;
  /** Fills when placed, or rests until the price comes. */
  immediate: boolean;
  notional: Money;
  commission: Money;
  /** What the fill adds to (+) or takes from (−) cash, commission included. */
  cashChange: Money;
  /** Cash the order holds back while it rests (open buys only). */
  reservation: Money;
  /** The market impact of the order's size, in bps (liquidity.ts). */
  impactBps?: number;
  /** Larger than 1 % of the daily volume: it fills in parts as the market trades. */
  inParts?: boolean;
  buyingPowerBefore: Money;
  buyingPowerAfter: Money;
}

export type OrderCheck = { ok: true; preview: OrderPreview } | { ok: false; rejection: Rejection; preview: OrderPreview | null };

/** A new order's check, with the order as placed (a trailing stop's mark set, a dollar amount resolved to shares); null when it could not be. */
export type PlacementCheck = OrderCheck & { order: OrderSpec | null };

// ---------------------------------------------------------------------------------------
// Placement (docs/decisions/060-trailing-stops-and-dollar-orders.md)

/**
 * The most whole shares a dollar-amount buy gets: the largest quantity whose expected cost
 * (the fill price with half the spread and the impact of that quantity, or the limit for a
 * resting limit, plus commission) is at most the notional. Rounded against the trader: the
 * order never spends more than the amount, and the rest stays cash. 0 when not one share fits.
 */
export function sharesForNotional(order: OrderSpec, notional: Money, last: Money, liquidity: Liquidity | undefined, rules: Pick<TradingRules, "slippageBps" | "commission" | "liquidity">): number {
  const cost = (quantity: number): Money => {
    const priced = { ...order, quantity };
    const expected = expectedFill(priced, last, { slippageBps: rules.slippageBps, impactBps: impactBps(quantity, liquidity, rules.liquidity) });
    const value = multiplyMoney(expected.price, quantity);
    return addMoney(value, commissionFor(value, rules.commission));
  };
  const cheapest = order.type === "limit" && order.limitPrice < last ? order.limitPrice : last;
  let high = Math.min(MAX_ORDER_QUANTITY, Number(notional / (cheapest > 0n ? cheapest : 1n)));
  let low = 0;
  // The largest quantity with cost ≤ notional (cost grows with the quantity).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (cost(mid) <= notional) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * What an order becomes at the price it is placed at: a trailing stop takes that price as its
 * mark; a dollar-amount order its whole shares. Or why it cannot be placed at that price.
 */
export function orderAtPlacement(
  order: OrderSpec,
  last: Money,
  liquidity: Liquidity | undefined,
  rules: Pick<TradingRules, "slippageBps" | "commission" | "liquidity">,
): { ok: true; order: OrderSpec } | { ok: false; rejection: Rejection } {
  let placed = order;
  if (placed.type === "trailing-stop" && placed.waterMark === null) {
    placed = { ...placed, waterMark: last };
    const stop = stopOf(placed);
    if (stop <= 0n) {
      const amount = "amount" in placed.trail ? `${$(placed.trail.amount)} ` : "";
      return { ok: false, rejection: rejection("INVALID_TRAIL", `trailAmount ${amount}must be less than the price of ${placed.symbol} (${$(last)}): the stop would be at or below zero.`, "trailAmount") };
    }
  }
  if (placed.notional !== undefined && placed.quantity === 0) {
    const quantity = sharesForNotional(placed, placed.notional, last, liquidity, rules);
    if (quantity < 1) {
      const one = sharesCost(placed, last, liquidity, rules);
      return {
        ok: false,
        rejection: rejection("NOTIONAL_TOO_SMALL", `notional ${$(placed.notional)} does not buy one whole share of ${placed.symbol}: one costs ${$(one)} now (spread and commission included).`, "notional"),
      };
    }
    placed = { ...placed, quantity };
  }
  return { ok: true, order: placed };
}

/** What one share of the order costs now, commission included (for the message of a notional below it). */
function sharesCost(order: OrderSpec, last: Money, liquidity: Liquidity | undefined, rules: Pick<TradingRules, "slippageBps" | "commission" | "liquidity">): Money {
  const expected = expectedFill({ ...order, quantity: 1 }, last, { slippageBps: rules.slippageBps, impactBps: impactBps(1, liquidity, rules.liquidity) });
  return addMoney(expected.price, commissionFor(expected.price, rules.commission));
}

/**
 * Whether a new order may be placed, with a preview of what it does (for the trade ticket).
 * The same rules run again when it executes (executeFill), at the price it actually gets.
 */
export function checkOrder(state: PortfolioState, requested: OrderSpec, context: OrderContext, rules: TradingRules): PlacementCheck {
  const last = context.prices.get(requested.symbol);
  if (last === undefined) return { ...refuse(rejection("UNKNOWN_INSTRUMENT", `There is no instrument ${requested.symbol}.`)), order: null };
  const liquidity = context.liquidity?.get(requested.symbol);
  const placed = orderAtPlacement(requested, last, liquidity, rules);
  if (!placed.ok) return { ...refuse(placed.rejection), order: null };
  const order = placed.order;
  // The impact of the whole order: the price a large one is expected to average while it works.
  const impact = impactBps(order.quantity, liquidity, rules.liquidity);
  const expected = expectedFill(order, last, { slippageBps: rules.slippageBps, impactBps: impact });
  const inParts = worksInParts(order.quantity, liquidity);
  const check = assess(state, order, { price: expected.price, markPrice: expected.markPrice, immediate: expected.immediate && !inParts }, context, rules, { forced: false, placing: true });
  if (check.preview) check.preview = { ...check.preview, impactBps: impact, inParts };
  return { ...check, order };
}

function refuse(why: Rejection, preview: OrderPreview | null = null): OrderCheck {
  return { ok: false, rejection: why, preview };
}

interface Assessment {
  /** The fill price to judge by. */
  price: Money;
  /** The instrument's price when that happens (values the position in buying power and limits). */
  markPrice: Money;
  immediate: boolean;
}

function assess(
  state: PortfolioState,
  order: OrderSpec,
  at: Assessment,
  context: OrderContext,
  rules: TradingRules,
  mode: { forced: boolean; placing: boolean },
): OrderCheck {
  const { symbol, side, quantity } = order;
  if (!mode.forced) {
    const refused =
      ruleRefusal(order, context, rules) ??
      conductRefusal(rules.conduct, {
        order,
        now: context.now,
        price: at.markPrice,
        positions: state.positions,
        ...(context.openOrders && { openOrders: context.openOrders }),
        ...(context.conduct && { facts: context.conduct }),
        placing: mode.placing,
      });
    if (refused) return refuse(refused);
  }
  const held = positionOf(state, symbol).quantity;
  if (side === "short" && held > 0) {
    return refuse(rejection("SHORT_WHILE_LONG", `You hold ${n(held)} ${symbol}. Sell those shares before you short ${symbol}.`));
  }
  if (side === "buy" && held < 0) {
    return refuse(rejection("BUY_WHILE_SHORT", `You are short ${n(-held)} ${symbol}. Cover the short before you buy ${symbol}.`));
  }
  if (side === "sell" || side === "cover") {
    const position = side === "sell" ? Math.max(0, held) : Math.max(0, -held);
    const promised = mode.placing ? promisedShares(context, symbol, side) : 0;
    const available = position - promised;
    if (quantity > available) {
      const what = side === "sell" ? `You hold ${n(position)} ${symbol}` : `You are short ${n(position)} ${symbol}`;
      const open = promised > 0 ? `, ${n(promised)} of them already in open ${side} orders` : "";
      return refuse(rejection("INSUFFICIENT_SHARES", `${what}${open}: you can ${side} at most ${n(Math.max(0, available))}.`));
    }
  }

  const notional = multiplyMoney(at.price, quantity);
  const { state: afterState, commission, cashChange } = bookFill(state, { symbol, side, quantity, price: at.price }, rules.commission);
  const before = valuePortfolio(state, context.prices, rules.margin);
  const afterValue = valuePortfolio(afterState, new Map(context.prices).set(symbol, at.markPrice), rules.margin);
  const preview: OrderPreview = {
    price: at.price,
    immediate: at.immediate,
    notional,
    commission,
    cashChange,
    reservation: !at.immediate && side === "buy" ? negateMoney(cashChange) : ZERO,
    buyingPowerBefore: before.buyingPower,
    buyingPowerAfter: afterValue.buyingPower,
  };

  // A cash account's hard floor; a margin account may borrow, within buying power (decision 070).
  if (afterState.cash < 0n && !rules.margin) {
    const cost = negateMoney(cashChange);
    return refuse(rejection("INSUFFICIENT_FUNDS", `This order needs ${$(cost)} in cash (commission ${$(commission)} included); you have ${$(state.cash)}.`), preview);
  }
  if (mode.forced || !opensPosition(side)) return { ok: true, preview };
  // Only orders that add exposure are held to buying power: a person can always reduce a position.
  if (afterValue.buyingPower < 0n) {
    const needed = subtractMoney(before.buyingPower, afterValue.buyingPower);
    return refuse(rejection("INSUFFICIENT_FUNDS", `This order needs ${$(needed)} of buying power; you have ${$(before.buyingPower)}.`), preview);
  }
  if (rules.maxPositionPct !== null) {
    if (unvalued(state)) throw new AccountingError("A position limit needs the portfolio's equity, not a state without the other longs valued.");
    const positionValue = absMoney(multiplyMoney(at.markPrice, positionOf(afterState, symbol).quantity));
    const allowed = afterValue.equity > 0n ? bpsOf(afterValue.equity, rules.maxPositionPct * 100, "down") : ZERO;
    if (positionValue > allowed) {
      return refuse(
        rejection("POSITION_LIMIT", `A position may be at most ${percentFigure(rules.maxPositionPct)} of equity (${$(allowed)}); after this order ${symbol} would be worth ${$(positionValue)}.`),
        preview,
      );
    }
  }
  return { ok: true, preview };
}

function ruleRefusal(order: OrderSpec, context: OrderContext, rules: TradingRules): Rejection | null {
  const window = rules.liveWindow;
  if (window && (context.now.getTime() < window.start.getTime() || context.now.getTime() >= window.end.getTime())) {
    const when = context.now.getTime() < window.start.getTime() ? `it starts at ${window.start.toISOString()}` : `it ended at ${window.end.toISOString()}`;
    return rejection("EVENT_NOT_LIVE", `This event is not live: ${when}.`);
  }
  if (!context.prices.has(order.symbol)) return rejection("UNKNOWN_INSTRUMENT", `There is no instrument ${order.symbol}.`);
  if (context.untradableSymbols?.has(order.symbol)) {
    return rejection("INDEX_NOT_TRADABLE", `${order.symbol} is an index: it measures the market and cannot be bought or sold. Trade its stocks instead.`);
  }
  if (rules.allowedSymbols && !rules.allowedSymbols.has(order.symbol)) {
    return rejection("INSTRUMENT_NOT_ALLOWED", `${order.symbol} cannot be traded in this event.`);
  }
  if (context.inactiveSymbols?.has(order.symbol)) return rejection("INSTRUMENT_INACTIVE", `${order.symbol} is no longer traded.`);
  if (order.side === "short") {
    if (!rules.allowShort) return rejection("SHORTING_DISABLED", "Short selling is turned off for this portfolio.");
    if (!rules.shortingUnlocked) return rejection("SHORTING_LOCKED", "Pass the short-selling lesson to unlock short selling.");
  }
  return null;
}

function promisedShares(context: OrderContext, symbol: string, side: Side): number {
  return (context.openOrders ?? []).filter((o) => o.order.symbol === symbol && o.order.side === side).reduce((total, o) => total + o.order.quantity, 0);
}

// ---------------------------------------------------------------------------------------
// Execution

export type Execution =
  | { ok: true; state: PortfolioState; fill: Fill; applied: AppliedFill }
  /** Refused when it came to fill; the order's reservation has been released in `state`. */
  | { ok: false; state: PortfolioState; rejection: Rejection };

/**
 * Executes a fill that matching produced for an order: releases the order's reservation,
 * runs the order's checks again at the actual price (prices as they are now), and books it.
 * `forced` (maintenance liquidation) keeps only the hard limits: shares held and, without
 * margin, cash ≥ 0.
 */
export function executeFill(
  state: PortfolioState,
  open: Pick<OpenOrder, "order" | "reservedCash">,
  fill: Fill,
  context: Omit<OrderContext, "openOrders">,
  rules: TradingRules,
  options: { forced?: boolean } = {},
): Execution {
  const released = releaseCash(state, open.reservedCash);
  const check = assess(released, open.order, { price: fill.price, markPrice: context.prices.get(fill.symbol) ?? fill.price, immediate: true }, context, rules, {
    forced: options.forced ?? false,
    placing: false,
  });
  if (!check.ok) return { ok: false, state: released, rejection: check.rejection };
  const applied = applyFill(released, fill, rules.commission, { allowDebit: Boolean(rules.margin) });
  return { ok: true, state: applied.state, fill, applied };
}

// ---------------------------------------------------------------------------------------
// Maintenance

export interface MaintenanceCall {
  equity: Money;
  shortMarketValue: Money;
  /** 30 % of the short market value, rounded up. */
  requiredEquity: Money;
  /**
   * Market orders to run in this order: sells of long positions first when cash alone
   * cannot pay for the covers, then a cover of every short.
   */
  orders: OrderSpec[];
  message: string;
}

/**
 * Null while equity is at least 30 % of Σ |short market value|; below that, the orders
 * that cover every short at market and the reason to tell the person.
 */
export function maintenanceCall(state: PortfolioState, prices: Prices, rules: Pick<TradingRules, "slippageBps" | "commission">): MaintenanceCall | null {
  if (state.elsewhere) throw new AccountingError("A maintenance call needs every position of the portfolio, not a partial state.");
  const value = valuePortfolio(state, prices);
  if (value.shortMarketValue === 0n) return null;
  const requiredEquity = roundCents(value.shortMarketValue * BigInt(MAINTENANCE_PCT), 100n, "up");
  if (value.equity >= requiredEquity) return null;

  const open = [...state.positions].filter(([, p]) => p.quantity !== 0);
  const covers: OrderSpec[] = open.filter(([, p]) => p.quantity < 0).map(([symbol, p]) => market(symbol, "cover", -p.quantity));
  const coverCost = covers.reduce<Money>((total, order) => addMoney(total, negateMoney(estimatedCashChange(order, prices, rules))), ZERO);
  let shortfall = subtractMoney(coverCost, state.cash);

  const sells: OrderSpec[] = [];
  const longs = open.filter(([, p]) => p.quantity > 0).sort(([a, pa], [b, pb]) => compareMoney(multiplyMoney(priceOf(prices, b), pb.quantity), multiplyMoney(priceOf(prices, a), pa.quantity)) || a.localeCompare(b));
  for (const [symbol, position] of longs) {
    if (shortfall <= 0n) break;
    const quantity = sharesToRaise(shortfall, symbol, position.quantity, prices, rules);
    const sell = market(symbol, "sell", quantity);
    sells.push(sell);
    shortfall = subtractMoney(shortfall, estimatedCashChange(sell, prices, rules));
  }
  return {
    equity: value.equity,
    shortMarketValue: value.shortMarketValue,
    requiredEquity,
    orders: [...sells, ...covers],
    message:
      `Your equity (${$(value.equity)}) fell below ${percentFigure(MAINTENANCE_PCT)} of the value of your short positions ` +
      `(${$(value.shortMarketValue)}; at least ${$(requiredEquity)} is required), so every short was covered at market` +
      (sells.length > 0 ? `, after selling ${sells.map((s) => `${n(s.quantity)} ${s.symbol}`).join(", ")} to pay for it.` : "."),
  };
}

function market(symbol: string, side: Side, quantity: number): OrderSpec {
  return { symbol, side, quantity, type: "market", timeInForce: "day" };
}

function compareMoney(a: Money, b: Money): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function estimatedCashChange(order: OrderSpec, prices: Prices, rules: Pick<TradingRules, "slippageBps" | "commission">): Money {
  const outcome = matchOrder(order, { kind: "placement", last: priceOf(prices, order.symbol) }, rules.slippageBps);
  if (outcome.kind !== "fill") throw new Error("A market order always fills.");
  const notional = multiplyMoney(outcome.fill.price, order.quantity);
  const commission = commissionFor(notional, rules.commission);
  return subtractMoney(paysCash(order.side) ? negateMoney(notional) : notional, commission);
}

/** The fewest shares (at most `held`) whose sale at market brings in at least `needed`. */
function sharesToRaise(needed: Money, symbol: string, held: number, prices: Prices, rules: Pick<TradingRules, "slippageBps" | "commission">): number {
  const proceeds = (quantity: number) => estimatedCashChange(market(symbol, "sell", quantity), prices, rules);
  if (proceeds(held) <= needed) return held;
  let low = 1;
  let high = held;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (proceeds(mid) >= needed) high = mid;
    else low = mid + 1;
  }
  return low;
}
