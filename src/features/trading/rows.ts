/**
 * Stored rows ↔ the trading domain, and the shapes the API and the live stream send. Money
 * crosses here as decimal strings ("101.25") and becomes Money; nothing else converts it.
 */
import { formatMoney, type Money, type OrderSpec, parseMoney, type PortfolioState, restorePosition } from "@/domain/trading";
import type { FillWire, OrderWire } from "@/lib/live-messages";
import type { fills, orders, portfolios } from "@/server/db/schema";

export type PortfolioRow = typeof portfolios.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;

export const money = (text: string): Money => parseMoney(text);
export const $ = formatMoney;

export interface StoredPosition {
  symbol: string;
  quantity: number;
  costBasis: string;
  realisedPnl: string;
}

/** The domain's state of a portfolio from its row and its position rows. */
export function stateOf(portfolio: Pick<PortfolioRow, "cash" | "reservedCash"> & { receivable?: string }, held: readonly StoredPosition[]): PortfolioState {
  return {
    cash: money(portfolio.cash),
    reservedCash: money(portfolio.reservedCash),
    // Read when the row was (a full row always is); left out, the writer keeps the stored figure.
    ...(portfolio.receivable !== undefined && { receivable: money(portfolio.receivable) }),
    positions: new Map(held.map((p) => [p.symbol, restorePosition({ quantity: p.quantity, costBasis: money(p.costBasis), realisedPnl: money(p.realisedPnl) })])),
  };
}

/** The domain's view of a stored order. A triggered stop-limit rests as a plain limit. */
export function specOf(row: Pick<OrderRow, "symbol" | "side" | "type" | "quantity" | "limitPrice" | "stopPrice" | "timeInForce" | "triggered">): OrderSpec {
  const base = { symbol: row.symbol, side: row.side, quantity: row.quantity, timeInForce: row.timeInForce };
  switch (row.type) {
    case "market":
      return { ...base, type: "market" };
    case "limit":
      return { ...base, type: "limit", limitPrice: money(row.limitPrice!) };
    case "stop":
      return { ...base, type: "stop", stopPrice: money(row.stopPrice!) };
    case "stop-limit":
      return row.triggered
        ? { ...base, type: "limit", limitPrice: money(row.limitPrice!) }
        : { ...base, type: "stop-limit", stopPrice: money(row.stopPrice!), limitPrice: money(row.limitPrice!) };
  }
}

/** An order as the API and the live stream show it. */
export function serializeOrder(row: OrderRow): OrderWire {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    limitPrice: row.limitPrice,
    stopPrice: row.stopPrice,
    timeInForce: row.timeInForce,
    status: row.status,
    triggered: row.triggered,
    reservedCash: row.reservedCash,
    rejection: row.rejectCode ? { code: row.rejectCode, message: row.rejectMessage ?? "" } : null,
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
    reversalOf: row.reversalOf,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrderView = OrderWire;
export type FillView = FillWire;
