import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage as Req, ServerResponse } from "node:http";
import { env } from "@/env";
import { acceptRequestId, REQUEST_ID_HEADER } from "@/lib/request-id";

export interface RequestContext {
  ip: string;
  /** The answer's X-Request-Id; the logger adds it to every line written in this context. */
  requestId?: string;
}

// One store per process: Next bundles pages and API routes separately, and next-auth's
// options (cached on globalThis) may be built by any of them.
const KEY = Symbol.for("tickerlab.requestContext");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context, for code that next-auth calls without the request. */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * The client's address. X-Forwarded-For is trivially forged, so it is believed only
 * when TRUST_PROXY says a proxy we control sets it.
 */
export function clientIp(req: Pick<Req, "headers" | "socket">): string {
  if (env().TRUST_PROXY) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket?.remoteAddress ?? "unknown";
}

/**
 * The request's id (a sane incoming X-Request-Id, else a new one), set on the answer at once
 * so error answers carry it too. Pages get theirs from the proxy, which put it on the request.
 */
export function requestIdFor(req: Pick<Req, "headers">, res: Pick<ServerResponse, "setHeader" | "headersSent">): string {
  const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  if (!res.headersSent) res.setHeader("X-Request-Id", id);
  return id;
}
