/**
 * Scheduled work that must run once per database, on the clock: equity snapshots, ranking
 * refreshes, event lifecycle. Every task has its own lease (./lease.ts, named
 * `scheduler:<task>`) and its own loop, so a long task (a ranking refresh at 100,000 people)
 * never delays another (an event that must end at its end instant), and several instances
 * share the tasks between them (docs/decisions/048-task-leases.md). Tasks are registered by
 * the composition root (src/scheduled-tasks.ts), so this layer knows no feature.
 *
 * A task is due when the clock enters a new period of `everyMs` counted from the epoch
 * (aligned: a 5-minute task runs at :00, :05, …), and gets that period's start as `due`, so
 * a late run still records the instant it stands for. A runner claims a task's lease only
 * when its next period has begun (`job_leases.next_due`, written when a run completes), runs
 * it under that lease (renewed on its own timer, fenced writes) and gives it up with the
 * next period recorded: each period runs once across all instances, and a period whose
 * runner died is run again by the next claim.
 */
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "@/server/db";
import { logger } from "@/server/logger";
import { metrics, secondsSince } from "@/server/metrics";
import { FencedError, Lease } from "./lease";

/** Task leases are named `${SCHEDULER_LEASE}:${task.name}`. */
export const SCHEDULER_LEASE = "scheduler";

export interface TaskContext {
  db: Db;
  /** The start of the period this run stands for. */
  due: Date;
  now: Date;
  /** Call first inside a transaction whose writes must never come from a runner that lost the task's lease. */
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
  /** The longest a task's loop waits between looks (it also wakes at each period start); default 1 s. */
  pollMs?: number;
  /** Default LEASE_TIMING.leaseMs: renewed on its own timer while a task runs, so a long task needs no longer lease. */
  leaseMs?: number;
  holder?: string;
  clock?: () => Date;
}

/** The start of the period of `everyMs` that `at` falls in. */
const periodStart = (at: number, everyMs: number) => Math.floor(at / everyMs) * everyMs;

/** One task, its lease and its loop. */
class TaskRunner {
  timer: NodeJS.Timeout | undefined;
  running: Promise<boolean> | undefined;
  /** The next period this runner knows is not yet due (it ran the one before): no need to ask the database until then. */
  private notBefore = 0;

  constructor(
    readonly task: ScheduledTask,
    private readonly lease: Lease,
    private readonly db: Db,
  ) {}

  get holdsLease(): boolean {
    return this.lease.isHeld;
  }

  /** One run of this task at a time in this process: the loop's and a test's "run now". */
  private exclusive: Promise<unknown> = Promise.resolve();

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.exclusive.then(work, work);
    this.exclusive = next.catch(() => {});
    return next;
  }

  /** Claims the task if its period has begun, runs it and gives the lease back; whether it ran. */
  runIfDue(now: Date, keepAlive: boolean): Promise<boolean> {
    return this.serially(async () => {
      if (now.getTime() < this.notBefore) return false;
      if (!(await this.lease.acquire({ dueBy: now }))) return false;
      if (keepAlive) this.lease.keepAlive();
      return this.runHeld(now, true);
    });
  }

  /**
   * Test-only (TEST_TASK_CONTROL): runs the task now, whether or not its period has begun,
   * under its lease like a scheduled run, and leaves its schedule as it was (the period it is
   * in still runs when due). Waits up to `waitMs` for a run elsewhere to give the lease back.
   */
  runNow(now: () => Date, waitMs: number): Promise<boolean> {
    return this.serially(async () => {
      const deadline = Date.now() + waitMs;
      while (!(await this.lease.acquire())) {
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      this.lease.keepAlive();
      return this.runHeld(now(), false);
    });
  }

  /** Runs the task under the lease this runner holds, then gives it back. */
  private async runHeld(now: Date, advance: boolean): Promise<boolean> {
    const { task, lease } = this;
    const due = periodStart(now.getTime(), task.everyMs);
    const started = performance.now();
    let nextDue: Date | undefined;
    try {
      await task.run({ db: this.db, due: new Date(due), now, fence: (tx) => lease.fence(tx) });
      metrics().schedulerTaskSeconds.observe({ task: task.name, outcome: "ok" }, secondsSince(started));
      if (advance) {
        nextDue = new Date(due + task.everyMs);
        this.notBefore = nextDue.getTime();
      }
      return true;
    } catch (error) {
      metrics().schedulerTaskSeconds.observe({ task: task.name, outcome: "failed" }, secondsSince(started));
      if (error instanceof FencedError) logger().warn({ task: task.name }, "[scheduler] another runner took this task over; its writes were refused");
      else logger().error({ err: error, task: task.name }, "[scheduler] task failed; it runs again on the next look");
      return false;
    } finally {
      // Without nextDue (a failure, or a test's run now) the period stays due: the next claim, here or elsewhere, runs it.
      await lease.release({ nextDue }).catch((error: unknown) => logger().warn({ err: error, task: task.name }, "[scheduler] could not give the task's lease back; it expires"));
    }
  }
}

