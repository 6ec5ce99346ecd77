import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, pgView, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { corporateActions } from "./corporate-actions";
import { events, teams } from "./events";

export const PORTFOLIO_KINDS = ["practice", "event"] as const;
export const ORDER_SIDES = ["buy", "sell", "short", "cover"] as const;
export const ORDER_TYPES = ["market", "limit", "stop", "stop-limit", "trailing-stop"] as const;
export const ORDER_TIMES_IN_FORCE = ["day", "gtc"] as const;
/** "held": an exit of a bracket or OTO waiting for its entry to fill (decision 065); it promises, reserves and triggers nothing. */
export const ORDER_STATUSES = ["open", "held", "filled", "cancelled", "rejected", "expired"] as const;
export const ORDER_CLASSES = ["simple", "bracket", "oco", "oto"] as const;
export const ORDER_LEGS = ["entry", "take-profit", "stop-loss"] as const;
/**
 * "adjustment": cash an organiser or admin added or removed as a correction (docs/decisions/041-corrections.md);
 * "dividend": a dividend paid to (or by, on a short) a holder of record; "split": the cash a
 * split's fraction of a share settled (docs/decisions/052-corporate-actions.md); "interest": a
 * day's interest on a debit balance (or on cash) and "borrow-fee": a day's fee on a short
 * (docs/decisions/070-margin-and-borrowing.md).
 */
export const LEDGER_KINDS = ["deposit", "trade", "commission", "adjustment", "dividend", "split", "interest", "borrow-fee"] as const;
export const CORRECTION_KINDS = ["adjustment", "reversal"] as const;
/** Who made a correction, as the student is told: an admin, their class's teacher, or the event's organiser. */
export const CORRECTOR_ROLES = ["admin", "teacher", "organiser"] as const;

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
    /** A team's shared portfolio (decision 042): every member of the team trades it; null = the owner's alone. */
    teamId: text("team_id").references((): AnyPgColumn => teams.id, { onDelete: "cascade" }),
    startingCash: money("starting_cash").notNull(),
    cash: money("cash").notNull(),
    reservedCash: money("reserved_cash").notNull().default("0"),
    /** Dividends owed to the portfolio net of those it owes, from ex-date to pay date (decision 052): part of equity, never spendable. */
    receivable: money("receivable").notNull().default("0"),
    /**
     * The portfolio's units (decision 057): its time-weighted return is equity / units against
     * the starting 1.00. Null until the first flow (a teacher's cash adjustment): as many units
     * as the starting cash.
     */
    units: numeric("units", { precision: 24, scale: 8 }),
    /** When the standing margin call was raised (decision 070); null = none stands. Its deadline is this + the rules' call hours. */
    marginCallAt: at("margin_call_at"),
    /** +1 on every write of the portfolio's cash, positions or orders: the order path's optimistic guard. */
    version: bigint("version", { mode: "number" }).notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One practice portfolio per person: the race of two first visits ends here.
    uniqueIndex("portfolios_practice_unique").on(t.userId).where(sql`${t.kind} = 'practice'`),
    index("portfolios_user_idx").on(t.userId),
    uniqueIndex("portfolios_team_unique").on(t.teamId).where(sql`${t.teamId} is not null`),
    // The few portfolios with a standing margin call: every tick looks for them (their deadline, decision 070).
    index("portfolios_margin_call_idx").on(t.marginCallAt).where(sql`${t.marginCallAt} is not null`),
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

/** The first answer to an order request (the engine's result), replayed exactly for the same Idempotency-Key. */
export type StoredResponse = Record<string, unknown>;

type TriggerColumns = { side: AnyPgColumn; type: AnyPgColumn; triggered: AnyPgColumn; limitPrice: AnyPgColumn; stopPrice: AnyPgColumn };

/** Whether an order rests as a limit: a limit, or a stop-limit whose stop was touched. */
const restsAsLimit = (t: TriggerColumns) => sql`(${t.type} = 'limit' or (${t.type} = 'stop-limit' and ${t.triggered}))`;

/**
 * The price at or below which a resting order fires (a buy or cover limit, a sell or short
 * stop), else null. Shared by the index and the query so that PostgreSQL matches them.
 */
export const firesAtOrBelow = (t: TriggerColumns) =>
  sql`(case when ${t.side} in ('buy', 'cover') and ${restsAsLimit(t)} then ${t.limitPrice} when ${t.side} in ('sell', 'short') and not ${restsAsLimit(t)} then ${t.stopPrice} end)`;

