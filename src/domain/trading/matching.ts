/**
 * When an order fills and at what price (PRODUCT.md, "Trading rules"). Orders fill whole:
 * the simulated market has no volume, so there are no partial fills.
 *
 * - Market: at the last price with slippage against the trader.
 * - Limit: when the price reaches the limit, at the limit or better. A resting limit fills at
 *   the new price, so a gap through the limit fills at the new, better price. A limit that is
 *   already reachable when placed takes liquidity like a market order: it pays slippage, but
 *   never beyond its limit.
 * - Stop: becomes a market order when touched, so it fills at the new price (worse, after a
 *   gap) with slippage.
 * - Stop-limit: becomes a limit order when touched; on that same price it fills only if the
 *   price is within the limit (like a limit placed then), otherwise it rests as a limit.
 */
import { withUnit } from "@/lib/format";
import { displayMoney, maxMoney, minMoney, type Money, scaleByBps } from "./money";
import { type LimitOrder, type OrderSpec, paysCash, type Side } from "./orders";

/** What the market did: a new order meets the last price; a resting one meets a price move. */
export type PriceMove = { kind: "placement"; last: Money } | { kind: "tick"; previous: Money; next: Money };

export interface Fill {
  symbol: string;
  side: Side;
  quantity: number;
  price: Money;
  /** Why it filled at this price, in words a learner can follow. */
  reason: string;
}

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

function fillOf(order: OrderSpec, price: Money, reason: string): MatchOutcome {
  return { kind: "fill", fill: { symbol: order.symbol, side: order.side, quantity: order.quantity, price, reason } };
}

function slippageNote(from: Money, to: Money, bps: number): string {
  return bps === 0 ? `at ${$(to)}` : `at ${$(to)} (${$(from)} with ${withUnit(bps, "bps")} slippage)`;
}

/** An order meeting `price` as if placed now: market at once, limit if reachable (slippage capped by the limit). */
function asIncoming(order: OrderSpec, price: Money, slippageBps: number, lead: string): MatchOutcome {
  const slipped = withSlippage(price, order.side, slippageBps);
  switch (order.type) {
    case "market":
    case "stop":
      return fillOf(order, slipped, `${lead}market ${order.side} ${slippageNote(price, slipped, slippageBps)}`);
    case "limit":
    case "stop-limit": {
      const limit = order.limitPrice;
      if (!reachesLimit(price, limit, order.side)) return { kind: "none" };
      const fillPrice = better(slipped, limit, order.side);
      const note = fillPrice === limit && slipped !== limit ? `at the limit ${$(limit)} (slippage capped by the limit)` : slippageNote(price, fillPrice, slippageBps);
      return fillOf(order, fillPrice, `${lead}limit ${$(limit)} reachable at ${$(price)}: filled at once ${note}`);
    }
  }
}

/**
 * Decides whether `order` fills on `move` and at what price, or (a stop-limit) turns into a
 * resting limit order.
 */
export function matchOrder(order: OrderSpec, move: PriceMove, slippageBps: number): MatchOutcome {
  if (move.kind === "placement") return matchPlacement(order, move.last, slippageBps);
  const { previous, next } = move;
  switch (order.type) {
    case "market":
      return asIncoming(order, next, slippageBps, "");
    case "limit": {
      const limit = order.limitPrice;
      if (!reachesLimit(next, limit, order.side)) return { kind: "none" };
      if (next === limit) return fillOf(order, next, `limit ${$(limit)} reached: filled at ${$(next)}`);
      const gapped = !reachesLimit(previous, limit, order.side);
      return fillOf(
        order,
        next,
        gapped
          ? `limit ${$(limit)} reached; gap ${direction(order.side) === "up" ? "down" : "up"} to ${$(next)} filled at the better price`
          : `price ${$(next)} is better than the limit ${$(limit)}: filled at ${$(next)}`,
      );
    }
    case "stop":
    case "stop-limit": {
      const stop = order.stopPrice;
      if (!touchesStop(next, stop, order.side)) return { kind: "none" };
      const gapped = next !== stop && !touchesStop(previous, stop, order.side);
      const lead = gapped ? `stop ${$(stop)} gapped through (${direction(order.side)} to ${$(next)}); ` : `stop ${$(stop)} touched at ${$(next)}; `;
      return triggered(order, next, slippageBps, lead);
    }
  }
}

function matchPlacement(order: OrderSpec, last: Money, slippageBps: number): MatchOutcome {
  switch (order.type) {
    case "market":
    case "limit":
      return asIncoming(order, last, slippageBps, "");
    case "stop":
    case "stop-limit":
      // A stop already touched when placed triggers at once rather than being refused.
      if (!touchesStop(last, order.stopPrice, order.side)) return { kind: "none" };
      return triggered(order, last, slippageBps, `stop ${$(order.stopPrice)} already touched at ${$(last)} when placed; `);
  }
}

function triggered(order: OrderSpec, price: Money, slippageBps: number, lead: string): MatchOutcome {
  const outcome = asIncoming(order, price, slippageBps, lead);
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
export function expectedFill(order: OrderSpec, last: Money, slippageBps: number): { price: Money; markPrice: Money; immediate: boolean } {
  const outcome = matchOrder(order, { kind: "placement", last }, slippageBps);
  if (outcome.kind === "fill") return { price: outcome.fill.price, markPrice: last, immediate: true };
  switch (order.type) {
    case "stop":
      return { price: withSlippage(order.stopPrice, order.side, slippageBps), markPrice: order.stopPrice, immediate: false };
    case "limit":
    case "stop-limit":
      return { price: order.limitPrice, markPrice: order.limitPrice, immediate: false };
    case "market":
      throw new Error("A market order always fills when placed.");
  }
}
