/**
 * The process's metrics in Prometheus text format (src/server/metrics.ts), for whom
 * METRICS_ALLOW lets in (src/server/metrics-access.ts; docs/decisions/032-metrics.md): from this
 * host, an admin's session, or a bearer token with the admin scope.
 */
import { env } from "@/env";
import { failures } from "@/domain/errors";
import { metricsAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { metrics } from "@/server/metrics";
import { isLoopbackRequest, metricsAccess } from "@/server/metrics-access";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    answer: metricsAnswer,
    // A scraper may also use a personal API token, but only one with the admin scope.
    scope: "admin",
    docs: {
      summary: "The process's metrics in Prometheus text format",
      description:
        "For whom `METRICS_ALLOW` names (default `loopback,admin`): a connection from this host (no outside address in `X-Forwarded-For`), an admin's session or an API token with the admin scope, or anyone (`open`). 401 without a session, 403 for others. The families are listed in docs/api.md (Health) and docs/decisions/032-metrics.md.",
      response: "Prometheus text exposition format 0.0.4: request latency per route pattern and status class, orders placed and rejected by code, simulator ticks, scheduler tasks, open streams, database pool, Node's process metrics",
      contentType: "text/plain; version=0.0.4",
    },
    async handler({ req, res, session }) {
      const access = metricsAccess(env().METRICS_ALLOW, { loopback: isLoopbackRequest(req), role: session?.user.role ?? null });
      if (access === "unauthenticated") throw failures.unauthenticated();
      if (access === "forbidden") throw failures.forbidden("The metrics are for admins and this host only.");
      const { registry } = metrics();
      const text = await registry.metrics();
      res.setHeader("Content-Type", registry.contentType);
      res.setHeader("Cache-Control", "private, no-store");
      res.status(200).send(text);
    },
  }),
});
