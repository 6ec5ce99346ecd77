import { sql } from "drizzle-orm";
import { type AnyPgColumn, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { events } from "./events";
import { portfolios } from "./trading";

export const CORPORATE_ACTION_KINDS = ["dividend", "split"] as const;
/** Who scheduled it: the simulator (the bundled universe's plausible actions), an admin by hand, or an imported dataset. */
export const CORPORATE_ACTION_SOURCES = ["simulated", "admin", "dataset"] as const;

const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });

/**
 * Dividends and splits of the practice market's instruments (docs/decisions/052). The market
 * applies each once, in the simulator's fenced tick that crosses 00:00 UTC of its ex-date
 * (`applied_at`, with the price just before and after); a dividend's entitlements are paid
 * once its pay date has begun (`paid_at`).
 *
 * A row with an `event_id` is a replay event's application of one of its datasets' actions
 * (source `dataset`, docs/decisions/063): written by the event's replay task when its clock
 * crosses the action's trading day, for that event's portfolios only; its `symbol` is the
 * dataset's, which need not be an instrument (so the column references nothing), and its
 * dates are the dataset's. The practice market's reads and tick ignore these rows.
 */
export const corporateActions = pgTable(
  "corporate_actions",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** An instrument's symbol (instruments are never deleted), or a replay dataset's for an event's row. */
    symbol: text("symbol").notNull(),
    /** A replay event's own application of a dataset action; null for the practice market's. */
    eventId: text("event_id").references((): AnyPgColumn => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CORPORATE_ACTION_KINDS }).notNull(),
    /** YYYY-MM-DD (UTC): the action takes effect at its first instant. */
    exDate: date("ex_date", { mode: "string" }).notNull(),
    /** A dividend's: YYYY-MM-DD, on or after the ex-date. */
    payDate: date("pay_date", { mode: "string" }),
    /** A dividend's amount per share. */
    amount: numeric("amount", { precision: 14, scale: 2 }),
    /** A split's ratio: `ratio_to` new shares for every `ratio_from` held (2:1, 1:10). */
    ratioTo: integer("ratio_to"),
    ratioFrom: integer("ratio_from"),
    source: text("source", { enum: CORPORATE_ACTION_SOURCES }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    /** When the market applied it (price adjusted, positions and orders changed, entitlements recorded). */
    appliedAt: at("applied_at"),
    priceBefore: numeric("price_before", { precision: 14, scale: 2 }),
    priceAfter: numeric("price_after", { precision: 14, scale: 2 }),
    /** A dividend: when its entitlements were paid. */
    paidAt: at("paid_at"),
  },
  (t) => [
    uniqueIndex("corporate_actions_symbol_kind_day_unique").on(t.symbol, t.kind, t.exDate).where(sql`${t.eventId} is null`),
    uniqueIndex("corporate_actions_event_symbol_kind_day_unique").on(t.eventId, t.symbol, t.kind, t.exDate).where(sql`${t.eventId} is not null`),
    index("corporate_actions_pending_idx").on(t.exDate).where(sql`${t.appliedAt} is null and ${t.eventId} is null`),
    index("corporate_actions_unpaid_idx").on(t.payDate).where(sql`${t.kind} = 'dividend' and ${t.paidAt} is null and ${t.eventId} is null`),
  ],
);

/**
 * What an action did to one portfolio, written with it by the trading engine's writer: a
 * dividend's entitlement (the quantity held at the ex-date and the signed amount, paid at the
 * pay date), or a split's quantities and the cash its fraction settled. The primary key makes
 * each action reach each portfolio once.
 */
export const corporateActionEntries = pgTable(
  "corporate_action_entries",
  {
    actionId: text("action_id")
      .notNull()
      .references(() => corporateActions.id, { onDelete: "cascade" }),
    portfolioId: text("portfolio_id")
      .notNull()
      .references((): AnyPgColumn => portfolios.id, { onDelete: "cascade" }),
    /** Signed: the position at the ex-date (negative: a short). */
    quantityBefore: integer("quantity_before").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    /** Signed: a dividend's entitlement, or a split's cash in lieu. */
    amount: numeric("amount", { precision: 16, scale: 2 }).notNull(),
    reason: text("reason").notNull(),
    appliedAt: at("applied_at").notNull(),
    /** A dividend: when it was paid (null until its pay date). */
    paidAt: at("paid_at"),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.portfolioId] }),
    index("corporate_action_entries_portfolio_idx").on(t.portfolioId, t.appliedAt),
    index("corporate_action_entries_unpaid_idx").on(t.actionId).where(sql`${t.paidAt} is null`),
  ],
);
