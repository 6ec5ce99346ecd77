/**
 * `Authorization: Bearer tlk_…` for apiRoute (docs/decisions/031-api-tokens.md): the token's
 * session (401 when it does not work), its own rate limit (429 with Retry-After), then the
 * route's scope (403). A bearer request never reads or sets a cookie.
 */
import type { Session } from "next-auth";
import { DomainError, failures } from "@/domain/errors";
import { authenticateApiToken } from "@/server/auth/api-tokens";
import { getDb } from "@/server/db";
import type { ApiTokenScope } from "@/server/db/schema";
import { consumeApiTokenRequest } from "./rate-limit";

/**
 * What an API token needs to call a method. "session": no token at all, a browser session
 * only (account management: password, email, deletion, the tokens themselves, the export).
 */
export type Scope = ApiTokenScope | "session";

/**
 * The scope a method needs when its spec does not say: admin routes need "admin", reads
 * "read", and any other method nothing a token has, so a new state-changing route is closed
 * to tokens until it says `scope: "trade"`.
 */
export function defaultScope(method: string, auth: "public" | "user" | "admin"): Scope {
  if (auth === "admin") return "admin";
  if (method === "GET" || method === "HEAD") return "read";
  return "session";
}

export async function bearerSession(token: string, scope: Scope): Promise<Session> {
  const db = await getDb();
  const found = await authenticateApiToken(db, token);
  if (!found) {
    throw new DomainError(
      "unauthenticated",
      "INVALID_TOKEN",
      "This API token does not work: it is unknown, revoked or expired, or its owner signed out everywhere.",
    );
  }
  const verdict = await consumeApiTokenRequest(db, found.tokenId);
  if (!verdict.allowed) {
    throw failures.rateLimited(verdict.retryAfterSeconds, `This API token made too many requests. Try again in ${verdict.retryAfterSeconds} s.`);
  }
  if (scope === "session") {
    throw failures.forbidden("API tokens cannot be used here: sign in to Tickerlab in a browser to do this.", "TOKEN_NOT_ALLOWED");
  }
  if (!found.scopes.includes(scope)) {
    throw failures.forbidden(`This API token does not have the "${scope}" scope this request needs.`, "INSUFFICIENT_SCOPE");
  }
  return found.session;
}
