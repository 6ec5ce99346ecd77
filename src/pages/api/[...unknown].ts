/**
 * Any /api address no route serves answers like the rest of the API — the JSON error shape,
 * `Cache-Control: private, no-store` and `X-Request-Id` — instead of Next's HTML 404 page, so
 * a script with a typo in a path gets an answer it can read. Next tries every other route
 * first (static, then dynamic, then this catch-all), next-auth's included.
 */
import type { NextApiRequest, NextApiResponse } from "next";
import { failures } from "@/domain/errors";
import { observeRequest, sendError } from "@/server/http/api-route";
import { requestIdFor } from "@/server/http/request-context";

export const config = { api: { bodyParser: false } };

export default function unknownApiAddress(req: NextApiRequest, res: NextApiResponse) {
  const started = performance.now();
  requestIdFor(req, res);
  sendError(res, failures.notFound("There is no API at this address. The API reference at /developers/api lists every route."));
  observeRequest(req, res, started);
}
