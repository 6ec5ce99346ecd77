/**
 * Liveness: the process answers. Nothing else is asked — no database, no session, no token —
 * so a database outage never fails it (src/server/readiness.ts,
 * docs/decisions/062-liveness-and-readiness.md).
 */
import { liveAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    GET: method({
      auth: "public",
      answer: liveAnswer,
      docs: {
        summary: "Liveness: does this process answer?",
        description:
          "The liveness probe for an orchestrator: restart the process when this fails to answer in time. It touches neither the database nor the session, so it stays 200 while the database is away (readiness, `GET /api/ready`, says 503 then) and while the instance is shutting down and finishing its requests.",
        response: '200 `{"status":"live"}`',
      },
      handler() {
        return { body: { status: "live" } as const };
      },
    }),
  },
  { credentials: "ignored" },
);
