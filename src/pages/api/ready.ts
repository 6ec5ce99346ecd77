/**
 * Readiness: 200 once the instance has started (migrations, seeding, jobs: src/boot.ts) and its
 * database answers; 503 while starting, shutting down or without its database. GET /api/health
 * stays the liveness check (docs/decisions/032-metrics.md).
 */
import { sql } from "drizzle-orm";
import { getDatabase } from "@/server/db";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/server/db/unavailable";
import { apiRoute, method } from "@/server/http/api-route";
import { startState } from "@/server/readiness";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    docs: {
      summary: "Readiness: may this instance take traffic?",
      description: "`GET /api/health` stays the liveness check; this one is for a load balancer.",
      response:
        '200 `{"status":"ready"}` once the instance has started (migrations, seeding, jobs) and its database answers; 503 `{"status":"starting"|"stopping"}` before that and once its shutdown has begun; 503 `{"status":"degraded","database":{"ok":false}}` without its database; every 503 with `Retry-After`',
    },
    async handler() {
      const state = startState();
      const retry = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
      if (state !== "ready") return { status: 503, headers: retry, body: { status: state } };
      try {
        const { db } = await getDatabase();
        await db.execute(sql`select 1`);
        return { body: { status: "ready" } };
      } catch {
        return { status: 503, headers: retry, body: { status: "degraded", database: { ok: false } } };
      }
    },
  }),
});