export class Scheduler {
  private readonly runners: TaskRunner[];
  private stopped = true;

  constructor(private readonly options: SchedulerOptions) {
    const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.runners = options.tasks.map(
      (task) => new TaskRunner(task, new Lease({ db: options.db, kind: options.kind, name: `${SCHEDULER_LEASE}:${task.name}`, holder, leaseMs: options.leaseMs }), options.db),
    );
  }

  /** Whether this runner is running one of the tasks now (holds its lease). */
  get isRunningATask(): boolean {
    return this.runners.some((runner) => runner.holdsLease);
  }

  /** Runs, side by side, every task whose period has begun and that no other runner has run (each once, however late); the names of those it ran. */
  async runDue(now: Date = this.now()): Promise<string[]> {
    const ran = await Promise.all(this.runners.map((runner) => (runner.running ? false : runner.runIfDue(now, !this.stopped))));
    return this.runners.filter((_, i) => ran[i]).map((runner) => runner.task.name);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const runner of this.runners) this.schedule(runner, 0);
  }

  private now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }

  /** A task's loop: look, run if due, then look again at its next period's start (or after pollMs, whichever is first). */
  private schedule(runner: TaskRunner, delay: number) {
    if (this.stopped) return;
    runner.timer = setTimeout(() => {
      runner.timer = undefined;
      runner.running = runner
        .runIfDue(this.now(), true)
        .catch((error: unknown) => {
          if (!this.stopped) logger().error({ err: error, task: runner.task.name }, "[scheduler] could not look at the task");
          return false;
        })
        .finally(() => {
          runner.running = undefined;
          const at = this.now().getTime();
          const untilNextPeriod = periodStart(at, runner.task.everyMs) + runner.task.everyMs - at;
          // A few milliseconds past the boundary, so the look sees the new period on any clock.
          this.schedule(runner, Math.min(this.options.pollMs ?? 1000, untilNextPeriod + 5));
        });
    }, delay);
  }

  /**
   * Test-only (TEST_TASK_CONTROL, POST /api/test/tasks/{name}): runs one task now instead of
   * waiting for its period (the fair-play monitor's is 30 s), so no test waits on the clock.
   * Whether it ran; undefined for a task this scheduler does not have.
   */
  async runNow(name: string, waitMs = 30_000): Promise<boolean | undefined> {
    const runner = this.runners.find((r) => r.task.name === name);
    return runner?.runNow(() => this.now(), waitMs);
  }

  /** The scheduled tasks' names. */
  get taskNames(): string[] {
    return this.runners.map((runner) => runner.task.name);
  }

  /** Stops every loop, waits for work in flight and gives the leases up. Safe to call twice. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const runner of this.runners) {
      if (runner.timer) clearTimeout(runner.timer);
      runner.timer = undefined;
    }
    // A running task gives its lease up when it finishes (TaskRunner.runIfDue).
    await Promise.all(this.runners.map((runner) => runner.running?.catch(() => {})));
  }
}

/** The scheduler this server runs (src/boot.ts starts it under this key), for the test-only "run now" route. */
export const SCHEDULER_KEY = Symbol.for("tickerlab.scheduler");

export function runningScheduler(): Scheduler | undefined {
  return (globalThis as { [SCHEDULER_KEY]?: Scheduler })[SCHEDULER_KEY];
}
