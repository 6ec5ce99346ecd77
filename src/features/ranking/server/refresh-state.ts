/**
 * Refreshing only the boards whose inputs changed (docs/decisions/049-boards-refresh-what-changed.md).
 *
 * Triggers on everything a group of boards ranks from (prices, portfolios, positions, snapshots,
 * XP, users, participants, events, orders, class members: migration 0026) mark the group as
 * changed by the writing transaction: a row in board_refresh_marks. The trading writer's statement,
 * the one writer of cash, positions and orders, marks the groups of the portfolios it writes
 * itself, and the triggers leave those changes to it (decision 096). A refresh first claims its
 * group, consuming the marks of transactions that have committed. If there were none, and the
 * UTC day (the period starts, the daily rank record) is the one it last ranked for, the boards
 * are current: the claim records that they were current at `now`, and the refresh is skipped.
 * Otherwise the claim is numbered, and the refresh's own transaction marks it done, so a
 * refresh that failed or crashed leaves the group due.
 *
 * A transaction still in flight during the claim keeps its mark (the claim cannot see it), so
 * the next refresh ranks what it wrote even if this one's snapshot missed it: a change is never
 * consumed before it is visible. Writers never wait on each other or on a refresh: each
 * transaction inserts its own mark.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db";
import { boardGroup } from "./boards";

/** A claimed refresh of a group: done (and the boards current at `now`) when its transaction commits. */
export interface RefreshClaim {
  group: string;
  claim: number;
}

/**
 * Claims the refresh of `group` when something it ranks from changed, when `basis` differs from
 * the last claim's, or when the last claim never completed; null when its boards are current.
 * One statement of its own, before the refresh's transaction.
 */
export async function claimRefresh(db: Db, group: string, basis: string, now: Date): Promise<RefreshClaim | null> {
  const due = sql`(exists (select 1 from consumed) or s.basis is distinct from excluded.basis or s.done < s.claims)`;
  const result = await db.execute<{ claims: number | string; done: number | string }>(sql`
    with consumed as (delete from board_refresh_marks where group_key = ${group} returning 1)
    insert into board_refresh_state as s (group_key, basis, claims, done, current_at)
    values (${group}, ${basis}, 1, 0, null)
    on conflict (group_key) do update set
      basis = excluded.basis,
      claims = s.claims + case when ${due} then 1 else 0 end,
      current_at = case when ${due} then s.current_at else ${now.toISOString()}::timestamptz end
    returning claims, done`);
  const row = result.rows[0]!;
  const claims = Number(row.claims);
  return claims > Number(row.done) ? { group, claim: claims } : null;
}

/** Inside the refresh's transaction, last: the claim is done and the boards are current at `now`. */
export async function completeRefresh(tx: DbOrTx, claim: RefreshClaim, now: Date): Promise<void> {
  await tx.execute(sql`
    update board_refresh_state set done = greatest(done, ${claim.claim}), current_at = ${now.toISOString()}::timestamptz
    where group_key = ${claim.group}`);
}

/**
 * The instant a board is current as of (a timestamptz, or null before its first refresh): its
 * group's last check that found nothing changed, or its last refresh. What "Updated … ago" shows.
 */
export const boardCurrentAtSql = (board: string): SQL => sql`(select current_at from board_refresh_state where group_key = ${boardGroup(board)})`;

/** Groups whose boards are gone (an ended event's): their state and marks go too. */
export async function forgetGroups(tx: DbOrTx, groups: readonly string[]): Promise<void> {
  if (groups.length === 0) return;
  const list = sql.join(
    groups.map((g) => sql`${g}`),
    sql`, `,
  );
  await tx.execute(sql`delete from board_refresh_state where group_key in (${list})`);
  await tx.execute(sql`delete from board_refresh_marks where group_key in (${list})`);
}
