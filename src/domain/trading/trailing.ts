/**
 * Trailing stops (docs/decisions/060-trailing-stops-and-dollar-orders.md): a stop that follows
 * the best price since the order was placed.
 *
 * - The mark: a sell or short trails the highest price since placement (high-water mark), a
 *   buy or cover the lowest (low-water mark). The price that moves it is the market's last
 *   price (the tick's new price, the price a replay's path reaches), never a fill price. At
 *   placement the mark is the last price.
 * - The stop: the mark less the trail (sell, short) or plus it (buy, cover). A percentage
 *   trail is rounded to the cent towards the mark, so the stop is never further from the best
 *   price than the trader asked.
 * - The order: the stop is judged against the price before the mark moves on that price
 *   (on one price the two cannot both happen: a price that raises a sell's mark is above its
 *   stop). When the price reaches the stop, the order becomes a market order and fills like a
 *   triggered stop (matching.ts, liquidity.ts).
 */
import { percentFigure } from "@/lib/format";
import { displayMoney, type Money, scaleByBps } from "./money";
import { paysCash, type Side, type Trail, type TrailingStopOrder } from "./orders";

/** The stop a trail gives from a mark: below it for a sell or short, above it for a buy or cover. */
export function trailingStopPrice(side: Side, mark: Money, trail: Trail): Money {
  if ("amount" in trail) return (paysCash(side) ? mark + trail.amount : mark - trail.amount) as Money;
  const bps = Math.round(trail.percent * 100);
  // Towards the mark: the trail is never wider than asked.
  return paysCash(side) ? scaleByBps(mark, bps, "down") : scaleByBps(mark, -bps, "up");
}

/** Is `price` a better mark than `mark` for this side (higher for a sell or short, lower for a buy or cover)? */
export function improvesMark(side: Side, mark: Money, price: Money): boolean {
  return paysCash(side) ? price < mark : price > mark;
}

/** The order's mark, its placement price standing in while it has none yet. */
export function markOf(order: TrailingStopOrder, last: Money): Money {
  return order.waterMark ?? last;
}

/** The order's stop now (its mark, or `last` before it is placed). */
export function stopOf(order: TrailingStopOrder, last?: Money): Money {
  const mark = order.waterMark ?? last;
  if (mark === undefined) throw new Error("A trailing stop has no stop before it is placed: give the price it is placed at.");
  return trailingStopPrice(order.side, mark, order.trail);
}

/** The order with the mark it takes when `price` comes, or null when the price does not move it. */
export function followPrice(order: TrailingStopOrder, price: Money): TrailingStopOrder | null {
  if (order.waterMark !== null && !improvesMark(order.side, order.waterMark, price)) return null;
  return { ...order, waterMark: price };
}

/** "5 % below the high 100.00", "2.50 above the low 40.00": the trail in words. */
export function describeTrail(order: TrailingStopOrder, mark: Money): string {
  const size = "amount" in order.trail ? displayMoney(order.trail.amount) : percentFigure(order.trail.percent);
  return paysCash(order.side) ? `${size} above the low ${displayMoney(mark)}` : `${size} below the high ${displayMoney(mark)}`;
}
