/**
 * A leader lease in PostgreSQL for work that must run once per database (the market
 * simulator, the scheduled housekeeping). docs/decisions/016-simulator-leadership.md and
 * docs/decisions/025-fail-over.md:
 *
 * - a row in job_leases per lease name: holder, epoch (the fencing token), expires_at on
 *   the database's clock. A runner takes an expired lease over (epoch + 1).
 * - timing (LEASE_TIMING): the lease lasts 2 s and the leader renews it every 0.5 s from a
 *   timer of its own, whatever its work's pace (a 2 s market tick, a 10 s ranking refresh),
 *   skipping a renewal while its own fenced transaction holds the row;
 *   followers look every 0.25 s. A dead leader is replaced within ~2.3 s.
 * - the takeover never waits on a row lock (FOR UPDATE SKIP LOCKED): a leader frozen in the
 *   middle of a fenced transaction holds the row until PostgreSQL ends its session, which the
 *   fence arranges (the transaction's idle_in_transaction_session_timeout = the lease), and
 *   the follower meanwhile simply looks again.
 * - fencing: every write of the leader starts with `UPDATE job_leases … WHERE holder = me
 *   AND epoch = mine` inside its transaction (a row lock, held to commit); no row means
 *   another runner took over, and the write is refused (FencedError) before anything else.
 * - PGlite is one process per database: a start takes the lease over at once, and nothing
 *   renews it between writes (nobody else could take it).
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db";
import { jobLeases } from "@/server/db/schema";
import { logger } from "@/server/logger";

export class FencedError extends Error {
  readonly name = "FencedError";
}

/** docs/decisions/025-fail-over.md: why these numbers. */
export const LEASE_TIMING = {
  /** How long a lease lasts after its last renewal. */
  leaseMs: 2000,
  /** How often the leader renews it (4 chances before it lapses). */
  renewEveryMs: 500,
  /** How often a follower tries to take it over. */
  pollMs: 250,
} as const;

export interface LeaseOptions {
  db: Db;
  kind: "pglite" | "postgres";
  name: string;
  holder: string;
  /** Default LEASE_TIMING.leaseMs. */
  leaseMs?: number;
  /** Default LEASE_TIMING.renewEveryMs. */
  renewEveryMs?: number;
}

export class Lease {
  private epoch: number | null = null;
  private renewTimer: NodeJS.Timeout | undefined;
  private renewing: Promise<unknown> | undefined;
  readonly leaseMs: number;

  constructor(private readonly options: LeaseOptions) {
    this.leaseMs = options.leaseMs ?? LEASE_TIMING.leaseMs;
  }

  get holder(): string {
    return this.options.holder;
  }

  get isHeld(): boolean {
    return this.epoch !== null;
  }

  get fencingToken(): number | null {
    return this.epoch;
  }

  /**
   * Takes the lease if it is free or expired (always on PGlite), creating its row the first
   * time. Returns whether it is now held. Never waits on a row lock: a row locked by a
   * (possibly frozen) leader's transaction is skipped, and the caller looks again later.
   *
   * With `dueBy` (a scheduled task's claim, ../jobs/scheduler.ts) it is taken only when the
   * task's next period has begun: `next_due` empty (never run) or at or before `dueBy`. So a
   * period that one runner has done is not run again by another.
   */
  async acquire(options: { dueBy?: Date } = {}): Promise<boolean> {
    const { db, name, holder } = this.options;
    const force = this.options.kind === "pglite";
    const leaseMs = this.leaseMs;
    const due = options.dueBy ? sql`and (next_due is null or next_due <= ${options.dueBy.toISOString()}::timestamptz)` : sql``;
    const rows = await db.execute<{ epoch: string | number }>(sql`
      with free as (
        select name from ${jobLeases} where name = ${name} and (expires_at < now() or ${force}) ${due} for update skip locked
      ), taken as (
        update ${jobLeases} as l
        set holder = ${holder}, epoch = l.epoch + 1, expires_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
        from free where l.name = free.name
        returning l.epoch
      ), created as (
        insert into ${jobLeases} (name, holder, epoch, expires_at, updated_at)
        select ${name}, ${holder}, 1, now() + ${leaseMs} * interval '1 millisecond', now()
        where not exists (select 1 from ${jobLeases} where name = ${name})
        on conflict (name) do nothing
        returning epoch
      )
      select epoch from taken union all select epoch from created`);
    const row = rows.rows[0];
    this.epoch = row ? Number(row.epoch) : null;
    return this.epoch !== null;
  }

