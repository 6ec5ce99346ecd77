/**
 * When an order fills and at what price (PRODUCT.md, "Trading rules"). This decides the
 * price of the quantity it is given; how much of a large order fills now is liquidity.ts's.
 *
 * - Market: at the last price moved against the trader by half the spread (`slippageBps`)
 *   plus the market impact of its size (`impactBps`, liquidity.ts).
 * - Limit: a resting limit the price crosses fills at its limit; better (at the new price)
 *   only when the price jumped through it. A price that only touches the limit fills it when
 *   the touch draw says so (queue position). A limit that is already reachable when placed
 *   takes liquidity like a market order: it pays the spread and impact, never beyond its limit.
 * - Stop: becomes a market order when touched, so it fills at the new price (worse, after a
 *   gap) with the spread and impact.
 * - Stop-limit: becomes a limit order when touched; on that same price it fills only if the
 *   price is within the limit (like a limit placed then), otherwise it rests as a limit.
 * - Trailing stop: a stop whose price follows the best price since placement (trailing.ts);
 *   when the price reaches its stop it is a market order, as a stop is.
 */
import { withUnit } from "@/lib/format";
import { displayMoney, maxMoney, minMoney, type Money, scaleByBps } from "./money";
import { type LimitOrder, type OrderSpec, paysCash, type Side } from "./orders";
import { describeTrail, markOf, stopOf } from "./trailing";

/** What the market did: a new order meets the last price; a resting one meets a price move. */
export type PriceMove = { kind: "placement"; last: Money } | { kind: "tick"; previous: Money; next: Money };

export interface Fill {
  symbol: string;
  side: Side;
  quantity: number;
  price: Money;
  /** The market price it was priced against (the last price, or the limit for a resting limit). */
  referencePrice: Money;
  /** The market impact it paid, in bps (0 for a resting limit and when impact is off). */
  impactBps: number;
  /** Why it filled at this price, in words a learner can follow. */
  reason: string;
}

/** How a fill is priced: half the spread and the impact of the size (bps), and the facts of the move. */
export interface FillPricing {
  /** Half the spread (a taker pays it), in bps. */
  slippageBps: number;
  /** Market impact of the order's size, in bps (liquidity.ts). */
  impactBps?: number;
  /** The move was a jump (the simulator's): a limit crossed by it fills at the new, better price. */
  jump?: boolean;
  /** A resting limit the price only touched fills (the touch draw said so). Default true. */
  touchFills?: boolean;
}

const pricingOf = (pricing: number | FillPricing): Required<FillPricing> =>
  typeof pricing === "number"
    ? { slippageBps: pricing, impactBps: 0, jump: false, touchFills: true }
    : { slippageBps: pricing.slippageBps, impactBps: pricing.impactBps ?? 0, jump: pricing.jump ?? false, touchFills: pricing.touchFills ?? true };

export type MatchOutcome =
  | { kind: "none" }
  | { kind: "fill"; fill: Fill }
  /** A stop-limit was touched but its limit is not reachable: it now rests as this limit order. */
  | { kind: "triggered"; order: LimitOrder; reason: string };

/** The price moved `bps` against the trader: up for buy/cover, down for sell/short. */
export function withSlippage(price: Money, side: Side, bps: number): Money {
  return paysCash(side) ? scaleByBps(price, bps, "up") : scaleByBps(price, -bps, "down");
}

/** Can a limit order of this side trade at `price`? (a buy at or below its limit, a sell at or above) */
export function reachesLimit(price: Money, limit: Money, side: Side): boolean {
  return paysCash(side) ? price <= limit : price >= limit;
}

/** Has `price` touched the stop? (a buy stop at or above it, a sell stop at or below) */
export function touchesStop(price: Money, stop: Money, side: Side): boolean {
  return paysCash(side) ? price >= stop : price <= stop;
}

/** The better of two prices for the trader: the lower for a buy, the higher for a sell. */
function better(a: Money, b: Money, side: Side): Money {
  return paysCash(side) ? minMoney(a, b) : maxMoney(a, b);
}

const $ = displayMoney;
const direction = (side: Side) => (paysCash(side) ? "up" : "down");

function fillOf(order: OrderSpec, price: Money, reason: string, referencePrice: Money, impactBps = 0): MatchOutcome {
  return { kind: "fill", fill: { symbol: order.symbol, side: order.side, quantity: order.quantity, price, referencePrice, impactBps, reason } };
}

const bps = (value: number) => withUnit(Math.round(value * 100) / 100, "bps");

function slippageNote(from: Money, to: Money, p: Required<FillPricing>): string {
  if (p.slippageBps === 0 && p.impactBps === 0) return `at ${$(to)}`;
  const parts = [p.slippageBps > 0 ? `${bps(p.slippageBps)} half-spread` : null, p.impactBps > 0 ? `${bps(p.impactBps)} market impact` : null].filter(Boolean);
  return `at ${$(to)} (${$(from)} with ${parts.join(" + ")})`;
}

/** An order meeting `price` as if placed now: market at once, limit if reachable (spread and impact capped by the limit). */
function asIncoming(order: OrderSpec, price: Money, p: Required<FillPricing>, lead: string): MatchOutcome {
  const slipped = withSlippage(price, order.side, p.slippageBps + p.impactBps);
  switch (order.type) {
    case "market":
    case "stop":
    case "trailing-stop":
      return fillOf(order, slipped, `${lead}market ${order.side} ${slippageNote(price, slipped, p)}`, price, p.impactBps);
    case "limit":
    case "stop-limit": {
      const limit = order.limitPrice;
      if (!reachesLimit(price, limit, order.side)) return { kind: "none" };
      const fillPrice = better(slipped, limit, order.side);
      const note = fillPrice === limit && slipped !== limit ? `at the limit ${$(limit)} (spread and impact capped by the limit)` : slippageNote(price, fillPrice, p);
      return fillOf(order, fillPrice, `${lead}limit ${$(limit)} reachable at ${$(price)}: filled at once ${note}`, price, p.impactBps);
    }
  }
}

