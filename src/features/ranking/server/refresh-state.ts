/**
 * Refreshing only the boards whose inputs changed (docs/decisions/049-boards-refresh-what-changed.md).
 *
 * Triggers on everything a group of boards ranks from (prices, portfolios, positions, snapshots,
 * XP, users, participants, events: migration 0026) mark the group stale. A refresh first claims
 * its group: if nothing changed since the last refresh that committed, and the UTC day (the
 * period starts, the daily rank record) is the one it ranked for, the boards are current and
 * the refresh is skipped; the claim records that they were current at `now`. Otherwise the
 * claim is numbered and the refresh's own transaction marks it done, so a refresh that failed
 * or crashed leaves the group due.
 */
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/server/db";

/** A claimed refresh of a group: done (and the boards current at `now`) when its transaction commits. */
export interface RefreshClaim {
  group: string;
  claim: number;
}

/**
 * Claims the refresh of `group` when something it ranks changed, when `basis` differs from the
 * last claim's, or when the last claim never completed; null when its boards are current. The
 * claim is its own short statement, outside the refresh's transaction: the stale flag is reset
 * at once, so writers mark it again (and are not kept waiting) while the refresh runs, and the
 * next refresh picks up what this one's snapshot did not see.
 */
export async function claimRefresh(db: Db, group: string, basis: string, now: Date): Promise<RefreshClaim | null> {
  const due = sql`(s.stale or s.basis is distinct from excluded.basis or s.done < s.claims)`;
  const result = await db.execute<{ claims: number | string; done: number | string }>(sql`
    insert into board_refresh_state as s (group_key, stale, basis, claims, done, current_at)
    values (${group}, false, ${basis}, 1, 0, null)
    on conflict (group_key) do update set
      stale = false,
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

/** Groups whose boards are gone (an ended event's): their state goes too. */
export async function forgetGroups(tx: DbOrTx, groups: readonly string[]): Promise<void> {
  if (groups.length === 0) return;
  await tx.execute(sql`delete from board_refresh_state where group_key in (${sql.join(
    groups.map((g) => sql`${g}`),
    sql`, `,
  )})`);
}
