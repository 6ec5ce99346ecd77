/** Portfolio display words and the trade ticket's cent arithmetic. Figures and times: @/lib/format. */
import { integer, money } from "@/lib/format";
import type { Order } from "./types";

export type Tone = "up" | "down" | "flat";

/** Amounts below a cent (or, for fractions, 0.005 %) count as no change. */
export function toneOf(value: string | number | null | undefined, kind: "money" | "percent" = "money"): Tone {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || Math.abs(n) < (kind === "percent" ? 0.00005 : 0.005)) return "flat";
  return n > 0 ? "up" : "down";
}

/** Words for screen readers and for anyone who cannot tell the colours apart. */
export function toneWord(tone: Tone): string {
  return tone === "up" ? "gain" : tone === "down" ? "loss" : "no change";
}

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
export const TYPE_LABEL: Record<string, string> = { market: "Market", limit: "Limit", stop: "Stop", "stop-limit": "Stop-limit" };
export const STATUS_LABEL: Record<string, string> = { open: "Open", filled: "Filled", cancelled: "Cancelled", rejected: "Rejected", expired: "Expired" };

/** An order in a few words: "Buy 10 ACME · Limit" (a stop-limit that has triggered says so). */
export function describeOrder(o: Pick<Order, "side" | "quantity" | "symbol" | "type" | "triggered">): string {
  return `${SIDE_LABEL[o.side]} ${integer(o.quantity)} ${o.symbol} · ${TYPE_LABEL[o.type]}${o.type === "stop-limit" && o.triggered ? " (triggered)" : ""}`;
}

/** The prices an order waits for: "stop 40.00, limit 41.00", or "at market". */
export function orderPrices(o: Pick<Order, "stopPrice" | "limitPrice">): string {
  const parts: string[] = [];
  if (o.stopPrice) parts.push(`stop ${money(o.stopPrice)}`);
  if (o.limitPrice) parts.push(`limit ${money(o.limitPrice)}`);
  return parts.join(", ") || "at market";
}
