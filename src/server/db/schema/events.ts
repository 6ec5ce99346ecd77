import { sql } from "drizzle-orm";
import { bigint, boolean, check, customType, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { classes } from "./classes";
import { lessons } from "./learn";
import { portfolios } from "./trading";

export const EVENT_VISIBILITIES = ["public", "private"] as const;
export const EVENT_METRICS = ["return", "sharpe"] as const;

const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });
const money = (name: string) => numeric(name, { precision: 16, scale: 2 });

/** A replay event's price source: dataset ids played from a date at a speed (trading days per real hour). */
export interface StoredReplay {
  datasets: string[];
  from: string;
  speed: number;
}

/** A contest: its own portfolios under its own rules, for a time window (src/domain/events). */
export const events = pgTable(
  "events",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    startingCash: money("starting_cash").notNull(),
    commissionFlat: money("commission_flat").notNull().default("0"),
    commissionBps: numeric("commission_bps", { precision: 8, scale: 2 }).notNull().default("0"),
    allowShort: boolean("allow_short").notNull().default(true),
    maxPositionPct: numeric("max_position_pct", { precision: 5, scale: 2 }),
    /** null = every instrument. */
    instruments: jsonb("instruments").$type<string[]>(),
    visibility: text("visibility", { enum: EVENT_VISIBILITIES }).notNull(),
    /** Private events only; compared normalised (case, spaces and dashes ignored). */
    joinCode: text("join_code"),
    lateEntry: boolean("late_entry").notNull().default(true),
    maxParticipants: integer("max_participants"),
    metric: text("metric", { enum: EVENT_METRICS }).notNull().default("return"),
    requiredLessonId: text("required_lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    replay: jsonb("replay").$type<StoredReplay>(),
    /** Rules against gambling (docs/decisions/044); null = no such rule. */
    minHoldings: integer("min_holdings"),
    maxTradesPerDay: integer("max_trades_per_day"),
    minHoldMinutes: integer("min_hold_minutes"),
    minSharePrice: money("min_share_price"),
    /** Liquidity (docs/decisions/056): half the spread in bps, the participation limit in %, market impact on/off. */
    halfSpreadBps: numeric("half_spread_bps", { precision: 8, scale: 2 }).notNull().default("5"),
    participationPct: numeric("participation_pct", { precision: 5, scale: 2 }).notNull().default("10"),
    impact: boolean("impact").notNull().default(true),
    /** Margin (docs/decisions/070): the multiple of equity buying power reaches; null = no margin (the other margin columns are then unused). */
    marginMultiplier: numeric("margin_multiplier", { precision: 4, scale: 2 }),
    marginDebitRatePct: numeric("margin_debit_rate_pct", { precision: 5, scale: 2 }).notNull().default("8"),
    marginCreditRatePct: numeric("margin_credit_rate_pct", { precision: 5, scale: 2 }).notNull().default("0"),
    marginMaintenancePct: numeric("margin_maintenance_pct", { precision: 5, scale: 2 }).notNull().default("25"),
    marginCallHours: integer("margin_call_hours").notNull().default(24),
    /** Shorts pay a daily borrow fee. False for the events made before it existed (their rules were set without); a new event is written with its own choice (default on). */
    borrowFees: boolean("borrow_fees").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    archivedAt: at("archived_at"),
    /** A replay event: the instant up to which its replay task has settled resting orders. */
    replayCursor: at("replay_cursor"),
    /** When the end was processed: open orders cancelled, final standings frozen. */
    finalizedAt: at("finalized_at"),
    /**
     * A class contest (docs/decisions/042-class-contests-and-teams.md): only the class's members
     * (and admins) see and join it. Stored private without a join code: the class is the invitation.
     */
    classId: text("class_id").references(() => classes.id, { onDelete: "set null" }),
    /** A team event: each team of this many people (2–5) shares one portfolio; both null = everyone alone. */
    teamSizeMin: integer("team_size_min"),
    teamSizeMax: integer("team_size_max"),
  },
  (t) => [
    uniqueIndex("events_slug_unique").on(t.slug),
    index("events_class_idx").on(t.classId).where(sql`${t.classId} is not null`),
    check("events_team_size_check", sql`(${t.teamSizeMin} is null and ${t.teamSizeMax} is null) or (${t.teamSizeMin} between 2 and 5 and ${t.teamSizeMax} between ${t.teamSizeMin} and 5)`),
    index("events_window_idx").on(t.startsAt, t.endsAt),
    // Events whose end has not been processed yet: the lifecycle task looks here every second.
    index("events_unfinalized_idx").on(t.endsAt).where(sql`${t.finalizedAt} is null`),
  ],
);

