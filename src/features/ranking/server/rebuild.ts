/**
 * Rebuilding a group of boards whole (docs/decisions/047-boards-that-scale.md).
 *
 * leaderboard_entries is partitioned by board (migration 0022): each group of boards a refresh
 * owns — the two XP boards (the practice and live event boards are stored whole since decisions 091 and 094) — is one UNLOGGED partition. A
 * refresh does not update the rows in place (when the market moves, nearly every rank changes,
 * and updating 400,000 rows in place cost ~20 s: two index entries and a dead tuple per row, a
 * foreign-key check per row, WAL, and a table that bloats faster than autovacuum cleans it).
 * It writes the new rows into a fresh table with no index, builds its two indexes in one sort
 * each, and swaps it in for the old partition in the same transaction: a reader sees the old
 * board or the new one, the old partition is dropped whole (no dead tuples, nothing to vacuum),
 * and nothing is written to the WAL. After a crash PostgreSQL empties unlogged tables; the next
 * refresh fills them again (the boards are derived from the database).
 *
 * Any board plugs in the same way: `rebuildBoards(tx, boards, ranked, now)` with a SELECT of
 * (board, user_id, rank, value, total_return, equity) for exactly those boards.
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "@/server/db";

/** Serialises swaps: each takes the parent's exclusive lock after reading it (recordDailyRanks), so two at once could deadlock. */
const REBUILD_LOCK_KEY = 724_311_047;

/** A SQL string literal (DDL takes no bind parameters): board keys are ours, but quote them properly anyway. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The partition that holds a group of boards: a stable name from the group's keys. */
export function boardsPartition(boards: readonly string[]): string {
  return `leaderboard_p_${createHash("sha256").update([...boards].sort().join("\n")).digest("hex").slice(0, 20)}`;
}

/** Waits for any other rebuild in this database (transaction-scoped). */
export async function lockRebuilds(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK_KEY})`);
}

/**
 * Makes `boards` exactly the rows `ranked` selects (board, user_id, rank, value, total_return,
 * equity), with `computed_at = now`. Runs inside the caller's transaction, which must hold
 * lockRebuilds. Returns the number of rows written.
 */
export async function rebuildBoards(tx: Tx, boards: readonly string[], ranked: SQL, now: Date): Promise<number> {
  if (boards.length === 0) return 0;
  const name = boardsPartition(boards);
  const next = `${name}_next`;
  const values = boards.map(literal).join(", ");
  const list = sql.join(
    boards.map((b) => sql`${b}`),
    sql`, `,
  );
  await tx.execute(sql.raw(`drop table if exists "${next}"`));
  // The partition's constraint as a CHECK, so that attaching it needs no validating scan.
  await tx.execute(sql.raw(`create unlogged table "${next}" (like leaderboard_entries including defaults, check (board in (${values})))`));
  const inserted = await tx.execute(sql`
    insert into ${sql.identifier(next)} (board, user_id, rank, value, total_return, equity, shared_rank, tied, computed_at)
    select board, user_id, rank, value, total_return, equity, null, null, ${now.toISOString()}::timestamptz
    from (${ranked}) as ranked`);
  // The parent's two indexes, built in one sort each, before the swap; attaching adopts them. The
  // parent's key is a PRIMARY KEY, so ours must be one too: a plain unique index is not adopted
  // for it, and the attach would build a third index under the parent's exclusive lock (700 ms
  // of blocked readers at 400,000 rows, measured).
  await tx.execute(sql.raw(`alter table "${next}" add primary key (board, user_id)`));
  await tx.execute(sql.raw(`create index on "${next}" (board, rank)`));
  // The swap: from here to the commit, readers of leaderboard_entries wait (milliseconds).
  const existing = await tx.execute<{ present: boolean }>(sql`select to_regclass(${`"${name}"`}) is not null as present`);
  if (existing.rows[0]?.present) {
    await tx.execute(sql.raw(`alter table leaderboard_entries detach partition "${name}"`));
    await tx.execute(sql.raw(`drop table "${name}"`));
  }
  // Rows of these boards written before they had a partition (another writer, an older version).
  await tx.execute(sql`delete from leaderboard_entries_default where board in (${list})`);
  await tx.execute(sql.raw(`alter table leaderboard_entries attach partition "${next}" for values in (${values})`));
  await tx.execute(sql.raw(`alter table "${next}" rename to "${name}"`));
  return Number(inserted.rowCount ?? (inserted as unknown as { affectedRows?: number }).affectedRows ?? 0);
}

/** Removes boards no refresh owns any more (an ended event's): their partition, or their rows in the default one. */
export async function dropBoards(tx: Tx, boards: readonly string[]): Promise<void> {
  for (const board of boards) {
    const name = boardsPartition([board]);
    const existing = await tx.execute<{ present: boolean }>(sql`select to_regclass(${`"${name}"`}) is not null as present`);
    if (existing.rows[0]?.present) {
      await tx.execute(sql.raw(`alter table leaderboard_entries detach partition "${name}"`));
      await tx.execute(sql.raw(`drop table "${name}"`));
    }
    await tx.execute(sql`delete from leaderboard_entries_default where board = ${board}`);
  }
}
