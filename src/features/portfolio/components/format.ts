/** Portfolio display words and the trade ticket's cent arithmetic. Figures and times: @/lib/format. */
import { integer, money, percentFigure } from "@/lib/format";
import type { Order } from "./types";

/** Exact cents of a decimal string ("101.25" → 10125n); null when it is not a price. */
export function toCents(text: string): bigint | null {
  const match = /^\s*(-)?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? "").padEnd(2, "0") || "0");
  return match[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Division rounded up (toward +∞) or down, for non-negative numerators. */
export function divide(numerator: bigint, denominator: bigint, direction: "up" | "down"): bigint {
  const q = numerator / denominator;
  return direction === "up" && q * denominator !== numerator ? q + 1n : q;
}

export const SIDE_LABEL: Record<string, string> = { buy: "Buy", sell: "Sell", short: "Short", cover: "Cover" };
export const TYPE_LABEL: Record<string, string> = { market: "Market", limit: "Limit", stop: "Stop", "stop-limit": "Stop-limit", "trailing-stop": "Trailing stop" };
export const STATUS_LABEL: Record<string, string> = { open: "Open", held: "Waits for entry", filled: "Filled", cancelled: "Cancelled", rejected: "Rejected", expired: "Expired" };
export const CLASS_LABEL: Record<string, string> = { simple: "Simple", bracket: "Bracket", oco: "OCO", oto: "OTO" };
export const LEG_LABEL: Record<string, string> = { entry: "Entry", "take-profit": "Take-profit", "stop-loss": "Stop-loss" };

/** A group of orders with legs (decision 065): its parent when the list holds it, and its legs, take-profit first. */
export interface OrderGroup {
  key: string;
  head: Order | null;
  legs: Order[];
}

/**
 * Orders as groups, in the list's order: a simple order alone, a parent with its legs (from
 * the list, else the parent's own `legs`), legs whose parent is not in the list together.
 */
export function groupOrders(items: readonly Order[], options: { legsOf?: (leg: Order) => boolean } = {}): OrderGroup[] {
  const byId = new Map(items.map((o) => [o.id, o]));
  const groups: OrderGroup[] = [];
  const index = new Map<string, OrderGroup>();
  const keep = options.legsOf ?? (() => true);
  for (const o of items) {
    const key = o.parentId ?? o.id;
    let group = index.get(key);
    if (!group) {
      group = { key, head: byId.get(key) ?? null, legs: [] };
      index.set(key, group);
      groups.push(group);
    }
    if (o.parentId && keep(o)) group.legs.push(o);
  }
  for (const group of groups) {
    for (const leg of group.head?.legs ?? []) if (!group.legs.some((l) => l.id === leg.id) && keep(leg)) group.legs.push(byId.get(leg.id) ?? leg);
    group.legs.sort((a, b) => (a.leg === b.leg ? 0 : a.leg === "take-profit" ? -1 : 1));
  }
  return groups;
}

/**
 * An order in a few words: "Buy 10 ACME · Limit" (a stop-limit or trailing stop that has
 * triggered says so; a dollar-amount order its amount: "Buy 31 ACME (for 2,500.00) · Market").
 */
export function describeOrder(o: Pick<Order, "side" | "quantity" | "symbol" | "type" | "triggered"> & Partial<Pick<Order, "notional" | "orderClass" | "leg" | "parentId">>): string {
  const amount = o.notional ? ` (for ${money(o.notional)})` : "";
  const triggered = (o.type === "stop-limit" || o.type === "trailing-stop") && o.triggered ? " (triggered)" : "";
  // A leg says what it is ("Stop-loss: Sell 10 ACME · Stop"); a parent its class ("Buy 10 ACME · Market · Bracket").
  const role = o.leg && o.leg !== "entry" && o.parentId ? `${LEG_LABEL[o.leg]}: ` : "";
  const klass = o.orderClass && o.orderClass !== "simple" && !o.parentId ? ` · ${CLASS_LABEL[o.orderClass]}` : "";
  return `${role}${SIDE_LABEL[o.side]} ${integer(o.quantity)} ${o.symbol}${amount} · ${TYPE_LABEL[o.type]}${triggered}${klass}`;
}

type TrailFields = Partial<Pick<Order, "trailPercent" | "trailAmount" | "highWaterMark" | "lowWaterMark">>;

/** A trailing stop's trail and mark: "trails 5 % below the high 110.00", "trails 2.50 above the low 38.00". */
export function trailText(o: TrailFields): string | null {
  const trail = o.trailPercent ? percentFigure(Number(o.trailPercent)) : o.trailAmount ? money(o.trailAmount) : null;
  if (!trail) return null;
  if (o.highWaterMark) return `trails ${trail} below the high ${money(o.highWaterMark)}`;
  if (o.lowWaterMark) return `trails ${trail} above the low ${money(o.lowWaterMark)}`;
  return `trails ${trail}`;
}

/** The prices an order waits for: "stop 40.00, limit 41.00", "stop 104.50, trails 5 % below the high 110.00", or "at market". */
export function orderPrices(o: Pick<Order, "stopPrice" | "limitPrice"> & TrailFields): string {
  const parts: string[] = [];
  if (o.stopPrice) parts.push(`stop ${money(o.stopPrice)}`);
  if (o.limitPrice) parts.push(`limit ${money(o.limitPrice)}`);
  const trail = trailText(o);
  if (trail) parts.push(trail);
  return parts.join(", ") || "at market";
}
