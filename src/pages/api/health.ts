import { sql } from "drizzle-orm";
import { getDatabase } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { isShuttingDown } from "@/server/shutdown";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    docs: {
      summary: "Liveness and database check",
      response: "200 `{\"status\":\"ok\",\"database\":{\"kind\":\"pglite\"|\"postgres\",\"ok\":true,\"latencyMs\":3}}`; 503 `{\"status\":\"degraded\",\"database\":{\"ok\":false}}` when the database does not answer; 503 `{\"status\":\"stopping\"}` while the server shuts down (a balancer stops sending here)",
    },
    async handler() {
      // A balancer stops sending here while the server finishes what it has (src/server/shutdown.ts).
      if (isShuttingDown()) return { status: 503, body: { status: "stopping" } };
      const started = performance.now();
      try {
        const { db, kind } = await getDatabase();
        await db.execute(sql`select 1`);
        return { body: { status: "ok", database: { kind, ok: true, latencyMs: Math.round(performance.now() - started) } } };
      } catch {
        return { status: 503, body: { status: "degraded", database: { ok: false } } };
      }
    },
  }),
});
