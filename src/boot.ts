/**
 * The composition root, run once when the server starts (src/instrumentation.ts): open the
 * database (migrations), then load the demo content each section ships. It may import every
 * layer; nothing imports it.
 */
import { curriculum } from "@/features/learn/content";
import { seedCurriculum } from "@/features/learn/server/seed";
import { startMarket, stopMarket } from "@/features/market/server/start";
import { env } from "@/env";
import { getDatabase, type DatabaseHandle, type Db } from "@/server/db";
import { Scheduler, SCHEDULER_KEY } from "@/server/jobs/scheduler";
import { adminOnSignUp } from "@/server/auth/users";
import { logger } from "@/server/logger";
import { markReady, markStarting } from "@/server/readiness";
import { installShutdown } from "@/server/shutdown";
import { readyLine, startupProgress } from "@/server/startup";
import { SCHEDULED_TASKS } from "@/scheduled-tasks";
import { wireApp } from "@/wiring";

const SCHEDULER = SCHEDULER_KEY;
type SchedulerHolder = { [SCHEDULER]?: Scheduler };

export async function boot(): Promise<void> {
  const started = performance.now();
  markStarting(); // requests wait for the start from here on; the probes answer (docs/decisions/062)
  wireApp();
  startupProgress("database", env().usesEmbeddedDatabase ? `Opening the database in ${env().DATA_DIR} and applying its migrations…` : "Opening the database and applying its migrations…");
  const opening = getDatabase();
  // SIGTERM/SIGINT from now on: leadership handed over, streams and requests finished, the
  // database closed (src/server/shutdown.ts), also when the signal comes during the start.
  installShutdown({
    releaseLeadership: () => Promise.all([stopScheduler(), stopMarket()]).then(() => {}),
    closeResources: async () => {
      const handle = await opening.catch(() => undefined);
      await handle?.close();
    },
    drainMs: env().SHUTDOWN_TIMEOUT_MS,
  });
  try {
    const { db, kind } = await opening;
    const learn = await seedCurriculum(db, curriculum);
    if (learn.lessons > 0) startupProgress("lessons", `Added the shipped lessons: ${learn.courses} courses, ${learn.lessons} lessons.`);
    if (learn.questions > 0) startupProgress("lessons", `Added ${learn.questions} shipped quiz questions to the lessons' question banks.`);
    await startMarket(db, kind);
    startScheduler(db, kind);
    markReady();
    logger().info(
      { database: kind, ms: Math.round(performance.now() - started), seeded: { courses: learn.courses, lessons: learn.lessons, questions: learn.questions } },
      "[start] database ready",
    );
    // Last: the one line a person starting it looks for.
    startupProgress("ready", readyLine(await adminOnSignUp(db)), { ms: Math.round(performance.now() - started) });
  } catch (error) {
    // A failed bulk insert carries every parameter in its message: keep the log readable.
    const err = error as Error & { cause?: Error };
    logger().fatal(
      { message: String(err.message).slice(0, 2000), cause: err.cause ? String(err.cause.message).slice(0, 2000) : undefined, stack: err.stack?.slice(0, 4000) },
      "[start] could not open the database; stopping",
    );
    process.exit(1);
  }
}

/** The once-per-database work on the clock (src/scheduled-tasks.ts, each task under its own lease). */
function startScheduler(db: Db, kind: DatabaseHandle["kind"]): void {
  const holder = globalThis as SchedulerHolder;
  if (holder[SCHEDULER]) return;
  const scheduler = new Scheduler({ db, kind, tasks: [...SCHEDULED_TASKS] });
  holder[SCHEDULER] = scheduler;
  scheduler.start();
  if (env().CHECK_ANSWERS) logger().warn("CHECK_ANSWERS is on: every API answer is checked against its schema (a test server's setting; it costs time on each request).");
  if (env().TEST_TASK_CONTROL) {
    const line = "TEST_TASK_CONTROL is ON: anyone signed in can run a scheduled task now through POST /api/test/tasks/{name}. Never enable this on a real install.";
    logger().warn(line);
    console.warn(`\n${"!".repeat(line.length)}\n${line}\n${"!".repeat(line.length)}\n`);
  }
}

async function stopScheduler(): Promise<void> {
  const holder = globalThis as SchedulerHolder;
  const scheduler = holder[SCHEDULER];
  delete holder[SCHEDULER];
  await scheduler?.stop();
}
