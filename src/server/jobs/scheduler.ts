/**
 * Scheduled work that must run once per database, on the clock: equity snapshots, ranking
 * refreshes, event lifecycle. One runner leads through its own lease (./lease.ts); the
 * others look every `pollMs` and take over within the lease (2 s) when it dies. Tasks are registered by the
 * composition root (src/boot.ts), so this layer knows no feature.
 *
 * A task is due when the clock enters a new period of `everyMs` counted from the epoch
 * (aligned: a 5-minute task runs at :00, :05, …), and gets that period's start as `due`,
 * so a late run still records the instant it stands for.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/server/db";
import { logger } from "@/server/logger";
import { FencedError, Lease } from "./lease";

export const SCHEDULER_LEASE = "scheduler";

export interface TaskContext {
  db: Db;
  /** The start of the period this run stands for. */
  due: Date;
  now: Date;
  /** Call first inside a transaction whose writes must never come from a stale leader. */
  fence: (tx: Tx) => Promise<void>;
}

export interface ScheduledTask {
  name: string;
  everyMs: number;
  run: (context: TaskContext) => Promise<unknown>;
}

export interface SchedulerOptions {
  db: Db;
  kind: "pglite" | "postgres";
  tasks: ScheduledTask[];
  /** How often the loop looks at the clock (and a follower at the lease); default 1 s. */
  pollMs?: number;
  /** Default LEASE_TIMING.leaseMs: renewed on its own timer, so a long task needs no longer lease. */
  leaseMs?: number;
  holder?: string;
  clock?: () => Date;
}

export class Scheduler {
  private readonly lease: Lease;
  private readonly lastDue = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly options: SchedulerOptions) {
    this.lease = new Lease({
      db: options.db,
      kind: options.kind,
      name: SCHEDULER_LEASE,
      holder: options.holder ?? `${process.pid}-${randomUUID()}`,
      // The lease is renewed every 0.5 s by its own timer while a task runs (a full ranking
      // refresh at 100,000 people took ~10 s on a loaded 2-core machine, bench/ranking.ts).
      leaseMs: options.leaseMs,
    });
  }

  get isLeader(): boolean {
    return this.lease.isHeld;
  }

  /** Runs every task whose period has begun since its last run (each once, however late). */
  async runDue(now: Date = (this.options.clock ?? (() => new Date()))()): Promise<string[]> {
    const ran: string[] = [];
    if (!this.lease.isHeld) {
      if (!(await this.lease.acquire())) return ran;
      if (!this.stopped) this.lease.keepAlive();
    }
    // Renews the lease (and proves it is still ours) on every look, due work or not.
    await this.options.db.transaction((tx) => this.lease.fence(tx));
    let first = true;
    for (const task of this.options.tasks) {
      const due = Math.floor(now.getTime() / task.everyMs) * task.everyMs;
      if (this.lastDue.get(task.name) === due) continue;
      // And again before each further task: a long task must not let it lapse for the next.
      if (!first) await this.options.db.transaction((tx) => this.lease.fence(tx));
      first = false;
      try {
        await task.run({ db: this.options.db, due: new Date(due), now, fence: (tx) => this.lease.fence(tx) });
        this.lastDue.set(task.name, due);
        ran.push(task.name);
      } catch (error) {
        if (error instanceof FencedError) throw error;
        logger().error({ err: error, task: task.name }, "[scheduler] task failed; it runs again on the next look");
      }
    }
    return ran;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.runDue()
        .catch((error: unknown) => {
          if (error instanceof FencedError) logger().warn("[scheduler] lost the scheduler lease; following");
          else if (!this.stopped) logger().error({ err: error }, "[scheduler] could not run the scheduled tasks");
        })
        .finally(() => {
          this.running = undefined;
          this.schedule(this.options.pollMs ?? 1000);
        });
    }, delay);
  }

  /** Stops the loop, waits for work in flight and gives the lease up. Safe to call twice. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    await this.lease.release().catch(() => {});
  }
}
