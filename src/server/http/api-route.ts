/**
 * Every API route of the app goes through apiRoute(): method check (405), same-origin
 * check on state-changing requests (CSRF), session and role (401/403), zod input (400
 * with fields), and the one mapping from domain errors (src/domain/errors.ts) to a status
 * and JSON (STATUS_OF). No route chooses an error status or writes its own 500.
 */
import type { NextApiRequest, NextApiResponse } from "next";
import type { Session } from "next-auth";
import { z } from "zod";
import { env } from "@/env";
import { answerMismatches, type ErrorAnswer } from "@/lib/api/answers";
import { fieldErrors } from "@/lib/validation/field-errors";
import { strictInput } from "@/lib/validation/strict";
import { getServerAuthSession } from "@/server/auth/session";
import { databaseUnavailableFailure, isDatabaseUnavailable } from "@/server/db/unavailable";
import { logger } from "@/server/logger";
import { metrics, secondsSince, statusClass } from "@/server/metrics";
import { whenStarted } from "@/server/readiness";
import { findUnsafeText } from "@/lib/text";
import { hasRole } from "@/lib/roles";
import { DomainError, failures, isDomainError } from "@/domain/errors";
import { bearerToken } from "@/server/auth/api-tokens";
import { BodyError, readBody } from "./body";
import { sendJson } from "./json-answer";
import { bearerSession, defaultScope, type Scope } from "./bearer";
import { STATUS_OF } from "./errors";
import { clientIp, requestIdFor, runWithRequestContext } from "./request-context";
import { routePatternOf } from "./route-pattern";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Auth = "public" | "user" | "admin";

export interface HandlerContext<I, A extends Auth> {
  req: NextApiRequest;
  res: NextApiResponse;
  input: I;
  session: A extends "public" ? Session | null : Session;
  ip: string;
}

type HandlerResult<B = unknown> = { status?: number; body?: B; headers?: Record<string, string> } | void;

/**
 * A refusal a handler answers rather than throws because it carries more than the error (POST
 * …/orders: a rejected order is kept, and the 422 shows it): the one error shape and what it
 * adds. Not a success, so its method's `answer` does not describe it (and is not checked on it).
 */
type Refusal = { status: number; body: ErrorAnswer & Record<string, unknown>; headers?: Record<string, string> };

/**
 * What a handler may return for a declared answer: the wire type itself, except that an
 * instant may still be a Date (JSON writes it as its ISO string). So tsc holds a handler's
 * body to its answer schema too; the run-time check (CHECK_ANSWERS) sees the rest.
 */
export type ServerBody<T> = T extends string
  ? T | Date
  : T extends readonly (infer E)[]
    ? readonly ServerBody<E>[]
    : T extends object
      ? { [K in keyof T]: ServerBody<T[K]> }
      : T;

/**
 * What a method does, for the OpenAPI document (GET /api/openapi.json, built by
 * src/server/http/openapi.ts from src/api-routes.ts; docs/decisions/030-openapi.md).
 */
export interface MethodDocs {
  /** One line: what the method does. */
  summary: string;
  /** More detail (Markdown), when the summary is not enough. */
  description?: string;
  /** The success answer's status (default 200). */
  status?: number;
  /**
   * Prose about the answers (which statuses, what a field means). The body's shape is the
   * method's `answer` schema; a method without one (on the allow-list of
   * tests/unit/answer-schemas.test.ts) says it here.
   */
  response?: string;
  /** The success body's media type when it is not JSON (e.g. text/csv). */
  contentType?: string;
  /** Request headers the method reads: name → what it means (all optional). */
  headers?: Record<string, string>;
  /** A rate limit applies: 429 with Retry-After past it (src/server/http/rate-limit.ts). */
  rateLimited?: string;
}

export interface MethodSpec<S extends z.core.$ZodType = z.core.$ZodType, A extends Auth = Auth, R extends z.core.$ZodType = z.ZodUnknown> {
  auth: A;
  /** Parses the JSON body (or the query string for GET and DELETE); zod classic or mini. */
  input?: S;
  /**
   * The success body (every 2xx the method sends; `noContent` for a 204) as a zod schema from
   * the feature's server-free types.ts, which the browser infers its types from. Published in
   * the OpenAPI document; with CHECK_ANSWERS on (the test servers) each real answer is checked
   * against it, every object strict, and a mismatch answers 500 ANSWER_MISMATCH
   * (docs/decisions/071-answer-schemas.md). Errors have one shape for all (`errorAnswer`).
   */
  answer?: R;
  /** Documents the method in the OpenAPI document; the input schema above is documented as is. */
  docs?: MethodDocs;
  /**
   * What a personal API token needs to call this method (./bearer.ts): "read", "trade",
   * "admin", or "session" (browser sessions only). Default: "admin" on admin routes, "read"
   * for GET, "session" for any other method, so a new state-changing route is closed to tokens.
   */
  scope?: Scope;
  handler: (ctx: HandlerContext<z.output<S>, A>) => Promise<HandlerResult<ServerBody<z.output<R>>> | Refusal> | HandlerResult<ServerBody<z.output<R>>> | Refusal;
}

