/**
 * The live stream's contract (GET /api/stream, Server-Sent Events), shared by the server that
 * publishes and the browser that consumes: every message type, its data, and nothing else.
 * The server publishes only through these types; the browser's handler table
 * (LIVE_HANDLERS in features/portfolio/components/data.ts; the stream itself is
 * features/shell/components/live.ts) must cover every one of them (tests/unit/live-messages.test.ts).
 */

export interface QuoteView {
  symbol: string;
  price: string;
  previousClose: string;
  at: string;
}

export interface OrderWire {
  id: string;
  portfolioId: string;
  symbol: string;
  side: "buy" | "sell" | "short" | "cover";
  type: "market" | "limit" | "stop" | "stop-limit" | "trailing-stop";
  /** Whole shares (a dollar-amount order: the shares its notional resolved to when placed). */
  quantity: number;
  limitPrice: string | null;
  /** A trailing stop's stop now: it follows the mark (decision 060). */
  stopPrice: string | null;
  /** A trailing stop's trail: a percentage of the mark ("5" = 5 %) or an amount; one of the two, else both null. */
  trailPercent: string | null;
  trailAmount: string | null;
  /** A sell or short trailing stop's mark: the highest price since it was placed. */
  highWaterMark: string | null;
  /** A buy or cover trailing stop's mark: the lowest price since it was placed. */
  lowWaterMark: string | null;
  /** A dollar-amount order: the amount asked ("2500.00"); null for an order of shares. */
  notional: string | null;
  timeInForce: "day" | "gtc";
  /**
   * "partially_filled": open, with part of it filled; the rest works (docs/decisions/056).
   * "held": an exit of a bracket or OTO waiting for its entry to fill (decision 065).
   */
  status: "open" | "held" | "partially_filled" | "filled" | "cancelled" | "rejected" | "expired";
  /** "simple", or the class of the group this order belongs to (decision 065). */
  orderClass: "simple" | "bracket" | "oco" | "oto";
  /** Its place in the group: "entry", "take-profit" or "stop-loss"; null for a simple order. */
  leg: "entry" | "take-profit" | "stop-loss" | null;
  /** The order whose leg this is (a bracket's or OTO's entry, an OCO's take-profit); null for a parent. */
  parentId: string | null;
  /**
   * A parent's legs, oldest first, in an order's answer and in lists; [] for a leg, a simple
   * order, and in the live stream (which sends each order by itself: legs carry parentId).
   */
  legs: OrderWire[];
  triggered: boolean;
  /** Shares filled so far (a cancelled or expired order keeps what filled). */
  filledQuantity: number;
  /** Average price of what filled (rounded against the trader), null while nothing has. */
  averagePrice: string | null;
  reservedCash: string;
  rejection: { code: string; message: string } | null;
  /** Why the engine closed (or placed) it when that was not a refusal: an exit cancelled because the other filled first, an event's end, a maintenance cover. */
  reason: string | null;
  /** The trade journal's note (≤ 1,000 characters), null when none was written. */
  note: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** A team portfolio's order list only: the member who placed it, first name + initial (decision 042). */
  placedBy?: string | null;
}

export interface FillWire {
  id: string;
  orderId: string;
  portfolioId: string;
  symbol: string;
  side: "buy" | "sell" | "short" | "cover";
  quantity: number;
  price: string;
  commission: string;
  reason: string;
  /** The market price it was priced against; null for fills before liquidity (and reversals). */
  referencePrice: string | null;
  /** Market impact it paid, in bps ("2.96"); null as referencePrice. */
  impactBps: string | null;
  /** A compensating fill: the id of the fill it reverses (docs/decisions/041-corrections.md). */
  reversalOf: string | null;
  /** The fill was reversed by this compensating fill (in fill lists; not in live messages). */
  reversedBy?: string | null;
  createdAt: string;
}

/**
 * What one committed change did to a portfolio: the orders it placed or changed (as they are
 * now) and the fills it booked. Null lists when the change was too large for one message:
 * the browser then reloads the portfolio.
 */
export interface PortfolioChange {
  portfolioId: string;
  orders: OrderWire[] | null;
  fills: FillWire[] | null;
}

export interface LiveMessages {
  /** First message of a stream: every active instrument's quote. */
  snapshot: { quotes: QuoteView[] };
  /** One instrument moved (a tick sends one per moved instrument). */
  quote: QuoteView;
  /** One of the person's portfolios changed (an order placed, filled, triggered, cancelled, expired, a cover, a reset). */
  portfolio: PortfolioChange;
  /** The session ended (signed out everywhere, disabled): the stream closes after this. */
  revoked: { reason: string };
}

export type LiveMessageType = keyof LiveMessages;
export const LIVE_MESSAGE_TYPES = ["snapshot", "quote", "portfolio", "revoked"] as const satisfies readonly LiveMessageType[];

export type LiveMessage = { [T in LiveMessageType]: { type: T; data: LiveMessages[T] } }[LiveMessageType];
