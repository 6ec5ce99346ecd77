/**
 * The composition root, run once when the server starts (src/instrumentation.ts): open the
 * database (migrations), then load the demo content each section ships. It may import every
 * layer; nothing imports it.
 */
import { ASSIGNMENT_DUE_EVERY_MS, freezeDueAssignments } from "@/features/classes";
import { advanceReplays, EVENT_LIFECYCLE_EVERY_MS, finalizeDueEvents, REPLAY_EVERY_MS } from "@/features/events";
import { LEAGUE_REFRESH_MS, LEAGUE_ROLLOVER_MS, refreshLeagues, rolloverLeagues } from "@/features/leagues";
import { curriculum } from "@/features/learn/content";
import { seedCurriculum } from "@/features/learn/server/seed";
import { startMarket, stopMarket } from "@/features/market/server/start";
import { pruneSnapshots, SNAPSHOT_EVERY_MS, takeSnapshots } from "@/features/portfolio";
import { EVENT_REFRESH_MS, PRACTICE_REFRESH_MS, refreshLiveEventBoards, refreshPracticeAndXp } from "@/features/ranking";
import { env } from "@/env";
import { getDatabase, type DatabaseHandle, type Db } from "@/server/db";
import { Scheduler } from "@/server/jobs/scheduler";
import { adminOnSignUp } from "@/server/auth/users";
import { logger } from "@/server/logger";
import { markReady } from "@/server/readiness";
import { installShutdown } from "@/server/shutdown";
import { readyLine, startupProgress } from "@/server/startup";
import { wireApp } from "@/wiring";

const SCHEDULER = Symbol.for("tickerlab.scheduler");
type SchedulerHolder = { [SCHEDULER]?: Scheduler };

export async function boot(): Promise<void> {
  const started = performance.now();
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

/** The once-per-database work on the clock (src/server/jobs/scheduler.ts). */
function startScheduler(db: Db, kind: DatabaseHandle["kind"]): void {
  const holder = globalThis as SchedulerHolder;
  if (holder[SCHEDULER]) return;
  const scheduler = new Scheduler({
    db,
    kind,
    tasks: [
      { name: "equity-snapshots", everyMs: SNAPSHOT_EVERY_MS, run: ({ db, due }) => takeSnapshots(db, due) },
      { name: "prune-snapshots", everyMs: 3_600_000, run: ({ db, now }) => pruneSnapshots(db, now) },
      { name: "ranking-practice-xp", everyMs: PRACTICE_REFRESH_MS, run: ({ db, now, fence }) => refreshPracticeAndXp(db, { now, fence }) },
      // Weekly leagues (docs/decisions/045-leagues.md): the week's rollover within seconds of Monday 00:00 UTC (once per week, keyed by its Monday), standings every minute.
      { name: "league-rollover", everyMs: LEAGUE_ROLLOVER_MS, run: ({ db, now, fence }) => rolloverLeagues(db, { now, fence }) },
      { name: "leagues", everyMs: LEAGUE_REFRESH_MS, run: ({ db, now, fence }) => refreshLeagues(db, { now, fence }) },
      { name: "ranking-live-events", everyMs: EVENT_REFRESH_MS, run: ({ db, now, fence }) => refreshLiveEventBoards(db, { now, fence }) },
      // Ends events at their end instant (within a second): orders cancelled, standings frozen.
      { name: "event-lifecycle", everyMs: EVENT_LIFECYCLE_EVERY_MS, run: ({ db, now, fence }) => finalizeDueEvents({ db, now, fence }) },
      // Records the position weights at each assignment's due instant (within a second), for its max-weight tasks.
      { name: "assignment-due", everyMs: ASSIGNMENT_DUE_EVERY_MS, run: ({ db, now, fence }) => freezeDueAssignments({ db, now, fence }) },
      // Plays replay events on their own clocks: resting orders their paths cross, day orders at each dataset day's end.
      { name: "event-replays", everyMs: REPLAY_EVERY_MS, run: ({ db, now, fence }) => advanceReplays({ db, now, fence }) },
    ],
  });
  holder[SCHEDULER] = scheduler;
  scheduler.start();
}

async function stopScheduler(): Promise<void> {
  const holder = globalThis as SchedulerHolder;
  const scheduler = holder[SCHEDULER];
  delete holder[SCHEDULER];
  await scheduler?.stop();
}