export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    portfolioId: text("portfolio_id")
      .notNull()
      .references(() => portfolios.id, { onDelete: "cascade" }),
    joinedAt: at("joined_at").notNull().defaultNow(),
    /** Removed by an organiser (audited): off the board, cannot trade or join again. */
    removedAt: at("removed_at"),
    /**
     * Disqualified by the organiser or an admin after a fair-play flag (docs/decisions/046):
     * off the live board and the final standings, with the reason the person is shown.
     */
    disqualifiedAt: at("disqualified_at"),
    disqualifiedReason: text("disqualified_reason"),
    /**
     * The address the person joined from, as a keyed hash (HMAC-SHA-256 with a server key):
     * enough to see that several accounts joined one event from one address, not the address.
     */
    joinAddressHash: text("join_address_hash"),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_participants_user_idx").on(t.userId), uniqueIndex("event_participants_portfolio_unique").on(t.portfolioId)],
);

/**
 * A team of a team event (decision 042): its members share one portfolio (portfolios.team_id),
 * which is on the event's board through one participant row, that of the member who founded it.
 */
export const teams = pgTable(
  "teams",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Stored normalised (src/lib/readable-codes.ts): classmates join the team with it. */
    joinCode: text("join_code").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("teams_event_name_unique").on(t.eventId, sql`lower(${t.name})`), uniqueIndex("teams_join_code_unique").on(t.joinCode)],
);

/** Who is in which team: one team per person per event. */
export const teamMembers = pgTable(
  "team_members",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: at("joined_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("team_members_team_idx").on(t.teamId), index("team_members_user_idx").on(t.userId)],
);

/** The final standings of an ended event, written once at its end and never changed afterwards. */
export const eventStandings = pgTable(
  "event_standings",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rank: integer("rank").notNull(),
    equity: money("equity").notNull(),
    /** Fraction, 4 decimals. */
    totalReturn: numeric("total_return", { precision: 12, scale: 4 }),
    sharpe: numeric("sharpe", { precision: 12, scale: 4 }),
    trades: integer("trades").notNull(),
    joinedAt: at("joined_at").notNull(),
    /**
     * The rank shared with ties on the 4-decimal figures and how many share it (decision 053),
     * written with the standings (decision 085; migration 0037 filled the rows written before).
     */
    sharedRank: integer("shared_rank"),
    tied: integer("tied"),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), uniqueIndex("event_standings_rank_unique").on(t.eventId, t.rank)],
);

/**
 * Precomputed leaderboards (xp:all|week; the practice and live event boards are in stored_boards, decisions 091 and 094): a page is an
 * index range scan on (board, rank). Derived data (docs/decisions/047-boards-that-scale.md): in
 * PostgreSQL the table is partitioned by board (hand-written in migration 0022), each group of
 * boards an UNLOGGED partition that a refresh rebuilds whole and swaps in; no foreign key (a
 * trigger on users removes a deleted person's rows, as the cascade did).
 */
