/**
 * Sends an API answer's JSON, gzipped in one piece when the client accepts gzip and the text is
 * 1 kB or more. Next's own compression (the `compression` middleware) would otherwise gzip it as
 * a stream — a zlib stream set up and torn down per answer, chunked, several socket writes —
 * which cost a board page of 50 rows (~7 kB) 0.3 ms of the server's 1.3 ms; gzipping the whole
 * text at once costs ~30 µs and goes out with its Content-Length in one write. The middleware
 * leaves an answer alone once it carries a Content-Encoding (docs/decisions/086). Only answers
 * that are not stored (`no-store`, every answer but the public API document) take this path:
 * Next's gives a cacheable one its ETag and 304.
 */
import { gzipSync } from "node:zlib";
import type { NextApiRequest, NextApiResponse } from "next";
import Negotiator from "negotiator";

/** What the compression middleware never compresses either: smaller texts gain nothing. */
export const GZIP_FROM_BYTES = 1024;

export function sendJson(req: Pick<NextApiRequest, "headers">, res: NextApiResponse, status: number, body: unknown): void {
  res.setHeader("Vary", "Accept-Encoding");
  // A cacheable answer (the public API document) keeps Next's path: its ETag and 304.
  if (new Negotiator(req).encoding(["gzip", "identity"]) !== "gzip" || !String(res.getHeader("Cache-Control") ?? "").includes("no-store")) {
    res.status(status).json(body);
    return;
  }
  const text = JSON.stringify(body);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (text.length < GZIP_FROM_BYTES) {
    res.status(status).send(text);
    return;
  }
  const gzipped = gzipSync(text);
  res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", gzipped.length);
  res.status(status).end(gzipped);
}
