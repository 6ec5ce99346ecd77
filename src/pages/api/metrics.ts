/**
 * The process's metrics in Prometheus text format (src/server/metrics.ts), for whom
 * METRICS_ALLOW lets in (src/server/metrics-access.ts; docs/decisions/032-metrics.md): from this
 * host, an admin's session, or a bearer token with the admin scope.
 */
import { env } from "@/env";
import { failures } from "@/domain/errors";
import { apiRoute, method } from "@/server/http/api-route";
import { metrics } from "@/server/metrics";
import { isLoopbackRequest, metricsAccess } from "@/server/metrics-access";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    // A scraper may also use a personal API token, but only one with the admin scope.
    scope: "admin",
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