export const leaderboardEntries = pgTable(
  "leaderboard_entries",
  {
    board: text("board").notNull(),
    userId: text("user_id").notNull(),
    rank: integer("rank").notNull(),
    /** The board's metric: a return or Sharpe ratio (fraction), or XP. Null = undefined Sharpe. */
    value: doublePrecision("value"),
    /** A return shown beside a Sharpe ratio (and its tie-break); equity for portfolio boards. */
    totalReturn: doublePrecision("total_return"),
    equity: money("equity"),
    /**
     * Event boards only (null elsewhere): the rank the row shares with its ties and how many share
     * it (decision 053), written by the refresh with the row (decision 085), so a page reads it
     * instead of ranking the whole board again.
     */
    sharedRank: integer("shared_rank"),
    tied: integer("tied"),
    computedAt: at("computed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.userId] }), index("leaderboard_entries_rank_idx").on(t.board, t.rank)],
);

/**
 * A group of boards' refreshes (practice, xp, event:{id}, leagues; docs/decisions/049-boards-refresh-what-changed.md):
 * claimed before each refresh, done when its transaction commits. UNLOGGED like the boards
 * (migration 0026): a crash empties both, and a group with no row is due.
 */
export const boardRefreshState = pgTable("board_refresh_state", {
  groupKey: text("group_key").primaryKey(),
  /** What the last claimed refresh ranked for besides the inputs: the UTC day (period starts, daily ranks). */
  basis: text("basis"),
  /** Claims counted; `done` is the last claim whose refresh committed (less: one failed or is in flight). */
  claims: bigint("claims", { mode: "number" }).notNull().default(0),
  done: bigint("done", { mode: "number" }).notNull().default(0),
  /** The instant the boards were last known current: a refresh's, or a check that found nothing changed. */
  currentAt: at("current_at"),
});

/**
 * "Something this group ranks from changed": one row per group and writing transaction,
 * inserted by triggers on the inputs (migration 0026), deleted by the group's next claim. A
 * transaction's own row is invisible to a claim until it commits, so a claim never consumes a
 * change its refresh cannot see yet. UNLOGGED.
 */
export const boardRefreshMarks = pgTable(
  "board_refresh_marks",
  {
    groupKey: text("group_key").notNull(),
    /** The writing transaction (txid_current()): one row per transaction and group. */
    txn: bigint("txn", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupKey, t.txn] })],
);

/**
 * How many times a group's holders were deleted (decision 095): a practice or event portfolio, or
 * an event participant row, bumped by triggers on DELETE (and `*` on TRUNCATE). A book kept in
 * memory remembers the count it was read at and reads itself whole when it changed: a deleted row
 * cannot be found by its xmin. Writers that delete wait on the group's row; deletions are rare.
 */
export const boardRemovals = pgTable("board_removals", {
  groupKey: text("group_key").primaryKey(),
  removals: bigint("removals", { mode: "number" }).notNull().default(0),
});

/** Raw bytes (a board stored whole, decision 091). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Boards ranked in memory by the lease holder and stored whole, one row per board
 * (docs/decisions/091-practice-boards-served-from-memory.md): the four practice boards
 * (`practice:{period}`: holder indices by place and the figure by place), what they share
 * (`practice:figures`: each holder's total return and equity), the holders' user ids
 * (`roster:{name}`, written when who is on the boards changes) and the boards as the last
 * UTC day ended (`practice:{period}@{day}`: "rank change since yesterday"). UNLOGGED like the
 * refresh state (a crash empties both, and the group is due again).
 */
export const storedBoards = pgTable("stored_boards", {
  key: text("key").primaryKey(),
  /** The writing transaction's id (txid_current()): a reader's decoded copy is current while it is equal. */
  version: bigint("version", { mode: "number" }).notNull(),
  /** The roster whose holder indices the data uses (`roster:{roster}`); a roster row names itself. */
  roster: text("roster").notNull(),
  computedAt: at("computed_at").notNull(),
  data: bytes("data").notNull(),
});

/** Each board's ranks as a UTC day began (its last refresh before 00:00): "rank change since yesterday". */
export const leaderboardDailyRanks = pgTable(
  "leaderboard_daily_ranks",
  {
    board: text("board").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [primaryKey({ columns: [t.board, t.day, t.userId] })],
);