// A spec per method; the wrapper keeps their input types apart.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Specs = Partial<Record<Method, MethodSpec<any, Auth, any>>>;

/** An apiRoute handler; it keeps its specs so the OpenAPI document can read them. */
export type ApiRouteHandler = ((req: NextApiRequest, res: NextApiResponse) => Promise<void>) & {
  readonly specs: Specs;
  readonly options: RouteOptions;
};

export function method<S extends z.core.$ZodType = z.ZodUndefined, A extends Auth = Auth, R extends z.core.$ZodType = z.ZodUnknown>(spec: MethodSpec<S, A, R>) {
  return spec;
}

/** A real answer that does not match its declared schema (only looked for with CHECK_ANSWERS on). */
export class AnswerMismatch extends Error {
  constructor(readonly mismatches: string[]) {
    super(`The answer does not match its declared schema: ${mismatches.slice(0, 10).join("; ")}`);
  }
}

/** Browsers mark cross-site requests; scripts using the cookie send neither header. */
export function isCrossSite(req: Pick<NextApiRequest, "headers">): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = req.headers.origin;
  if (origin && origin !== "null") {
    const host = (env().TRUST_PROXY && (req.headers["x-forwarded-host"] as string | undefined)) || req.headers.host;
    try {
      if (new URL(origin).host !== host) return true;
    } catch {
      return true;
    }
  } else if (origin === "null") return true;
  return false;
}

export interface RouteOptions {
  /** The largest request body this route reads (default 1 MB, Next's). */
  maxBodyBytes?: number;
  /** A test-only route: answers 404 NOT_FOUND, before anything else, unless this says yes. */
  onlyWhen?: () => boolean;
  /**
   * "ignored": neither a session cookie nor a bearer token is read, so nothing on the way to
   * the handler touches the database (the probes, GET /api/live and /api/ready: a probe that
   * sends a cookie must not turn into a session check), and the route answers while the
   * server starts instead of waiting for it. Only for public GET routes.
   */
  credentials?: "ignored";
}

/** The input rule (src/lib/text.ts) as an answer: 400 INVALID_TEXT naming the field (also next-auth's wrapper). */
export function rejectUnsafeText(...inputs: unknown[]) {
  for (const input of inputs) {
    const path = findUnsafeText(input);
    if (path === null) continue;
    const message = "Text may not contain NUL characters or unpaired surrogates.";
    throw new DomainError("invalid", "INVALID_TEXT", message, { fields: { [path || "_"]: message } });
  }
}

/**
 * Every route module also says `export const config = { api: { bodyParser: false } }` (Next
 * reads it from the module, literally): apiRoute reads the body itself (./body.ts), so a bad
 * one is answered in our error shape. tests/unit/api-routes-config.test.ts checks each route.
 */
/** The methods a route answers, as its `Allow` header lists them: HEAD wherever GET is. */
function allowedMethods(specs: Specs): string[] {
  const declared = Object.keys(specs);
  return declared.includes("GET") ? [...declared, "HEAD"] : declared;
}

