/**
 * Orders and fills as the API answers them (docs/decisions/071), as zod schemas: the engine
 * builds them (rows.ts `serializeOrder`, `serializeFill`), so the engine owns their shape; the
 * portfolio's routes (orders, fills, a placement, a cancellation) and the report cards and the
 * teacher's student view that embed them declare these. No server code here.
 *
 * The live stream sends the same objects; its contract (lib/live-messages.ts, below features)
 * keeps its own `OrderWire` and `FillWire`, held equal to these by tsc (the checks at the end).
 */
import * as z from "zod/mini";
import { decimal, instant, int, pageOf } from "@/lib/api/answers";
import type { FillWire, OrderWire } from "@/lib/live-messages";

export const orderSide = z.enum(["buy", "sell", "short", "cover"]);

const orderFields = {
  id: z.string(),
  portfolioId: z.string(),
  symbol: z.string(),
  side: orderSide,
  type: z.enum(["market", "limit", "stop", "stop-limit", "trailing-stop"]),
  /** Whole shares (a dollar-amount order: the shares its notional resolved to when placed). */
  quantity: int,
  limitPrice: z.nullable(decimal),
  /** A trailing stop's stop now: it follows the mark (decision 060). */
  stopPrice: z.nullable(decimal),
  /** A trailing stop's trail: a percentage of the mark ("5" = 5 %) or an amount; one of the two, else both null. */
  trailPercent: z.nullable(decimal),
  trailAmount: z.nullable(decimal),
  /** A sell or short trailing stop's mark: the highest price since it was placed. */
  highWaterMark: z.nullable(decimal),
  /** A buy or cover trailing stop's mark: the lowest price since it was placed. */
  lowWaterMark: z.nullable(decimal),
  /** A dollar-amount order: the amount asked; null for an order of shares. */
  notional: z.nullable(decimal),
  timeInForce: z.enum(["day", "gtc"]),
  /** "partially_filled": open with a part filled (decision 056); "held": an exit waiting for its entry (decision 065). */
  status: z.enum(["open", "held", "partially_filled", "filled", "cancelled", "rejected", "expired"]),
  orderClass: z.enum(["simple", "bracket", "oco", "oto"]),
  /** Its place in its group; null for a simple order. */
  leg: z.nullable(z.enum(["entry", "take-profit", "stop-loss"])),
  /** The order whose leg this is; null for a parent or a simple order. */
  parentId: z.nullable(z.string()),
  triggered: z.boolean(),
  /** Shares filled so far (a cancelled or expired order keeps what filled). */
  filledQuantity: int,
  /** Average price of what filled (rounded against the trader); null while nothing has. */
  averagePrice: z.nullable(decimal),
  reservedCash: decimal,
  rejection: z.nullable(z.object({ code: z.string(), message: z.string() })),
  /** Why the engine closed (or placed) it when that was not a refusal. */
  reason: z.nullable(z.string()),
  /** The trade journal's note; null when none was written. */
  note: z.nullable(z.string()),
  createdAt: instant,
  updatedAt: instant,
  closedAt: z.nullable(instant),
  /** A team portfolio's order list only: the member who placed it, first name + initial (decision 042). */
  placedBy: z.optional(z.nullable(z.string())),
};

/** An order; a parent of a bracket, OCO or OTO carries its `legs` (oldest first), [] otherwise. */
type OrderShape = typeof orderFields & { legs: z.ZodMiniArray<OrderSchema> };
// Named, because the schema holds itself (its legs are orders).
type OrderSchema = z.ZodMiniObject<OrderShape, z.core.$strip>;
export const orderAnswer: OrderSchema = z.object({
  ...orderFields,
  get legs() {
    return z.array(orderAnswer);
  },
});
export type Order = z.output<typeof orderAnswer>;
// Named, so the OpenAPI document shows it once (components.schemas.Order) and its legs refer to it.
z.globalRegistry.add(orderAnswer, { id: "Order" });

export const fillAnswer = z.object({
  id: z.string(),
  orderId: z.string(),
  portfolioId: z.string(),
  symbol: z.string(),
  side: orderSide,
  quantity: int,
  price: decimal,
  commission: decimal,
  reason: z.string(),
  /** The market price it was priced against; null for fills before liquidity (and reversals). */
  referencePrice: z.nullable(decimal),
  /** Market impact it paid, in bps; null as referencePrice. */
  impactBps: z.nullable(decimal),
  /** A compensating fill: the fill it reverses (decision 041). */
  reversalOf: z.nullable(z.string()),
  /** In fill lists: the compensating fill that reversed it (absent in a placement's answer). */
  reversedBy: z.optional(z.nullable(z.string())),
  createdAt: instant,
});
export type Fill = z.output<typeof fillAnswer>;

export const ordersPage = pageOf(orderAnswer);
export const fillsPage = pageOf(fillAnswer);

/** POST …/orders, 201: the order placed and its fill when it filled at once. */
export const orderPlaced = z.object({ order: orderAnswer, fill: z.nullable(fillAnswer) });

/** GET …/corporate-actions (corporate-actions.ts `listPortfolioActions`). */
export const portfolioActionAnswer = z.object({
  actionId: z.string(),
  kind: z.enum(["dividend", "split"]),
  symbol: z.string(),
  exDate: z.iso.date(),
  /** A dividend's. */
  payDate: z.optional(z.iso.date()),
  /** "Dividend 0.42 × 120 shares", "Split 2:1: 120 → 240 shares". */
  reason: z.string(),
  /** Signed: the dividend owed to (or by) the portfolio, or the cash a split's fraction settled. */
  amount: decimal,
  quantityBefore: int,
  quantityAfter: int,
  /** A dividend: whether its pay date has come and the cash moved. */
  paid: z.optional(z.boolean()),
  at: instant,
});
export type PortfolioAction = z.output<typeof portfolioActionAnswer>;
export const portfolioActionsAnswer = z.object({ items: z.array(portfolioActionAnswer) });

// The live stream's copies are these very shapes: a drift either way fails tsc here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type _LiveOrderIsTheAnswer = Assert<Same<Order, OrderWire>>;
export type _LiveFillIsTheAnswer = Assert<Same<Fill, FillWire>>;
