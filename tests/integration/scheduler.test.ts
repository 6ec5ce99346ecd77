/**
 * The scheduler on a real database: each task under its own lease (docs/decisions/048), once
 * per period across runners, and — on PostgreSQL — a task stuck for seconds delays no other:
 * an event still ends within a second of its end instant while a ranking refresh runs.
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createEvent, joinEvent } from "@/features/events";
import { SCHEDULED_TASKS } from "@/scheduled-tasks";
import { events, jobLeases } from "@/server/db/schema";
import { Scheduler, type ScheduledTask } from "@/server/jobs/scheduler";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const kind = onPostgres ? "postgres" : "pglite";

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the scheduler", () => {
  it("runs each task once per period, stamped with the period's start: a period one runner ran is not run again by another", async () => {
    const db = database.db;
    const runs: string[] = [];
    const make = (holder: string) => new Scheduler({ db, kind, holder, tasks: [{ name: "once-a", everyMs: 300_000, run: async ({ due }) => void runs.push(`${holder}@${due.toISOString()}`) }] });
    const a = make("a");
    const b = make("b");
    expect(await a.runDue(new Date("2030-01-01T10:04:59Z"))).toEqual(["once-a"]);
    expect(await a.runDue(new Date("2030-01-01T10:04:59.500Z"))).toEqual([]);
    // Another runner finds the period done (job_leases.next_due), not just a's memory of it.
    expect(await b.runDue(new Date("2030-01-01T10:04:59.900Z"))).toEqual([]);
    expect(await a.runDue(new Date("2030-01-01T10:05:01Z"))).toEqual(["once-a"]);
    // The next period goes to whichever runner looks first, however late.
    expect(await b.runDue(new Date("2030-01-01T10:17:00Z"))).toEqual(["once-a"]);
    expect(await a.runDue(new Date("2030-01-01T10:17:01Z"))).toEqual([]);
    expect(runs).toEqual(["a@2030-01-01T10:00:00.000Z", "a@2030-01-01T10:05:00.000Z", "b@2030-01-01T10:15:00.000Z"]);
    const [lease] = await db.select().from(jobLeases).where(eq(jobLeases.name, "scheduler:once-a"));
    expect(lease?.nextDue?.toISOString()).toBe("2030-01-01T10:20:00.000Z");
    await a.stop();
    await b.stop();
  });

  it("runs a task now on a test's request (TEST_TASK_CONTROL), outside its period, under its lease, and leaves its schedule as it was", async () => {
    const db = database.db;
    const runs: string[] = [];
    const at = new Date("2030-01-01T10:04:59Z");
    const scheduler = new Scheduler({ db, kind, holder: "now", clock: () => at, tasks: [{ name: "now-a", everyMs: 300_000, run: async ({ due, now }) => void runs.push(`${due.toISOString()} at ${now.toISOString()}`) }] });
    expect(await scheduler.runDue(at)).toEqual(["now-a"]);
    // The period is done: a scheduled look does not run it again, a request does.
    expect(await scheduler.runDue(at)).toEqual([]);
    expect(await scheduler.runNow("now-a")).toBe(true);
    expect(await scheduler.runNow("no-such-task")).toBeUndefined();
    const [lease] = await db.select().from(jobLeases).where(eq(jobLeases.name, "scheduler:now-a"));
    expect(lease?.nextDue?.toISOString()).toBe("2030-01-01T10:05:00.000Z");
    expect(scheduler.taskNames).toEqual(["now-a"]);
    // The next period runs when due, as if nobody had asked.
    expect(await scheduler.runDue(new Date("2030-01-01T10:05:01Z"))).toEqual(["now-a"]);
    expect(runs).toEqual(["2030-01-01T10:00:00.000Z at 2030-01-01T10:04:59.000Z", "2030-01-01T10:00:00.000Z at 2030-01-01T10:04:59.000Z", "2030-01-01T10:05:00.000Z at 2030-01-01T10:05:01.000Z"]);
    await scheduler.stop();
  });

  it("runs a failed period again at the next look, and keeps each task's failure to itself", async () => {
    const db = database.db;
    let attempts = 0;
    const ran: string[] = [];
    const scheduler = new Scheduler({
      db,
      kind,
      holder: "c",
      tasks: [
        {
          name: "flaky",
          everyMs: 60_000,
          run: async () => {
            if (attempts++ === 0) throw new Error("the first try fails");
            ran.push("flaky");
          },
        },
        { name: "steady", everyMs: 60_000, run: async () => void ran.push("steady") },
      ],
    });
    await expect(scheduler.runDue(new Date("2030-02-01T09:00:10Z"))).resolves.toEqual(["steady"]);
    await expect(scheduler.runDue(new Date("2030-02-01T09:00:11Z"))).resolves.toEqual(["flaky"]);
    expect(ran).toEqual(["steady", "flaky"]);
    await scheduler.stop();
  });

  it.runIf(onPostgres)("lets no other runner take a task while one runs it, and the others' tasks meanwhile", async () => {
    const db = database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const tasks = (holder: string): ScheduledTask[] => [
      { name: "long", everyMs: 60_000, run: async () => { started.push(`${holder}:long`); await held; } },
      { name: "short", everyMs: 60_000, run: async () => void started.push(`${holder}:short`) },
    ];
    const a = new Scheduler({ db, kind, holder: "a", tasks: tasks("a") });
    const b = new Scheduler({ db, kind, holder: "b", tasks: tasks("b") });
    const at = new Date("2030-03-01T12:00:30Z");
    const aRuns = a.runDue(at);
    await waitFor(async () => started.includes("a:long"), 10_000, "a to start the long task");
    // a holds "long" (renewed on its own timer): b runs only the short task, which a has not claimed yet or has finished.
    const bRan = await b.runDue(new Date("2030-03-01T12:00:31Z"));
    expect(bRan).not.toContain("long");
    release();
    expect([...(await aRuns), ...bRan].sort()).toEqual(["long", "short"]);
    await a.stop();
    await b.stop();
  });

  it.runIf(onPostgres)("keeps a long fenced task's lease past its 2 s without a renewal waiting on the task's own row", async () => {
    const db = database.db;
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    const scheduler = new Scheduler({
      db,
      kind,
      holder: "long",
      tasks: [
        {
          name: "long-fenced",
          everyMs: 3_600_000,
          run: ({ db, fence }) =>
            db.transaction(async (tx) => {
              await fence(tx);
              await tx.execute(sql`select pg_sleep(3)`);
            }),
        },
      ],
    });
    const lockWaits: number[] = [];
    let finished = false;
    try {
      scheduler.start();
      const sampling = (async () => {
        while (!finished) {
          const { rows } = await probe.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
          lockWaits.push(rows[0]!.n);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // Done once the run gave its lease back with the next period recorded (no FencedError on the way).
      await waitFor(async () => (await db.select().from(jobLeases).where(eq(jobLeases.name, "scheduler:long-fenced")))[0]?.nextDue, 20_000, "the long task to finish");
      finished = true;
      await sampling;
    } finally {
      finished = true;
      await scheduler.stop();
      await probe.end();
    }
    // Renewals ran every 0.5 s throughout (a 3 s task, a 2 s lease) and none queued behind the task's row lock.
    expect(lockWaits.length).toBeGreaterThan(10);
    expect(Math.max(...lockWaits)).toBe(0);
  });

  it.runIf(onPostgres)(
    "ends an event within a second of its end instant while a ranking refresh is stuck for seconds",
    async () => {
      const db = database.db;
      const organiser = await createTestUser(db, { role: "admin" });
      const trader = await createTestUser(db);
      const now = Date.now();
      const endsAt = new Date(now + 2500);
      const made = await createEvent(
        db,
        { id: organiser.id },
        { title: `Ends on time ${now}`, startsAt: new Date(now - 3_600_000).toISOString(), endsAt: endsAt.toISOString(), startingCash: "10000.00", visibility: "public" } as never,
        new Date(now - 7_200_000),
      );
      await joinEvent(db, { id: trader.id, role: "member" } as never, made.slug);

      // The real tasks; the practice refresh records when it ran.
      const refresh = { started: 0, ended: 0 };
      const tasks = SCHEDULED_TASKS.map((task) =>
        task.name !== "ranking-practice-xp"
          ? task
          : {
              ...task,
              run: async (context: Parameters<ScheduledTask["run"]>[0]) => {
                refresh.started = Date.now();
                try {
                  return await task.run(context);
                } finally {
                  refresh.ended = Date.now();
                }
              },
            },
      );
      // Another session holds the boards' table: the refresh waits inside its fenced transaction, as a slow one would.
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("lock table leaderboard_entries in exclusive mode");
      const scheduler = new Scheduler({ db, kind, holder: "on-time", tasks });
      try {
        scheduler.start();
        const [event] = await waitFor(
          async () => {
            const rows = await db.select({ finalizedAt: events.finalizedAt }).from(events).where(eq(events.slug, made.slug));
            return rows[0]?.finalizedAt ? rows : undefined;
          },
          15_000,
          "the event to end",
        );
        const endedAfterMs = event!.finalizedAt!.getTime() - endsAt.getTime();
        expect(endedAfterMs).toBeGreaterThanOrEqual(0);
        expect(endedAfterMs).toBeLessThan(1000);
        // The refresh had started before the end and was still stuck when the event ended.
        expect(refresh.started).toBeGreaterThan(0);
        expect(refresh.started).toBeLessThan(endsAt.getTime());
        expect(refresh.ended).toBe(0);
      } finally {
        await blocker.query("commit");
        await blocker.end();
        await scheduler.stop();
      }
      // Once the table is free the refresh finishes under its own lease.
      expect(refresh.ended).toBeGreaterThan(endsAt.getTime());
    },
    60_000,
  );
});
