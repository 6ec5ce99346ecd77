/**
 * next-auth's database adapter, written for our schema rather than taken from
 * @auth/drizzle-adapter: the database opens asynchronously, new accounts must go through
 * createUser (admin rule, email normalisation), and a JWT-session app needs only these
 * methods (docs/decisions/003-auth-adapter.md).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";
import { getDb } from "@/server/db";
import { accounts, users, verificationTokens } from "@/server/db/schema";
import { createUser, findUserByEmail, findUserById, type UserRow } from "./users";

function toAdapterUser(row: UserRow): AdapterUser {
  // A roster account has no address; next-auth only looks one up by address or provider
  // account, which never finds it, so "" here never reaches a mail or a link.
  return { id: row.id, email: row.email ?? "", emailVerified: row.emailVerified, name: row.name, image: row.image };
}

export function tickerlabAdapter(): Adapter {
  return {
    async createUser(user: Omit<AdapterUser, "id">) {
      const db = await getDb();
      return toAdapterUser(
        await createUser(db, {
          email: user.email,
          name: user.name,
          image: user.image,
          emailVerified: user.emailVerified,
        }),
      );
    },
    async getUser(id) {
      const row = await findUserById(await getDb(), id);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await findUserByEmail(await getDb(), email);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const db = await getDb();
      const [row] = await db
        .select({ user: users })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)))
        .limit(1);
      return row ? toAdapterUser(row.user) : null;
    },
    async updateUser({ id, ...changes }) {
      const db = await getDb();
      const [row] = await db
        .update(users)
        .set({
          ...(changes.emailVerified !== undefined && { emailVerified: changes.emailVerified }),
          ...(changes.image !== undefined && { image: changes.image }),
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`No user ${id}`);
      return toAdapterUser(row);
    },
    async linkAccount(account: AdapterAccount) {
      const db = await getDb();
      await db.insert(accounts).values({
        userId: account.userId,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        refresh_token: account.refresh_token ?? null,
        access_token: account.access_token ?? null,
        expires_at: account.expires_at ?? null,
        token_type: account.token_type ?? null,
        scope: account.scope ?? null,
        id_token: account.id_token ?? null,
        session_state: typeof account.session_state === "string" ? account.session_state : null,
      });
    },
    async createVerificationToken(token) {
      const db = await getDb();
      await db.insert(verificationTokens).values(token);
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      const db = await getDb();
      // Deleting and returning in one statement makes a link single-use under concurrency.
      const [row] = await db
        .delete(verificationTokens)
        .where(and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token)))
        .returning();
      // Expired links are cleaned up as a side effect of any use.
      await db.delete(verificationTokens).where(sql`${verificationTokens.expires} < now()`);
      return row ?? null;
    },
  };
}