/** The price at or above which a resting order fires (a sell or short limit, a buy or cover stop), else null. */
export const firesAtOrAbove = (t: TriggerColumns) =>
  sql`(case when ${t.side} in ('sell', 'short') and ${restsAsLimit(t)} then ${t.limitPrice} when ${t.side} in ('buy', 'cover') and not ${restsAsLimit(t)} then ${t.stopPrice} end)`;

type TrailColumns = { side: AnyPgColumn; type: AnyPgColumn; triggered: AnyPgColumn; waterMark: AnyPgColumn };

/**
 * A waiting sell or short trailing stop's high-water mark, else null: a price above it raises
 * the mark and the stop (decision 060). Shared by the index and the query, like firesAtOrBelow.
 */
export const trailsBelow = (t: TrailColumns) => sql`(case when ${t.type} = 'trailing-stop' and not ${t.triggered} and ${t.side} in ('sell', 'short') then ${t.waterMark} end)`;

/** A waiting buy or cover trailing stop's low-water mark, else null: a price below it lowers the mark and the stop. */
export const trailsAbove = (t: TrailColumns) => sql`(case when ${t.type} = 'trailing-stop' and not ${t.triggered} and ${t.side} in ('buy', 'cover') then ${t.waterMark} end)`;

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
    /**
     * A trailing stop (decision 060): its trail (a percentage or an amount, one of the two) and
     * its mark — the best price since it was placed (the highest for a sell or short, the
     * lowest for a buy or cover). `stop_price` holds its stop now, moved with the mark.
     */
    trailPercent: numeric("trail_percent", { precision: 5, scale: 2 }),
    trailAmount: price("trail_amount"),
    waterMark: price("water_mark"),
    /** A dollar-amount order (decision 060): the amount asked; `quantity` is the whole shares it resolved to. */
    notional: money("notional"),
    /**
     * Liquidity (docs/decisions/056): shares filled so far, their value (Σ price × quantity,
     * for the average price) and the volume the market traded while the order worked in parts.
     * An open order with filled_quantity > 0 is "partially_filled" on the wire.
     */
    filledQuantity: integer("filled_quantity").notNull().default(0),
    filledValue: money("filled_value").notNull().default("0"),
    volumeSeen: bigint("volume_seen", { mode: "number" }).notNull().default(0),
    /**
     * An order of a replay event's portfolio: priced by that event's replay, never by the
     * practice market. The practice crossed-order query and its indexes exclude these rows,
     * so a practice move on a symbol a dataset shares can never reach them.
     */
    replay: boolean("replay").notNull().default(false),
    /**
     * Orders with legs (decision 065): the class asked, this order's place in its group, and
     * its parent (the entry of a bracket or OTO, an OCO's take-profit); null for the parent
     * and for a simple order.
     */
    orderClass: text("order_class", { enum: ORDER_CLASSES }).notNull().default("simple"),
    leg: text("leg", { enum: ORDER_LEGS }),
    parentId: text("parent_id").references((): AnyPgColumn => orders.id, { onDelete: "cascade" }),
    /** The trader's journal entry: why this order, what would make them sell (≤ 1,000 characters). */
    note: text("note"),
    /** Who placed it (decision 042): a team portfolio's history names the member; null for orders before this column and for a deleted account. */
    placedBy: text("placed_by").references(() => users.id, { onDelete: "set null" }),
    /** The margin call standing on the portfolio when the person placed it (decision 072: the fair-play monitor's "trading at the edge of a call"); null when none stood, and for the engine's own orders. */
    underMarginCallAt: at("under_margin_call_at"),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    response: jsonb("response").$type<StoredResponse>(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    closedAt: at("closed_at"),
  },
  (t) => [
    // Resting orders are found per tick through these two, never by scanning every order: a
    // move to price p crosses exactly the open orders of its symbol with below ≥ p or above ≤ p.
    index("orders_open_fires_below_idx").on(t.symbol, firesAtOrBelow(t)).where(sql`${t.status} = 'open' and not ${t.replay}`),
    index("orders_open_fires_above_idx").on(t.symbol, firesAtOrAbove(t)).where(sql`${t.status} = 'open' and not ${t.replay}`),
    // Orders working in parts at market (a large market order, a triggered large stop): every
    // tick of their symbol may fill a part, whatever the price.
    index("orders_working_idx").on(t.symbol).where(sql`${t.status} = 'open' and not ${t.replay} and (${t.type} = 'market' or (${t.type} in ('stop', 'trailing-stop') and ${t.triggered}))`),
    // Waiting trailing stops whose mark a new price moves (a new high for a sell, a new low for a buy).
    index("orders_trail_high_idx").on(t.symbol, trailsBelow(t)).where(sql`${t.status} = 'open' and not ${t.replay} and ${t.type} = 'trailing-stop'`),
    index("orders_trail_low_idx").on(t.symbol, trailsAbove(t)).where(sql`${t.status} = 'open' and not ${t.replay} and ${t.type} = 'trailing-stop'`),
    index("orders_open_day_idx").on(t.createdAt).where(sql`${t.status} = 'open' and ${t.timeInForce} = 'day' and not ${t.replay}`),
    // A replay event's open orders: its task reads them per portfolio (a class, not a market).
    index("orders_replay_open_idx").on(t.portfolioId, t.symbol).where(sql`${t.status} = 'open' and ${t.replay}`),
    index("orders_portfolio_created_idx").on(t.portfolioId, t.createdAt),
    // A portfolio's open orders, read by every order it places: never a scan of its whole history.
    index("orders_portfolio_open_idx").on(t.portfolioId).where(sql`${t.status} = 'open'`),
    // A group's legs, read when one of them fills or its parent closes.
    index("orders_parent_idx").on(t.parentId).where(sql`${t.parentId} is not null`),
    // Only orders placed with a key: a null never conflicts, and the engine's own orders and most placements carry none.
    uniqueIndex("orders_idempotency_unique").on(t.portfolioId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const fills = pgTable(
  "fills",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /**
     * Its order, written with it by the one writer (no per-row key check: decision 088); the
     * fills of deleted orders go with them (the `fills_follow_orders` trigger, per statement).
     */
    orderId: text("order_id").notNull(),
    /** Its order's portfolio (the writer copies it; no key check of its own: decision 087). */
    portfolioId: text("portfolio_id").notNull(),
    symbol: text("symbol").notNull(),
    side: text("side", { enum: ORDER_SIDES }).notNull(),
    quantity: integer("quantity").notNull(),
    price: price("price").notNull(),
    commission: money("commission").notNull().default("0"),
    reason: text("reason").notNull(),
    /** The market price the fill was priced against (null for fills before decision 056). */
    referencePrice: price("reference_price"),
    /** The market impact it paid, in bps (null for fills before decision 056). */
    impactBps: numeric("impact_bps", { precision: 8, scale: 2 }),
    /**
     * Set on a compensating fill (docs/decisions/041-corrections.md): the fill it reverses, at
     * that fill's price and quantity with the opposite side and its commission refunded
     * (negative). History is never deleted: both rows stay, and the pair nets to nothing.
     */
    reversalOf: text("reversal_of").references((): AnyPgColumn => fills.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("fills_portfolio_created_idx").on(t.portfolioId, t.createdAt),
    index("fills_order_idx").on(t.orderId),
    // A fill is reversed at most once: two teachers racing end here. Only compensating fills are in it.
    uniqueIndex("fills_reversal_of_unique").on(t.reversalOf).where(sql`${t.reversalOf} is not null`),
  ],
);

/** Every movement of cash: Σ amount = cash, always. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /**
     * Its portfolio: a fill's lines take it from the fill, the others are written with their
     * portfolio's row (no per-row key check: decision 088); a deleted portfolio's lines go with
     * it (the `ledger_follows_portfolios` trigger, per statement).
     */
    portfolioId: text("portfolio_id").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Signed: negative when cash left the portfolio. */
    amount: money("amount").notNull(),
    /** A trade's or commission's order: its fill's (whose key is checked; no check of its own: decision 087). */
    orderId: text("order_id"),
    /** A trade's or commission's fill, written in the same statement (decision 088; a deleted fill's lines lose it: `ledger_forgets_fills`). */
    fillId: text("fill_id"),
    /** The dividend or split a "dividend" or "split" line settles (decision 052). */
    corporateActionId: text("corporate_action_id").references((): AnyPgColumn => corporateActions.id, { onDelete: "set null" }),
    /** Why the cash moved, in the person's words ("Dividend 0.42 × 120 shares"); null for trades and deposits, whose fills say it. */
    reason: text("reason"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("ledger_entries_portfolio_idx").on(t.portfolioId, t.createdAt)],
);

/**
 * A portfolio's accrual of one UTC day (decision 070): the interest on its cash and the borrow
 * fees of its shorts, booked once. The primary key is what makes the daily booking exactly-once
 * across restarts and instances: the row is written in the same statement as the ledger lines
 * and the cash, under the portfolio's version guard and the task's fenced lease.
 */
export const portfolioAccruals = pgTable(
  "portfolio_accruals",
  {
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    /** The UTC day accrued. */
    day: date("day", { mode: "string" }).notNull(),
    /** Signed: charged (< 0) or paid (> 0). */
    interest: money("interest").notNull(),
    /** Charged: ≤ 0. */
    borrowFees: money("borrow_fees").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.day] })],
);

