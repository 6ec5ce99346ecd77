/** Writing candles in bulk, shared by the market seed and the benchmark's seed. */
import { sql } from "drizzle-orm";
import { PgliteTransaction } from "drizzle-orm/pglite";
import type { Candle } from "@/domain/market";
import type { Tx } from "@/server/db";
import { candles } from "@/server/db/schema";

/** Rows per statement: one JSON parameter however many rows, so batches can be large. */
const CANDLE_BATCH = 20_000;

export interface InsertCandlesOptions {
  /**
   * The caller checked, in this transaction and under the market seed's lock, that the table
   * holds no candles (a first start's backfill). The inserts then skip the work that only
   * guards against rows that cannot be there (bench/README.md, 2026-11-28 seed time):
   * - no ON CONFLICT DO NOTHING: its speculative insertion probes the primary key a second
   *   time for every row; the primary key still refuses a duplicate, now with an error;
   * - on PGlite only, no foreign-key check per row (a trigger that looks the instrument up
   *   for each of the ~120,000 rows, a fifth to a third of the insert's time): every candle's symbol
   *   comes from the instruments read in this same transaction, and PGlite is one connection,
   *   so nobody can delete an instrument meanwhile. PostgreSQL keeps the check: there other
   *   sessions exist, and the app's role need not be allowed to skip it.
   */
  emptyTable?: boolean;
}

/**
 * One INSERT … SELECT FROM json_to_recordset(one JSON parameter) per batch instead of eight
 * bind parameters a row: the backfilled candles are written several times faster on PGlite,
 * and the same SQL runs on both drivers. Existing candles are kept (unless `emptyTable`).
 * PGlite's COPY FROM '/dev/blob' was measured too and was no faster than this.
 */
export async function insertCandles(tx: Tx, all: readonly Candle[], options: InsertCandlesOptions = {}): Promise<void> {
  const skipForeignKey = options.emptyTable === true && (tx as unknown) instanceof PgliteTransaction;
  // `replica` disables the table's triggers, the foreign key's included; set back right after
  // so later statements of the transaction fire theirs (docs/decisions/049's change marks).
  if (skipForeignKey) await tx.execute(sql`set local session_replication_role = replica`);
  const onConflict = options.emptyTable ? sql`` : sql`on conflict do nothing`;
  for (let i = 0; i < all.length; i += CANDLE_BATCH) {
    const rows = JSON.stringify(all.slice(i, i + CANDLE_BATCH).map((c) => ({ symbol: c.symbol, interval: c.interval, start: c.start.toISOString(), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume })));
    await tx.execute(sql`
      insert into ${candles} (symbol, interval, start, open, high, low, close, volume)
      select symbol, interval, start, open, high, low, close, volume
      from json_to_recordset(${rows}::json) as x(symbol text, interval text, start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint)
      ${onConflict}`);
  }
  if (skipForeignKey) await tx.execute(sql`set local session_replication_role = origin`);
}
