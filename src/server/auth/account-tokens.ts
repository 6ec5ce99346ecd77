import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { accountTokens, type AccountTokenPurpose } from "@/server/db/schema";

const LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  "verify-email": 24 * 60,
  "reset-password": 30,
  "change-email": 24 * 60,
};

function digest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Issues a single-use token; only its hash is stored, so a database leak reveals no link. */
export async function issueAccountToken(
  db: DbOrTx,
  input: { userId: string; purpose: AccountTokenPurpose; email: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + LIFETIME_MINUTES[input.purpose] * 60_000);
  // Only the newest link of a kind stays valid.
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({ tokenHash: digest(token), expiresAt, ...input });
  return { token, expiresAt };
}

/**
 * Uses a token: marks it used and returns it, or undefined when it is unknown, used or
 * expired. A single UPDATE … RETURNING, so two concurrent uses cannot both succeed.
 */
export async function consumeAccountToken(db: DbOrTx, purpose: AccountTokenPurpose, token: string) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, digest(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}
