/**
 * Stored rows ↔ the trading domain, and the shapes the API and the live stream send. Money
 * crosses here as decimal strings ("101.25") and becomes Money; nothing else converts it.
 */
import { formatMoney, type GroupMember, type Money, type OrderSpec, parseMoney, paysCash, type PortfolioState, restorePosition, roundCents, stopOf, type Trail } from "@/domain/trading";
import type { FillWire, OrderWire } from "@/lib/live-messages";
import { getTableColumns } from "drizzle-orm";
import { type fills, orders, type portfolios } from "@/server/db/schema";

export type PortfolioRow = typeof portfolios.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
/** An order as read for anything but answering its idempotent replay: every column but its stored answer. */
export type StoredOrder = Omit<OrderRow, "response">;

/** An order's columns but its stored answer (kilobytes an order, which only an idempotent replay reads: place.ts). */
const { response: _response, ...columnsButAnswer } = getTableColumns(orders);
export const storedOrderColumns = columnsButAnswer;

export const money = (text: string): Money => parseMoney(text);
export const $ = formatMoney;

export interface StoredPosition {
  symbol: string;
  quantity: number;
  costBasis: string;
  realisedPnl: string;
}

/** The domain's state of a portfolio from its row and its position rows. */
export function stateOf(portfolio: Pick<PortfolioRow, "cash" | "reservedCash"> & { receivable?: string; marginCallAt?: Date | null }, held: readonly StoredPosition[]): PortfolioState {
  return {
    cash: money(portfolio.cash),
    reservedCash: money(portfolio.reservedCash),
    // Read when the row was (a full row always is); left out, the writer keeps the stored figure.
    ...(portfolio.receivable !== undefined && { receivable: money(portfolio.receivable) }),
    ...(portfolio.marginCallAt !== undefined && { marginCallAt: portfolio.marginCallAt }),
    positions: new Map(held.map((p) => [p.symbol, restorePosition({ quantity: p.quantity, costBasis: money(p.costBasis), realisedPnl: money(p.realisedPnl) })])),
  };
}

type SpecColumns = Pick<OrderRow, "symbol" | "side" | "type" | "quantity" | "limitPrice" | "stopPrice" | "timeInForce" | "triggered"> &
  Partial<Pick<OrderRow, "trailPercent" | "trailAmount" | "waterMark">>;

/** A stored trailing stop's trail: its percentage, else its amount. */
function trailOf(row: SpecColumns): Trail {
  if (row.trailPercent !== null && row.trailPercent !== undefined) return { percent: Number(row.trailPercent) };
  return { amount: money(row.trailAmount!) };
}

/** The domain's view of a stored order. A triggered stop-limit rests as a plain limit; a triggered (trailing) stop works at market. */
export function specOf(row: SpecColumns): OrderSpec {
  const base = { symbol: row.symbol, side: row.side, quantity: row.quantity, timeInForce: row.timeInForce };
  switch (row.type) {
    case "market":
      return { ...base, type: "market" };
    case "limit":
      return { ...base, type: "limit", limitPrice: money(row.limitPrice!) };
    case "stop":
      // A large stop that triggered works in parts as a market order (docs/decisions/056).
      return row.triggered ? { ...base, type: "market" } : { ...base, type: "stop", stopPrice: money(row.stopPrice!) };
    case "stop-limit":
      return row.triggered
        ? { ...base, type: "limit", limitPrice: money(row.limitPrice!) }
        : { ...base, type: "stop-limit", stopPrice: money(row.stopPrice!), limitPrice: money(row.limitPrice!) };
    case "trailing-stop":
      // Its mark as stored (the stop in stop_price follows from it); a large one that triggered works at market.
      return row.triggered ? { ...base, type: "market" } : { ...base, type: "trailing-stop", trail: trailOf(row), waterMark: row.waterMark ? money(row.waterMark) : null };
  }
}

