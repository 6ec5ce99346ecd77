/**
 * Personal API tokens: the credential of `Authorization: Bearer tlk_…` (docs/decisions/031).
 *
 * A token is "tlk_" and 32 random bytes in base64url. Only its SHA-256 is stored (a 256-bit
 * random secret needs no slow hash: nothing can be guessed); the first characters are kept as
 * `prefix` so a person can tell their tokens apart. A token works while it is not revoked,
 * not expired, its owner is active (the same rule as a cookie session, users.ts
 * isActiveUser) and the owner's token version is the one it was created under, so "sign out
 * all devices", a password or email change, a role change and disabling end it too.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Session } from "next-auth";
import type { DbOrTx } from "@/server/db";
import { apiTokens, users, type ApiTokenScope } from "@/server/db/schema";
import { isActiveUser, sessionUserColumns, sessionUserOf } from "./users";

export const API_TOKEN_PREFIX = "tlk_";
/** How many characters of a token the list shows ("tlk_" and 6 more). */
const SHOWN = API_TOKEN_PREFIX.length + 6;
/** Last use is written at most this often per token, not on every request. */
const LAST_USE_PRECISION_SECONDS = 60;

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export function hashApiToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The Bearer credential of a request, or null when it sends none (Authorization absent or another scheme). */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  if (match) return match[1]!;
  // "Bearer" with nothing usable after it is still a bearer attempt: it must fail, not fall back to the cookie.
  return /^Bearer\b/i.test(authorization ?? "") ? "" : null;
}

export async function insertApiToken(
  db: DbOrTx,
  input: { userId: string; name: string; scopes: ApiTokenScope[]; expiresAt: Date; tokenVersion: number },
): Promise<{ token: string; row: ApiTokenRow }> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiTokens)
    .values({ ...input, tokenHash: hashApiToken(token), prefix: token.slice(0, SHOWN) })
    .returning();
  return { token, row: row! };
}

export async function listApiTokens(db: DbOrTx, userId: string) {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Marks the person's token revoked; undefined when it is not theirs or already revoked. */
export async function revokeApiTokenRow(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  return row;
}

export type ApiTokenState = "active" | "revoked" | "expired" | "ended";

/** What the list says of a token; "ended": its owner signed out everywhere (or changed password, email or role) since. */
export function apiTokenState(row: ApiTokenRow, ownerTokenVersion: number, now = new Date()): ApiTokenState {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  if (row.tokenVersion !== ownerTokenVersion) return "ended";
  return "active";
}

export interface TokenSession {
  session: Session;
  tokenId: string;
  scopes: ApiTokenScope[];
}

/**
 * The session a bearer token stands for, or null when it does not work (unknown, revoked,
 * expired, owner disabled or signed out everywhere). One statement reads the token and its
 * owner; last use is written at most once a minute.
 */
export async function authenticateApiToken(db: DbOrTx, token: string): Promise<TokenSession | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const [found] = await db
    .select({ token: apiTokens, ...sessionUserColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)))
    .limit(1);
  if (!found || !isActiveUser(found.user)) return null;
  if (apiTokenState(found.token, found.user.tokenVersion) !== "active") return null;
  const lastUsed = found.token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUsed >= LAST_USE_PRECISION_SECONDS * 1000) {
    await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, found.token.id));
  }
  const user = sessionUserOf(found);
  return {
    session: { user, expires: found.token.expiresAt.toISOString() },
    tokenId: found.token.id,
    scopes: found.token.scopes,
  };
}
