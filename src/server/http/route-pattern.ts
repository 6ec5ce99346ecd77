/**
 * The route pattern a request matched (`/api/portfolios/[id]/orders`), for metric labels:
 * never the raw URL, whose ids would make a new time series per portfolio.
 *
 * Next keeps the match on the request under its request-meta symbol (set by its router before
 * the route module runs; `match.definition.page`). That is Next's internal, not an API: if an
 * upgrade moves it, requests are labelled "unmatched" (still bounded) and
 * tests/integration/http-metrics.test.ts, which looks for the pattern, fails.
 */
import type { IncomingMessage } from "node:http";

const NEXT_REQUEST_META = Symbol.for("NextInternalRequestMeta");

interface RequestMeta {
  match?: { definition?: { page?: unknown; pathname?: unknown } };
}

export function routePatternOf(req: IncomingMessage): string {
  const meta = (req as unknown as { [NEXT_REQUEST_META]?: RequestMeta })[NEXT_REQUEST_META];
  const definition = meta?.match?.definition;
  const page = definition?.pathname ?? definition?.page;
  return typeof page === "string" ? page.replace(/\/index$/, "") || "/" : "unmatched";
}
