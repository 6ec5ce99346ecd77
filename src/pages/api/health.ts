/**
 * The database's round trip, for a person or a monitor: its kind and latency, or 503 while it
 * is away. Not a probe (docs/decisions/062-liveness-and-readiness.md): an orchestrator's
 * liveness probe on it would restart every instance during an outage the app survives —
 * liveness is GET /api/live, readiness GET /api/ready. With a session cookie it also checks
 * the session (the benchmarks' baseline: one session check and one round trip).
 */
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/db/unavailable";
import { healthAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { checkDatabase } from "@/server/readiness";
import { isShuttingDown } from "@/server/shutdown";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    answer: healthAnswer,
    docs: {
      summary: "Database check: does the database answer, and how fast?",
      description:
        "For a person or a monitor, not a probe: it answers 503 while the database is away, which the app survives, so a liveness probe on it would restart every instance during an outage. Use `GET /api/live` for liveness and `GET /api/ready` for readiness. With a session cookie, the session is checked too.",
      response:
        '200 `{"status":"ok","database":{"kind":"pglite"|"postgres","ok":true,"latencyMs":3}}`; 503 `{"status":"degraded","database":{"ok":false}}` while the database is away; 503 `{"status":"stopping"}` while the server shuts down; every 503 with `Retry-After`',
    },
    async handler() {
      const retry = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
      // A balancer stops sending here while the server finishes what it has (src/server/shutdown.ts).
      if (isShuttingDown()) return { status: 503, headers: retry, body: { status: "stopping" } as const };
      const database = await checkDatabase();
      if (!database.ok) return { status: 503, headers: retry, body: { status: "degraded", database: { ok: false } } as const };
      return { body: { status: "ok", database: { kind: database.kind, ok: true, latencyMs: database.latencyMs } } as const };
    },
  }),
});
