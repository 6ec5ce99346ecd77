/**
 * The live stream's contract (GET /api/stream, Server-Sent Events), shared by the server that
 * publishes and the browser that consumes: every message type, its data, and nothing else.
 * The server publishes only through these types; the browser's handler table
 * (features/portfolio/components/live.ts) must cover every one of them
 * (tests/unit/live-messages.test.ts).
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
  type: "market" | "limit" | "stop" | "stop-limit";
  quantity: number;
  limitPrice: string | null;
  stopPrice: string | null;
  timeInForce: "day" | "gtc";
  status: "open" | "filled" | "cancelled" | "rejected" | "expired";
  triggered: boolean;
  reservedCash: string;
  rejection: { code: string; message: string } | null;
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