/**
 * Corrections an organiser or admin made to a portfolio (docs/decisions/041-corrections.md):
 * a cash adjustment (its ledger line) or a fill reversal (its compensating fill). Each has
 * a reason, is audited, and is shown to the portfolio's owner.
 */
export const portfolioCorrections = pgTable(
  "portfolio_corrections",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CORRECTION_KINDS }).notNull(),
    /** Signed cash the correction moved: the adjustment, or the reversal's cash (commission refund included). */
    amount: money("amount").notNull(),
    /** A reversal: the fill reversed and its compensating fill. */
    fillId: text("fill_id").references(() => fills.id, { onDelete: "cascade" }),
    reversalFillId: text("reversal_fill_id").references(() => fills.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    byRole: text("by_role", { enum: CORRECTOR_ROLES }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("portfolio_corrections_portfolio_idx").on(t.portfolioId, t.createdAt)],
);

/**
 * The equity of every portfolio at aligned instants (every 5 minutes on the clock, see
 * features/portfolio/server/snapshots.ts), with the benchmark's level at the same instant.
 * They make period returns exact (ranking, day change) and draw the equity curve. Old rows
 * thin out: 5-minute rows for 2 days, hourly for 35 days, one a day (00:00 UTC) for ever.
 */
export const equitySnapshots = pgTable(
  "equity_snapshots",
  {
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    takenAt: at("taken_at").notNull(),
    equity: money("equity").notNull(),
    /** The benchmark index level at `takenAt`; null when it had no price. */
    benchmark: price("benchmark"),
    /** The portfolio's units at `takenAt` (decision 057); null = as many as its starting cash (no flow yet). */
    units: numeric("units", { precision: 24, scale: 8 }),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.takenAt] }), index("equity_snapshots_taken_idx").on(t.takenAt)],
);

