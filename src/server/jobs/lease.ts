/**
 * A leader lease in PostgreSQL for work that must run once per database (the market
 * simulator, the scheduled housekeeping). docs/decisions/016-simulator-leadership.md:
 *
 * - a row in job_leases per lease name: holder, epoch (the fencing token), expires_at on
 *   the database's clock. A runner takes an expired lease over (epoch + 1).
 * - fencing: every write of the leader starts with `UPDATE job_leases … WHERE holder = me
 *   AND epoch = mine` inside its transaction (a row lock, held to commit); no row means
 *   another runner took over, and the write is refused (FencedError) before anything else.
 * - PGlite is one process per database: a start takes the lease over at once.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db";
import { jobLeases } from "@/server/db/schema";

export class FencedError extends Error {
  readonly name = "FencedError";
}

export interface LeaseOptions {
  db: Db;
  kind: "pglite" | "postgres";
  name: string;
  holder: string;
  leaseMs: number;
}

export class Lease {
  private epoch: number | null = null;

  constructor(private readonly options: LeaseOptions) {}

  get holder(): string {
    return this.options.holder;
  }

  get isHeld(): boolean {
    return this.epoch !== null;
  }

  get fencingToken(): number | null {
    return this.epoch;
  }

  /** Takes the lease if it is free or expired (always on PGlite). Returns whether it is now held. */
  async acquire(): Promise<boolean> {
    const { db, name, holder, leaseMs } = this.options;
    const force = this.options.kind === "pglite";
    const rows = await db.execute<{ epoch: string | number }>(sql`
      insert into ${jobLeases} (name, holder, epoch, expires_at, updated_at)
      values (${name}, ${holder}, 1, now() + ${leaseMs} * interval '1 millisecond', now())
      on conflict (name) do update
        set holder = excluded.holder, epoch = ${jobLeases.epoch} + 1, expires_at = excluded.expires_at, updated_at = now()
        where ${jobLeases.expiresAt} < now() or ${force}
      returning epoch`);
    const row = rows.rows[0];
    this.epoch = row ? Number(row.epoch) : null;
    return this.epoch !== null;
  }

  /** Locks the lease row and renews it if it is still ours; refuses (FencedError) otherwise. */
  async fence(tx: Tx): Promise<void> {
    const { name, holder, leaseMs } = this.options;
    if (this.epoch === null) throw new FencedError(`This runner does not hold the ${name} lease.`);
    const rows = await tx.execute<{ epoch: string | number }>(sql`
      update ${jobLeases} set expires_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
      where name = ${name} and holder = ${holder} and epoch = ${this.epoch}
      returning epoch`);
    if (rows.rows.length === 0) {
      this.epoch = null;
      throw new FencedError(`The ${name} lease was taken over by another runner; this write is refused.`);
    }
  }

  /** Gives the lease up at once (a clean stop), so a follower need not wait for it to expire. */
  async release(): Promise<void> {
    if (this.epoch === null) return;
    const epoch = this.epoch;
    this.epoch = null;
    await this.options.db
      .update(jobLeases)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(and(eq(jobLeases.name, this.options.name), eq(jobLeases.holder, this.options.holder), eq(jobLeases.epoch, epoch)));
  }

  /** Forgets the lease without giving it up (tests simulate a crash that way). */
  forget(): void {
    this.epoch = null;
  }
}
