/**
 * Rules against gambling (issue #13, docs/decisions/044-rules-against-gambling.md): an event
 * may ask for a spread of holdings after its first day, a cap on orders a day, a minimum time
 * a position is held before it is sold, and a minimum share price to buy or short at.
 *
 * Pure: the facts an order is judged by (orders placed today, when the position was last
 * opened) are gathered by the order path and passed in as `ConductFacts`; `now` is the order
 * context's, so a replay event's orders are judged on the same clock as everything else.
 */
import { integer, timeFormat } from "@/lib/format";
import { displayMoney, type Money } from "./money";
import { type OpenOrder, type OrderSpec, type Rejection, rejection } from "./orders";

export interface ConductRules {
  /** From `from` on (the event's start + 24 h), an order may not leave fewer open positions than `count`. */
  minHoldings: { count: number; from: Date } | null;
  /** Orders a portfolio may place in one trading day (filled or still open; see countsAsTrade). */
  maxTradesPerDay: number | null;
  /** A sell (cover) of a position last bought (shorted) less than this many minutes ago is refused. */
  minHoldMinutes: number | null;
  /** A buy or short of an instrument priced below this is refused. */
  minSharePrice: Money | null;
}

/** What the order path knows about the portfolio's recent trading, for the rules that need it. */
export interface ConductFacts {
  /** Orders already counted against today's limit (placed in the current trading day). */
  tradesToday: number;
  /** When the current trading day ends: 00:00 UTC for the practice market, the replayed day's end for a replay. */
  dayEndsAt: Date;
  /** The last fill that opened or grew the position the order would reduce (a buy for a sell, a short for a cover); null if none. */
  lastOpenedAt: Date | null;
}

/** Whether the rules need `ConductFacts` (and the order path one more query) for this side. */
export function needsConductFacts(rules: ConductRules | undefined, side: OrderSpec["side"]): boolean {
  if (!rules) return false;
  return rules.maxTradesPerDay !== null || (rules.minHoldMinutes !== null && (side === "sell" || side === "cover"));
}

/** The side whose fills opened the position an order of `side` reduces; null for orders that open. */
export function openingSideOf(side: OrderSpec["side"]): "buy" | "short" | null {
  return side === "sell" ? "buy" : side === "cover" ? "short" : null;
}

/**
 * The placement instants (of orders that count, i.e. not rejected, not cancelled, not an
 * automatic maintenance cover) that fall in the same trading day as `now`, by `endOfDay`.
 */
export function tradesOnDayOf(placedAt: readonly Date[], now: Date, endOfDay: (instant: Date) => Date): number {
  const today = endOfDay(now).getTime();
  return placedAt.filter((at) => at.getTime() <= now.getTime() && endOfDay(at).getTime() === today).length;
}

const utc = timeFormat("UTC");
/** "00:00 UTC", "14:05:30 UTC": seconds only when the instant has them (a replay's day can end anywhere). */
function clock(instant: Date): string {
  return `${instant.getUTCSeconds() === 0 ? utc.shortTime(instant) : utc.time(instant)} UTC`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${integer(count)} ${count === 1 ? one : many}`;
}

export interface ConductCheck {
  order: OrderSpec;
  now: Date;
  /** The instrument's price when the order fills: now for one that fills at once, the price a resting one waits for, or the fill's. */
  price: Money | undefined;
  /** Open positions' quantities by symbol before the order (zero ones may be included). */
  positions: ReadonlyMap<string, { quantity: number }>;
  /** The portfolio's open orders (placement only): shares they promise count as sold already. */
  openOrders?: ReadonlyArray<Pick<OpenOrder, "order">>;
  /** Present when placing an order; absent when judging a fill (see docs/decisions/044). */
  facts?: ConductFacts;
  placing: boolean;
}

/**
 * The first rule against gambling the order breaks, or null. At placement every rule is
 * judged; when a resting order comes to fill only the minimum share price is judged again
 * (at the fill's price), because the other rules are about the moment a person decides.
 */
export function conductRefusal(rules: ConductRules | undefined, check: ConductCheck): Rejection | null {
  if (!rules) return null;
  const { order, now } = check;
  const opens = order.side === "buy" || order.side === "short";

  if (rules.minSharePrice !== null && opens && check.price !== undefined && check.price < rules.minSharePrice) {
    return rejection(
      "MIN_SHARE_PRICE",
      `This order would ${order.side} ${order.symbol} at ${displayMoney(check.price)}; this event allows buying or shorting only shares priced at ${displayMoney(rules.minSharePrice)} or more.`,
    );
  }
  if (!check.placing) return null;

  const facts = check.facts;
  if (rules.maxTradesPerDay !== null && facts && facts.tradesToday >= rules.maxTradesPerDay) {
    return rejection(
      "MAX_TRADES_PER_DAY",
      `This event allows ${plural(rules.maxTradesPerDay, "trade")} a day; you have made ${integer(facts.tradesToday)} today. Try again after ${clock(facts.dayEndsAt)}.`,
    );
  }

  if (rules.minHoldMinutes !== null && !opens && facts?.lastOpenedAt) {
    const allowedAt = new Date(facts.lastOpenedAt.getTime() + rules.minHoldMinutes * 60_000);
    if (now.getTime() < allowedAt.getTime()) {
      const ago = Math.floor((now.getTime() - facts.lastOpenedAt.getTime()) / 60_000);
      const [did, act] = order.side === "sell" ? ["bought", "selling"] : ["shorted", "covering"];
      return rejection(
        "MIN_HOLD_TIME",
        `You ${did} ${order.symbol} ${ago < 1 ? "less than a minute" : plural(ago, "minute")} ago; this event asks you to hold a position at least ${plural(rules.minHoldMinutes, "minute")} before ${act} it. Try again after ${clock(allowedAt)}.`,
      );
    }
  }

  if (rules.minHoldings !== null && !opens && now.getTime() >= rules.minHoldings.from.getTime()) {
    const { count } = rules.minHoldings;
    const left = positionsLeft(check);
    const before = openSymbols(check).length;
    if (left < count && left < before) {
      return rejection(
        "MIN_HOLDINGS",
        `This event asks you to keep at least ${plural(count, "position")} in different instruments after its first day; this order would close ${order.symbol} and leave you ${plural(left, "position")}. Sell part of it, or buy another instrument first.`,
      );
    }
  }
  return null;
}

function openSymbols(check: ConductCheck): string[] {
  return [...check.positions].filter(([, p]) => p.quantity !== 0).map(([symbol]) => symbol);
}

/** Open positions once this order and the open orders that reduce positions have all filled. */
function positionsLeft(check: ConductCheck): number {
  const reducing = [...(check.openOrders ?? []).map((o) => o.order), check.order].filter((o) => o.side === "sell" || o.side === "cover");
  return openSymbols(check).filter((symbol) => {
    const held = Math.abs(check.positions.get(symbol)!.quantity);
    const promised = reducing.filter((o) => o.symbol === symbol).reduce((total, o) => total + o.quantity, 0);
    return promised < held;
  }).length;
}
