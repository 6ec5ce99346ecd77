/**
 * Personal API tokens as a person manages them in Settings: create (the secret is answered
 * once and never again), list with last use, revoke. Each write is audited. The credential
 * itself (hashing, checking a request's token) is server/auth/api-tokens.ts.
 */
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { API_TOKEN_MAX_ACTIVE } from "@/lib/api-token-scopes";
import type { CreateApiTokenInput } from "@/lib/validation/api-tokens";
import { audit } from "@/server/audit";
import { apiTokenState, insertApiToken, listApiTokens, revokeApiTokenRow, type ApiTokenRow } from "@/server/auth/api-tokens";
import { findUserById, isActiveUser } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { apiTokens, users } from "@/server/db/schema";
import { hasRole } from "@/lib/roles";

function view(row: ApiTokenRow, ownerTokenVersion: number) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: apiTokenState(row, ownerTokenVersion),
  };
}
export type ApiTokenView = ReturnType<typeof view>;

export async function listTokens(db: Db, userId: string): Promise<ApiTokenView[]> {
  const owner = await findUserById(db, userId);
  if (!owner) throw failures.notFound();
  return (await listApiTokens(db, userId)).map((row) => view(row, owner.tokenVersion));
}

export async function createToken(db: Db, userId: string, input: CreateApiTokenInput, ip: string) {
  return db.transaction(async (tx) => {
    // The owner row, locked: the token takes its current token version, and the count below holds.
    const [owner] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!isActiveUser(owner)) throw failures.unauthenticated();
    const scopes = [...new Set(input.scopes)];
    if (scopes.includes("admin") && !hasRole(owner.role, "admin")) {
      throw failures.invalid("Only admins can give a token the admin scope.", { scopes: "Only admins can give a token the admin scope." });
    }
    const [{ active } = { active: 0 }] = await tx
      .select({ active: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, new Date()), eq(apiTokens.tokenVersion, owner.tokenVersion)));
    if (active >= API_TOKEN_MAX_ACTIVE) {
      throw failures.refused("TOO_MANY_TOKENS", `You have ${API_TOKEN_MAX_ACTIVE} working tokens. Revoke one you no longer use first.`);
    }
    const expiresAt = new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000);
    const { token, row } = await insertApiToken(tx, { userId, name: input.name, scopes, expiresAt, tokenVersion: owner.tokenVersion });
    await audit(tx, {
      action: "account.api-token-created",
      actorId: userId,
      ip,
      detail: { tokenId: row.id, name: row.name, prefix: row.prefix, scopes, expiresAt: expiresAt.toISOString() },
    });
    return { token, ...view(row, owner.tokenVersion) };
  });
}

export async function revokeToken(db: Db, userId: string, tokenId: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await revokeApiTokenRow(tx, userId, tokenId);
    // Someone else's token, an unknown id and one already revoked look the same.
    if (!row) throw failures.notFound("No such token, or it is already revoked.");
    await audit(tx, { action: "account.api-token-revoked", actorId: userId, ip, detail: { tokenId: row.id, name: row.name, prefix: row.prefix } });
  });
}