/** The columns of a new order from the order as placed (a trailing stop's stop, mark and trail; a dollar amount's notional). */
export function columnsOf(spec: OrderSpec): Pick<OrderRow, "type" | "quantity" | "limitPrice" | "stopPrice" | "trailPercent" | "trailAmount" | "waterMark" | "notional"> {
  const trailing = spec.type === "trailing-stop" ? spec : null;
  return {
    type: spec.type,
    quantity: spec.quantity,
    limitPrice: spec.type === "limit" || spec.type === "stop-limit" ? $(spec.limitPrice) : null,
    stopPrice: spec.type === "stop" || spec.type === "stop-limit" ? $(spec.stopPrice) : trailing?.waterMark ? $(stopOf(trailing)) : null,
    trailPercent: trailing && "percent" in trailing.trail ? trailing.trail.percent.toFixed(2) : null,
    trailAmount: trailing && "amount" in trailing.trail ? $(trailing.trail.amount) : null,
    waterMark: trailing?.waterMark ? $(trailing.waterMark) : null,
    notional: spec.notional !== undefined ? $(spec.notional) : null,
  };
}

/** Σ price × quantity ÷ filled, to the cent against the trader (up for a buy or cover, down for a sale). */
export function averagePriceOf(row: Pick<OrderRow, "side" | "filledQuantity" | "filledValue">): string | null {
  if (row.filledQuantity <= 0) return null;
  return $(roundCents(money(row.filledValue), BigInt(row.filledQuantity), paysCash(row.side) ? "up" : "down"));
}

/** The shares of an order still to fill. */
export const remainingOf = (row: Pick<OrderRow, "quantity" | "filledQuantity">) => row.quantity - row.filledQuantity;

/** A parent with its legs (oldest first), as an order's answer and the lists show it. */
export function serializeWithLegs(row: StoredOrder, legs: readonly StoredOrder[]): OrderWire {
  const rank = (leg: StoredOrder["leg"]) => (leg === "take-profit" ? 0 : 1);
  return { ...serializeOrder(row), legs: [...legs].sort((a, b) => rank(a.leg) - rank(b.leg)).map(serializeOrder) };
}

/** A group member as settleGroup (domain, order-classes.ts) sees it. */
export function memberOf(row: Pick<OrderRow, "id" | "leg" | "parentId" | "status" | "quantity" | "filledQuantity">): GroupMember {
  return { id: row.id, role: row.leg ?? "entry", parentId: row.parentId, status: row.status, quantity: row.quantity, filledQuantity: row.filledQuantity };
}

/** An order as the API and the live stream show it. */
export function serializeOrder(row: StoredOrder): OrderWire {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    limitPrice: row.limitPrice,
    stopPrice: row.stopPrice,
    trailPercent: row.trailPercent,
    trailAmount: row.trailAmount,
    // A sell or short trails the high, a buy or cover the low (decision 060).
    highWaterMark: row.waterMark !== null && !paysCash(row.side) ? row.waterMark : null,
    lowWaterMark: row.waterMark !== null && paysCash(row.side) ? row.waterMark : null,
    notional: row.notional,
    timeInForce: row.timeInForce,
    status: row.status === "open" && row.filledQuantity > 0 ? "partially_filled" : row.status,
    orderClass: row.orderClass,
    leg: row.leg,
    parentId: row.parentId,
    legs: [],
    triggered: row.triggered,
    filledQuantity: row.filledQuantity,
    averagePrice: averagePriceOf(row),
    reservedCash: row.reservedCash,
    rejection: row.rejectCode ? { code: row.rejectCode, message: row.rejectMessage ?? "" } : null,
    reason: row.rejectCode ? null : row.rejectMessage,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** A fill as the API and the live stream show it: its price and its commission. */
export function serializeFill(row: FillRow): FillWire {
  return {
    id: row.id,
    orderId: row.orderId,
    portfolioId: row.portfolioId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: row.price,
    commission: row.commission,
    reason: row.reason,
    referencePrice: row.referencePrice,
    impactBps: row.impactBps,
    reversalOf: row.reversalOf,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrderView = OrderWire;
export type FillView = FillWire;
