import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const PORTFOLIO_KINDS = ["practice", "event"] as const;
export const ORDER_SIDES = ["buy", "sell", "short", "cover"] as const;
export const ORDER_TYPES = ["market", "limit", "stop", "stop-limit"] as const;
export const ORDER_TIMES_IN_FORCE = ["day", "gtc"] as const;
export const ORDER_STATUSES = ["open", "filled", "cancelled", "rejected", "expired"] as const;
export const LEDGER_KINDS = ["deposit", "trade", "commission"] as const;

const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
const price = (name: string) => numeric(name, { precision: 14, scale: 2 });
const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });

export const portfolios = pgTable(
  "portfolios",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PORTFOLIO_KINDS }).notNull(),
    eventId: text("event_id"),
    startingCash: money("starting_cash").notNull(),
    cash: money("cash").notNull(),
    reservedCash: money("reserved_cash").notNull().default("0"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One practice portfolio per person: the race of two first visits ends here.
    uniqueIndex("portfolios_practice_unique").on(t.userId).where(sql`${t.kind} = 'practice'`),
    index("portfolios_user_idx").on(t.userId),
  ],
);

export const positions = pgTable(
  "positions",
  {
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    /** Signed: negative for a short. */
    quantity: integer("quantity").notNull(),
    /** Exact cost basis (commissions included; −net proceeds for a short). */
    costBasis: numeric("cost_basis", { precision: 18, scale: 2 }).notNull(),
    realisedPnl: numeric("realised_pnl", { precision: 18, scale: 2 }).notNull().default("0"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.symbol] }), index("positions_symbol_short_idx").on(t.symbol).where(sql`${t.quantity} < 0`)],
);

/** The first answer to an order request, replayed exactly for the same Idempotency-Key. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export const orders = pgTable(
  "orders",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    side: text("side", { enum: ORDER_SIDES }).notNull(),
    type: text("type", { enum: ORDER_TYPES }).notNull(),
    quantity: integer("quantity").notNull(),
    limitPrice: price("limit_price"),
    stopPrice: price("stop_price"),
    timeInForce: text("time_in_force", { enum: ORDER_TIMES_IN_FORCE }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    rejectCode: text("reject_code"),
    rejectMessage: text("reject_message"),
    reservedCash: money("reserved_cash").notNull().default("0"),
    /** A stop-limit whose stop was touched: it now rests as a limit order. */
    triggered: boolean("triggered").notNull().default(false),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    response: jsonb("response").$type<StoredResponse>(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    closedAt: at("closed_at"),
  },
  (t) => [
    // Resting orders are found per tick through this index, never by scanning every order.
    index("orders_open_symbol_type_idx").on(t.symbol, t.type).where(sql`${t.status} = 'open'`),
    index("orders_open_day_idx").on(t.createdAt).where(sql`${t.status} = 'open' and ${t.timeInForce} = 'day'`),
    index("orders_portfolio_created_idx").on(t.portfolioId, t.createdAt),
    uniqueIndex("orders_idempotency_unique").on(t.portfolioId, t.idempotencyKey),
  ],
);

export const fills = pgTable(
  "fills",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    side: text("side", { enum: ORDER_SIDES }).notNull(),
    quantity: integer("quantity").notNull(),
    price: price("price").notNull(),
    commission: money("commission").notNull().default("0"),
    reason: text("reason").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("fills_portfolio_created_idx").on(t.portfolioId, t.createdAt), index("fills_order_idx").on(t.orderId)],
);

/** Every movement of cash: Σ amount = cash, always. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Signed: negative when cash left the portfolio. */
    amount: money("amount").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    fillId: text("fill_id").references(() => fills.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("ledger_entries_portfolio_idx").on(t.portfolioId, t.createdAt)],
);