  /**
   * Locks the lease row and renews it if it is still ours; refuses (FencedError) otherwise.
   * On PostgreSQL the transaction may then sit idle for at most the lease: a leader frozen
   * with it open loses its session, so the row lock it holds cannot outlive the lease.
   */
  async fence(tx: Tx): Promise<void> {
    const { name, holder } = this.options;
    if (this.epoch === null) throw new FencedError(`This runner does not hold the ${name} lease.`);
    const leaseMs = this.leaseMs;
    const rows =
      this.options.kind === "postgres"
        ? await tx.execute<{ epoch: string | number }>(sql`
            update ${jobLeases} set expires_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
            from (select set_config('idle_in_transaction_session_timeout', ${String(leaseMs)}, true)) as bounded
            where name = ${name} and holder = ${holder} and epoch = ${this.epoch}
            returning epoch`)
        : await tx.execute<{ epoch: string | number }>(sql`
            update ${jobLeases} set expires_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
            where name = ${name} and holder = ${holder} and epoch = ${this.epoch}
            returning epoch`);
    if (rows.rows.length === 0) {
      this.lost();
      throw new FencedError(`The ${name} lease was taken over by another runner; this write is refused.`);
    }
  }

  /**
   * Renews the lease every `renewEveryMs` while it is held, independently of the work's own
   * pace (PostgreSQL only). A renewal that finds the lease gone stops renewing; the next
   * fence then refuses the write.
   */
  keepAlive(): void {
    if (this.options.kind !== "postgres" || this.renewTimer || this.epoch === null) return;
    this.renewTimer = setInterval(() => {
      // One renewal at a time (a slow database must not pile them up).
      if (this.renewing) return;
      this.renewing = this.renew()
        .catch((error: unknown) => {
          logger().warn({ err: error, lease: this.options.name }, "[lease] could not renew the lease");
        })
        .finally(() => {
          this.renewing = undefined;
        });
    }, this.options.renewEveryMs ?? LEASE_TIMING.renewEveryMs);
    this.renewTimer.unref();
  }

  /**
   * One renewal; false when the lease is no longer ours. It never waits for the row: while our
   * own fenced transaction holds it (a long task), that transaction renewed the lease when it
   * began and nobody can take a locked row over (the takeover skips locked rows), so there is
   * nothing to do until it commits. Waiting instead would hold a second pool connection for
   * every long task (docs/decisions/048).
   */
  async renew(): Promise<boolean> {
    const { db, name, holder } = this.options;
    const epoch = this.epoch;
    if (epoch === null) return false;
    const renewed = await db.execute(sql`
      with mine as (
        select name from ${jobLeases} where name = ${name} and holder = ${holder} and epoch = ${epoch} for update skip locked
      )
      update ${jobLeases} as l set expires_at = now() + ${this.leaseMs} * interval '1 millisecond', updated_at = now()
      from mine where l.name = mine.name
      returning l.epoch`);
    if (renewed.rows.length > 0) return true;
    // Locked (by our own fenced transaction, or a taker's), or not ours any more: which one.
    const ours = await db.execute(sql`select 1 from ${jobLeases} where name = ${name} and holder = ${holder} and epoch = ${epoch}`);
    if (ours.rows.length > 0) return true;
    if (this.epoch === epoch) this.lost();
    return false;
  }

  /**
   * Gives the lease up at once (a clean stop), so a follower need not wait for it to expire.
   * A scheduled task also records the next period it must run for (`nextDue`), in the same
   * statement, so whichever runner claims it next knows what is done.
   */
  async release(options: { nextDue?: Date } = {}): Promise<void> {
    this.stopRenewing();
    if (this.epoch === null) return;
    const { db, name, holder } = this.options;
    const epoch = this.epoch;
    this.epoch = null;
    await this.renewing?.catch(() => {});
    const nextDue = options.nextDue ? sql`, next_due = ${options.nextDue.toISOString()}::timestamptz` : sql``;
    await db.execute(sql`
      update ${jobLeases} set expires_at = now() - interval '1 millisecond', updated_at = now() ${nextDue}
      where name = ${name} and holder = ${holder} and epoch = ${epoch}`);
  }

  /** Forgets the lease without giving it up (tests simulate a crash that way). */
  forget(): void {
    this.stopRenewing();
    this.epoch = null;
  }

  private lost(): void {
    logger().warn({ lease: this.options.name, holder: this.options.holder, epoch: this.epoch }, `[lease] lost the ${this.options.name} lease to another runner`);
    this.stopRenewing();
    this.epoch = null;
  }

  private stopRenewing(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }
}
