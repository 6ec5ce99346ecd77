/**
 * Test-only: runs one scheduled task (src/scheduled-tasks.ts) now, as its own period would,
 * under its lease, so a test sees the fair-play monitor, a board refresh or the leagues act at
 * once instead of waiting up to a minute for the clock (docs/decisions/050). Exists only when
 * TEST_TASK_CONTROL is on (404 otherwise); the server says so loudly at start-up.
 */
import { failures } from "@/domain/errors";
import { env } from "@/env";
import { testTaskAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { runningScheduler } from "@/server/jobs/scheduler";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "user",
      answer: testTaskAnswer,
      docs: {
        summary: "Test only: run a scheduled task now",
        description: "Only with `TEST_TASK_CONTROL=1` (404 otherwise). `name` is a task of src/scheduled-tasks.ts, e.g. `fair-play`, `ranking-live-events`, `leagues`.",
        response: "200 `{task, ms}` once it has run; 404 for an unknown task; 409 when it could not run (another run held it for 30 s, or it failed: the server log says why)",
      },
      async handler({ req }) {
        const name = String(req.query.name);
        const scheduler = runningScheduler();
        if (!scheduler) throw failures.conflict("NOT_READY", "The scheduler is not running yet.");
        const started = performance.now();
        const ran = await scheduler.runNow(name);
        if (ran === undefined) throw failures.notFound(`No scheduled task is named ${name}; the tasks: ${scheduler.taskNames.join(", ")}.`);
        if (!ran) throw failures.conflict("TASK_NOT_RUN", `The task ${name} did not run (it was busy elsewhere, or it failed: see the server log).`);
        return { body: { task: name, ms: Math.round(performance.now() - started) } };
      },
    }),
  },
  // Test-only: 404 unless TEST_TASK_CONTROL is on.
  { onlyWhen: () => env().TEST_TASK_CONTROL },
);
