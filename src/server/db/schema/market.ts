import { bigint, boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * "stock" and "etf" are simulated and tradable; an "index" (the TLX benchmark) is computed
 * from its constituents on every tick and is never traded (docs/decisions/024).
 */
export const INSTRUMENT_KINDS = ["stock", "etf", "index"] as const;
export const CANDLE_INTERVALS = ["1m", "1d"] as const;

/**
 * The universe with the simulator's parameters and the latest price: the tradable stocks and
 * funds, and the benchmark index (kind "index": its simulation parameters are zero and never
 * read, its price is its level).
 */
export const instruments = pgTable(
  "instruments",
  {
    symbol: text("symbol").primaryKey(),
    name: text("name").notNull(),
    sector: text("sector").notNull(),
    kind: text("kind", { enum: INSTRUMENT_KINDS }).notNull(),
    active: boolean("active").notNull().default(true),
    startingPrice: numeric("starting_price", { precision: 14, scale: 2 }).notNull(),
    drift: doublePrecision("drift").notNull(),
    volatility: doublePrecision("volatility").notNull(),
    beta: doublePrecision("beta").notNull(),
    sectorLoading: doublePrecision("sector_loading").notNull(),
    averageDailyVolume: bigint("average_daily_volume", { mode: "number" }).notNull(),
    lastPrice: numeric("last_price", { precision: 14, scale: 2 }).notNull(),
    /** The close of the previous UTC day: what "day change" is measured from. */
    previousClose: numeric("previous_close", { precision: 14, scale: 2 }).notNull(),
    updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("instruments_sector_idx").on(t.sector)],
);

export const candles = pgTable(
  "candles",
  {
    symbol: text("symbol")
      .notNull()
      .references(() => instruments.symbol, { onDelete: "cascade" }),
    interval: text("interval", { enum: CANDLE_INTERVALS }).notNull(),
    start: timestamp("start", { mode: "date", withTimezone: true }).notNull(),
    open: numeric("open", { precision: 14, scale: 2 }).notNull(),
    high: numeric("high", { precision: 14, scale: 2 }).notNull(),
    low: numeric("low", { precision: 14, scale: 2 }).notNull(),
    close: numeric("close", { precision: 14, scale: 2 }).notNull(),
    volume: bigint("volume", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.interval, t.start] })],
);

/** What the market simulator needs to resume, seed included. Never sent to a browser. */
export interface StoredMarketState {
  seed: string;
  /** The domain's MarketState (plain JSON). */
  market: unknown;
  /**
   * Per symbol, the product of the total-return factors of its corporate actions so far
   * (decision 052): the benchmark multiplies each constituent's price by it, so dividends
   * count as return and a split is no fall. Absent = 1 for every symbol.
   */
  totalReturn?: Record<string, number>;
  /**
   * The first start's older years still to be written (decision 058): the first start writes
   * the most recent year before the server says ready and leaves this marker; the
   * market-history task writes the rest after, then removes it. What it needs to make the very
   * same candles again after a stop: the backfill's end time and the instruments it walked
   * (the seed above is the one kept). `before`: candles from this instant on are written.
   */
  historyFill?: StoredHistoryFill;
}

export interface StoredHistoryFill {
  /** The backfill's end time (ISO). */
  endTime: string;
  /** Every candle starting at or after this instant (ISO) is written; the older ones are not yet. */
  before: string;
  /** The instruments as the backfill walked them (the domain's InstrumentDefinition, plain JSON). */
  definitions: unknown[];
}

/** A single row (id = 1): the practice market's simulator state. */
export const marketState = pgTable("market_state", {
  id: integer("id").primaryKey().default(1),
  state: jsonb("state").$type<StoredMarketState>().notNull(),
  updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
});

/**
 * Leader leases for jobs that must run once per database (the market simulator, and one per
 * scheduled task: src/server/jobs/scheduler.ts). Taking over
 * an expired lease bumps `epoch`; every write of the leader first locks its row and checks
 * `holder` and `epoch`, so a leader that froze and lost the lease can never write again
 * (docs/decisions/016-simulator-leadership.md).
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  /** The fencing token: +1 on every change of holder. */
  epoch: bigint("epoch", { mode: "number" }).notNull(),
  expiresAt: timestamp("expires_at", { mode: "date", withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  /** A scheduled task's lease only: the start of the next period it must run for (null: never run). */
  nextDue: timestamp("next_due", { mode: "date", withTimezone: true }),
});

/** A named set of daily OHLCV history imported from CSV, for replays. Never touches the practice market. */
export const datasets = pgTable("datasets", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name").notNull().unique(),
  symbol: text("symbol").notNull(),
  /** The sector of the dataset's company (a replay position's sector); "Unclassified" for datasets imported before it was asked. */
  sector: text("sector").notNull(),
  createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  rowCount: integer("row_count").notNull(),
  /** YYYY-MM-DD */
  firstDate: date("first_date", { mode: "string" }).notNull(),
  /** YYYY-MM-DD */
  lastDate: date("last_date", { mode: "string" }).notNull(),
});

export const datasetRows = pgTable(
  "dataset_rows",
  {
    datasetId: text("dataset_id")
      .notNull()
      .references(() => datasets.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD */
    date: date("date", { mode: "string" }).notNull(),
    open: numeric("open", { precision: 14, scale: 2 }).notNull(),
    high: numeric("high", { precision: 14, scale: 2 }).notNull(),
    low: numeric("low", { precision: 14, scale: 2 }).notNull(),
    close: numeric("close", { precision: 14, scale: 2 }).notNull(),
    volume: bigint("volume", { mode: "number" }).notNull(),
    /** A dividend going ex this day, per share (docs/decisions/063); null when none. */
    dividend: numeric("dividend", { precision: 14, scale: 2 }),
    /** A split taking effect this day: `split_to` new shares for every `split_from` (2:1, 1:10); null when none. */
    splitTo: integer("split_to"),
    splitFrom: integer("split_from"),
  },
  (t) => [primaryKey({ columns: [t.datasetId, t.date] })],
);