/**
 * Decides whether `order` fills on `move` and at what price, or (a stop-limit) turns into a
 * resting limit order.
 */
export function matchOrder(order: OrderSpec, move: PriceMove, pricing: number | FillPricing): MatchOutcome {
  const p = pricingOf(pricing);
  if (move.kind === "placement") return matchPlacement(order, move.last, p);
  const { previous, next } = move;
  switch (order.type) {
    case "market":
      return asIncoming(order, next, p, "");
    case "limit": {
      // A resting limit provides liquidity: it pays no spread and no impact, and gets its limit.
      const limit = order.limitPrice;
      if (!reachesLimit(next, limit, order.side)) return { kind: "none" };
      if (next === limit) {
        if (!p.touchFills) return { kind: "none" };
        return fillOf(order, limit, `limit ${$(limit)} touched: filled at ${$(limit)} (a touch fills only when the order is reached in the queue)`, limit);
      }
      const gapped = !reachesLimit(previous, limit, order.side);
      // Already within reach before this move (a limit working in parts): it takes liquidity now, like one placed now.
      if (!gapped) return asIncoming(order, next, p, "");
      if (p.jump) {
        return fillOf(order, next, `limit ${$(limit)} reached; the price jumped ${direction(order.side) === "up" ? "down" : "up"} to ${$(next)}: filled at the better price`, limit);
      }
      return fillOf(order, limit, `price crossed the limit ${$(limit)} (to ${$(next)}): filled at the limit`, limit);
    }
    case "stop":
    case "stop-limit": {
      const stop = order.stopPrice;
      if (!touchesStop(next, stop, order.side)) return { kind: "none" };
      const gapped = next !== stop && !touchesStop(previous, stop, order.side);
      const lead = gapped ? `stop ${$(stop)} gapped through (${direction(order.side)} to ${$(next)}); ` : `stop ${$(stop)} touched at ${$(next)}; `;
      return triggered(order, next, p, lead);
    }
    case "trailing-stop": {
      // The stop as the marks before this price left it (trailing.ts): a price that would raise the mark never reaches it.
      const mark = markOf(order, previous);
      const stop = stopOf(order, previous);
      if (!touchesStop(next, stop, order.side)) return { kind: "none" };
      const gapped = next !== stop && !touchesStop(previous, stop, order.side);
      const what = `trailing stop ${$(stop)} (${describeTrail(order, mark)})`;
      return triggered(order, next, p, gapped ? `${what} gapped through (${direction(order.side)} to ${$(next)}); ` : `${what} touched at ${$(next)}; `);
    }
  }
}

function matchPlacement(order: OrderSpec, last: Money, p: Required<FillPricing>): MatchOutcome {
  switch (order.type) {
    case "market":
    case "limit":
      return asIncoming(order, last, p, "");
    case "stop":
    case "stop-limit":
      // A stop already touched when placed triggers at once rather than being refused.
      if (!touchesStop(last, order.stopPrice, order.side)) return { kind: "none" };
      return triggered(order, last, p, `stop ${$(order.stopPrice)} already touched at ${$(last)} when placed; `);
    case "trailing-stop": {
      // Placed at `last`, its mark is `last` and its stop a trail away: it waits (never touched when placed).
      const stop = stopOf(order, last);
      if (!touchesStop(last, stop, order.side)) return { kind: "none" };
      return triggered(order, last, p, `trailing stop ${$(stop)} already touched at ${$(last)}; `);
    }
  }
}

function triggered(order: OrderSpec, price: Money, p: Required<FillPricing>, lead: string): MatchOutcome {
  const outcome = asIncoming(order, price, p, lead);
  if (outcome.kind !== "none" || order.type !== "stop-limit") return outcome;
  const { stopPrice: _stop, type: _type, ...rest } = order;
  return {
    kind: "triggered",
    order: { ...rest, type: "limit" },
    reason: `${lead}now a limit order at ${$(order.limitPrice)} (${$(price)} is ${paysCash(order.side) ? "above" : "below"} the limit)`,
  };
}

/**
 * The price a new order is expected to fill at, for checks and previews: its fill price if it
 * would fill at once, else the price it waits for (a stop's with slippage, as it becomes a
 * market order). `markPrice` is the instrument's price at that moment, to value positions.
 */
export function expectedFill(order: OrderSpec, last: Money, pricing: number | FillPricing): { price: Money; markPrice: Money; immediate: boolean } {
  const p = pricingOf(pricing);
  const outcome = matchOrder(order, { kind: "placement", last }, p);
  if (outcome.kind === "fill") return { price: outcome.fill.price, markPrice: last, immediate: true };
  switch (order.type) {
    case "stop":
      return { price: withSlippage(order.stopPrice, order.side, p.slippageBps + p.impactBps), markPrice: order.stopPrice, immediate: false };
    case "trailing-stop": {
      // Judged at its stop now (it only moves in the trader's favour).
      const stop = stopOf(order, last);
      return { price: withSlippage(stop, order.side, p.slippageBps + p.impactBps), markPrice: stop, immediate: false };
    }
    case "limit":
    case "stop-limit":
      return { price: order.limitPrice, markPrice: order.limitPrice, immediate: false };
    case "market":
      throw new Error("A market order always fills when placed.");
  }
}
