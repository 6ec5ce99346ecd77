/**
 * Readiness: may this instance take traffic? 200 once its start is done (migrations, seeding,
 * jobs: src/boot.ts) and its database answers; 503 with Retry-After while starting, stopping or
 * without its database (src/server/readiness.ts, docs/decisions/062-liveness-and-readiness.md).
 */
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/db/unavailable";
import { readyAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { checkDatabase, startState } from "@/server/readiness";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    GET: method({
      auth: "public",
      answer: readyAnswer,
      docs: {
        summary: "Readiness: may this instance take traffic?",
        description:
          "The readiness probe for a load balancer or an orchestrator: take this instance out of rotation while it answers 503, and put it back when it answers 200. It reads no session or token. Liveness is `GET /api/live`; `GET /api/health` is not a probe.",
        response:
          '200 `{"status":"ready"}` once the instance has started (migrations, seeding, jobs) and its database answers; 503 `{"status":"starting"|"stopping"}` before that and once its shutdown has begun; 503 `{"status":"degraded","database":{"ok":false}}` while its database is away (refused, not accepting connections, sessions terminated, a pooler giving up); every 503 with `Retry-After`',
      },
      async handler() {
        const state = startState();
        const retry = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
        if (state !== "ready") return { status: 503, headers: retry, body: { status: state } };
        // Busy is not away: a pool whose connections keep coming back answers (decision 080).
        const database = await checkDatabase({ busyAnswers: true });
        if (!database.ok) return { status: 503, headers: retry, body: { status: "degraded", database: { ok: false } } as const };
        return { body: { status: "ready" } as const };
      },
    }),
  },
  { credentials: "ignored" },
);