/**
 * The prices an event's portfolios are valued at where the practice market's last price is
 * not theirs: a replay event's latest replay prices (and its own benchmark, under
 * BENCHMARK_MARK), and, once any event has ended, the final price of every symbol its
 * portfolios held (so an ended event's figures stay what they were at its end). Written
 * only by the trading engine (features/trading marks.ts); read by the valuation views
 * (position_marks, portfolio_valuations), which take a mark before the last price.
 */
export const priceMarks = pgTable(
  "price_marks",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    price: price("price").notNull(),
    at: at("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.symbol] })],
);

/** The price of every position (migration 0011_valuation_views): its event's mark, else the last price. */
export const positionMarks = pgView("position_marks", {
  portfolioId: text("portfolio_id").notNull(),
  symbol: text("symbol").notNull(),
  quantity: integer("quantity").notNull(),
  costBasis: numeric("cost_basis", { precision: 18, scale: 2 }).notNull(),
  realisedPnl: numeric("realised_pnl", { precision: 18, scale: 2 }).notNull(),
  /** Null only for a symbol nothing prices (never in practice). */
  price: price("price"),
}).existing();

/** Every portfolio's valuation (migration 0011_valuation_views): the one SQL definition of equity. */
export const portfolioValuations = pgView("portfolio_valuations", {
  portfolioId: text("portfolio_id").notNull(),
  userId: text("user_id").notNull(),
  kind: text("kind", { enum: PORTFOLIO_KINDS }).notNull(),
  eventId: text("event_id"),
  startingCash: money("starting_cash").notNull(),
  cash: money("cash").notNull(),
  reservedCash: money("reserved_cash").notNull(),
  createdAt: at("created_at").notNull(),
  longValue: numeric("long_value").notNull(),
  shortValue: numeric("short_value").notNull(),
  equity: numeric("equity").notNull(),
  benchmark: price("benchmark"),
  /** The portfolio's units now (decision 057): its stored units, or its starting cash before any flow. */
  units: numeric("units").notNull(),
}).existing();

/** Instruments a person follows, in the order they added them. */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    symbol: text("symbol").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);
