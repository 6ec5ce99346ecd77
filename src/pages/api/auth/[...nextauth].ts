/**
 * next-auth, wrapped: the wrapper adds the request context (client IP for the audit log),
 * rate limits password sign-in and email-link requests, and bounds client log reports
 * before next-auth runs; it also refuses what breaks the input rule (src/lib/text.ts) and the
 * methods next-auth answers with a 500. Everything else is next-auth's own protocol, with one exception:
 * when the session check cannot reach the database, the session call answers 503 and leaves
 * the cookie alone instead of next-auth's "no session" that clears it (docs/decisions/026).
 */
import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import { env } from "@/env";
import { nextAuthAcceptsCallbackUrl, safeCallbackPath } from "@/lib/callback-url";
import { holdResponse } from "@/server/auth/held-response";
import { authOptions } from "@/server/auth/options";
import { watchDatabase } from "@/server/auth/session";
import { getDb } from "@/server/db";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/server/db/unavailable";
import { observeRequest, rejectUnsafeText, sendError } from "@/server/http/api-route";
import { consumeAttempt, type RateLimitedAction } from "@/server/http/rate-limit";
import { clientIp, requestIdFor, runWithRequestContext } from "@/server/http/request-context";
import { whenStarted } from "@/server/readiness";

const CLIENT_LOG_LEVELS = new Set(["error", "warn", "debug"]);

function limitedAction(req: NextApiRequest): RateLimitedAction | null {
  if (req.method !== "POST") return null;
  const [action, provider] = (req.query.nextauth as string[] | undefined) ?? [];
  if (action === "callback" && provider === "credentials") return "sign-in";
  if (action === "signin" && provider === "email") return "email-link";
  if (action === "_log") return "client-log";
  return null;
}

export default async function auth(req: NextApiRequest, res: NextApiResponse) {
  const started = performance.now();
  const ip = clientIp(req);
  const requestId = requestIdFor(req, res);
  return runWithRequestContext({ ip, requestId }, async () => {
    try {
      await whenStarted(); // as every request: after the start (src/server/readiness.ts)
      await handle(req, res, ip);
    } catch (error) {
      // The rate limiter, or a callback, could not reach the database: 503, like every API route.
      if (!isDatabaseUnavailable(error)) throw error;
      // next-auth's client reads a sign-in's outcome from the url it gets back, as for 429.
      if (req.body?.json === "true" && limitedAction(req) !== "client-log") {
        res.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
        res.setHeader("Cache-Control", "private, no-store");
        res.status(503).json({ url: `${env().APP_ORIGIN}/login?error=DatabaseUnavailable` });
        return;
      }
      sendError(res, error);
    } finally {
      observeRequest(req, res, started);
    }
  });
}

async function handle(req: NextApiRequest, res: NextApiResponse, ip: string) {
  // The input rule (src/lib/text.ts), as apiRoute applies it: nothing with a NUL or a lone
  // surrogate reaches the rate limiter's table or next-auth's adapter.
  try {
    rejectUnsafeText(req.query, req.body);
  } catch (error) {
    return sendError(res, error);
  }
  // A callbackUrl next-auth cannot take ("abc", "1e309", twice) makes it answer every call with
  // a 500 (InvalidCallbackUrl): read it as the page it would lead to, "/" (lib/callback-url.ts).
  if (req.query.callbackUrl !== undefined && !nextAuthAcceptsCallbackUrl(req.query.callbackUrl, env().APP_ORIGIN)) {
    req.query.callbackUrl = safeCallbackPath(Array.isArray(req.query.callbackUrl) ? req.query.callbackUrl[0] : req.query.callbackUrl, env().APP_ORIGIN);
  }
  const [first, second] = (req.query.nextauth as string[] | undefined) ?? [];
  if (first === "callback" && second === "credentials" && req.method !== "POST") {
    // next-auth throws ("Callback for provider type credentials not supported"): a 500 for a GET.
    res.setHeader("Allow", "POST");
    res.setHeader("Cache-Control", "private, no-store");
    return res.status(405).json({ error: { code: "METHOD_NOT_ALLOWED", message: "Use POST for this address." } });
  }
  const action = limitedAction(req);
  if (action === "client-log") {
    const { level, code } = (req.body ?? {}) as { level?: unknown; code?: unknown };
    // Only the client's own report shapes reach the logger; anything else is dropped.
    if (typeof level !== "string" || !CLIENT_LOG_LEVELS.has(level) || typeof code !== "string" || code.length > 64) {
      return res.status(400).json({ error: { code: "VALIDATION_FAILED", message: "Not a client log report." } });
    }
  }
  if (action) {
    const address = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : null;
    const verdict = await consumeAttempt(await getDb(), action, { address, ip });
    if (!verdict.allowed) {
      res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
      if (action === "client-log") return res.status(429).end();
      const url = `${env().APP_ORIGIN}/login?error=TooManyAttempts`;
      // next-auth's client posts json=true and reads the error from the url it gets back.
      if (req.body?.json === "true") return res.status(429).json({ url });
      return res.redirect(302, url);
    }
  }
  if (req.query.nextauth?.[0] === "session") {
    const watched = watchDatabase(authOptions());
    const held = holdResponse();
    await NextAuth(req, held.res, watched.options);
    watched.throwIfUnavailable();
    held.replay(res);
    return;
  }
  await NextAuth(req, res, authOptions());
}