export function apiRoute(specs: Specs, options: RouteOptions = {}): ApiRouteHandler {
  const handle = async function handle(req: NextApiRequest, res: NextApiResponse) {
    const started = performance.now();
    const ip = clientIp(req);
    const requestId = requestIdFor(req, res);
    await runWithRequestContext({ ip, requestId }, async () => {
      let presentedToken = false;
      try {
        // Requests wait for the start (migrations, seeding, jobs); the probes answer during it.
        if (options.credentials !== "ignored") await whenStarted();
        if (options.onlyWhen && !options.onlyWhen()) throw failures.notFound();
        // HEAD is GET without the body (HTTP's rule; probes and monitors use it): the same
        // checks and handler, and Node's response sends the headers only.
        const asMethod = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
        const spec = specs[asMethod as Method];
        if (!spec) {
          // HTTP's own question, not the product's: answered here rather than as a domain error.
          const allowed = allowedMethods(specs);
          res.setHeader("Allow", allowed.join(", "));
          res.setHeader("Cache-Control", "private, no-store");
          res.status(405).json({ error: { code: "METHOD_NOT_ALLOWED", message: `Use ${allowed.join(" or ")} for this address.` } } satisfies ErrorAnswer);
          return;
        }
        let session: Session | null = null;
        // A probe reads no credentials: no session, no token, no database before the handler.
        const readsCredentials = options.credentials !== "ignored";
        const token = readsCredentials ? bearerToken(req.headers.authorization) : null;
        presentedToken = token !== null;
        if (token !== null) {
          // A bearer request is the token's alone: any cookie is ignored, and no CSRF check is
          // needed, since a browser never adds the header to a cross-site request by itself.
          session = await bearerSession(token, spec.scope ?? defaultScope(asMethod, spec.auth));
        } else if (readsCredentials) {
          if (asMethod !== "GET" && isCrossSite(req)) {
            throw failures.forbidden("This request came from another site and was refused.", "CSRF_REJECTED");
          }
          if (spec.auth !== "public" || req.headers.cookie) session = await getServerAuthSession({ req, res });
        }
        if (spec.auth !== "public" && !session) throw failures.unauthenticated();
        if (spec.auth === "admin" && !hasRole(session?.user.role, "admin")) throw failures.forbidden("This is for admins only.");
        // Next's body parser is off for our routes: read it here, once auth has passed.
        if (req.body === undefined && asMethod !== "GET") req.body = await readBody(req, options.maxBodyBytes);
        rejectUnsafeText(req.query, req.body);
        let input: unknown = undefined;
        if (spec.input) {
          const fromQuery = asMethod === "GET" || asMethod === "DELETE";
          const raw = fromQuery ? { ...req.query } : (req.body ?? {});
          // A body's unknown field is refused, not dropped (../../lib/validation/strict.ts). The
          // query is not: Next puts the path's own parameters ([id], [slug]) in it too.
          const parsed = z.safeParse(fromQuery ? spec.input : strictInput(spec.input), raw);
          if (!parsed.success) {
            const fields = fieldErrors(parsed.error);
            throw failures.invalid(Object.values(fields)[0] ?? "The request is not valid.", fields);
          }
          input = parsed.data;
        }
        const result = (await spec.handler({ req, res, input, session: session as Session, ip })) ?? {};
        if (res.headersSent) return;
        // Tests only (the test servers set CHECK_ANSWERS): production neither copies nor parses.
        // A success only: a refusal a handler answers itself (`Refusal`) is the error shape.
        if (spec.answer && env().CHECK_ANSWERS && (result.status ?? 200) < 300) {
          const mismatches = answerMismatches(spec.answer, result.body);
          if (mismatches) throw new AnswerMismatch(mismatches);
        }
        // Private unless the route says otherwise (a public document may be cached).
        res.setHeader("Cache-Control", "private, no-store");
        for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
        if (result.body === undefined) res.status(result.status ?? 204).end();
        else sendJson(req, res, result.status ?? 200, result.body);
      } catch (error) {
        sendError(res, error, { presentedToken });
      } finally {
        // Also after an early return (405, a handler that answered itself: the metrics, a CSV).
        observeRequest(req, res, started);
      }
    });
  };
  return Object.assign(handle, { specs, options });
}

const METHOD_LABELS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The request's latency under its route pattern (src/server/metrics.ts), and a debug access line. */
export function observeRequest(req: NextApiRequest, res: NextApiResponse, started: number) {
  const route = routePatternOf(req);
  const seconds = secondsSince(started);
  const method = METHOD_LABELS.has(req.method ?? "") ? req.method! : "other";
  metrics().httpRequestSeconds.observe({ method, route, status_class: statusClass(res.statusCode) }, seconds);
  const log = logger();
  if (log.isLevelEnabled("debug")) log.debug({ method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) }, "[api] answered");
}

/**
 * The challenge of a 401 (RFC 6750 §3): the API takes personal tokens as `Bearer`, and a token
 * that was presented and did not work says so, so a script's HTTP library can tell "sign in"
 * from "your token is bad".
 */
export function bearerChallenge(presentedToken: boolean): string {
  return presentedToken ? 'Bearer realm="Tickerlab", error="invalid_token"' : 'Bearer realm="Tickerlab"';
}

export function sendError(res: NextApiResponse, error: unknown, request: { presentedToken?: boolean } = {}) {
  if (res.headersSent) return;
  // An error answer is as private as a success: never cached by a browser or a proxy.
  res.setHeader("Cache-Control", "private, no-store");
  if (error instanceof BodyError) {
    res.status(error.status).json({ error: { code: error.code, message: error.message } } satisfies ErrorAnswer);
    return;
  }
  if (error instanceof AnswerMismatch) {
    // A test server only: the route's answer and its contract disagree; the test sees it.
    logger().error({ mismatches: error.mismatches }, "[api] answer does not match its schema");
    res.status(500).json({ error: { code: "ANSWER_MISMATCH", message: error.message, mismatches: error.mismatches } } satisfies ErrorAnswer);
    return;
  }
  if (isDatabaseUnavailable(error)) {
    // Not the request's fault and not a sign-out: 503, try again (docs/decisions/026).
    logger().warn({ err: error }, "[api] database unavailable");
    error = databaseUnavailableFailure();
  }
  if (isDomainError(error)) {
    if (error.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(error.retryAfterSeconds));
    if (error.kind === "unauthenticated") res.setHeader("WWW-Authenticate", bearerChallenge(request.presentedToken ?? false));
    res.status(STATUS_OF[error.kind]).json({
      error: { code: error.code, message: error.message, ...(error.fields && { fields: error.fields }), ...error.details },
    } satisfies ErrorAnswer);
    return;
  }
  logger().error({ err: error }, "[api] unexpected error");
  res.status(500).json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } } satisfies ErrorAnswer);
}

/** Standard list query: ?page=&pageSize=. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1, "Pages start at 1.").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "At most 100 per page.").default(20),
});
