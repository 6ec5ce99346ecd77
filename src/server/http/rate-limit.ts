/**
 * Fixed-window rate limits kept in PostgreSQL, so they hold across restarts and across
 * every instance behind a load balancer. One atomic upsert per attempt
 * (docs/decisions/004-rate-limits.md).
 */
import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db";
import { rateLimits } from "@/server/db/schema";
import { failures } from "@/domain/errors";

/** "join-code": wrong guesses at an event's or a class's join code (counted per person and IP, `withGuessLimit`). */
export type RateLimitedAction = "sign-in" | "email-link" | "register" | "password-reset" | "client-log" | "join-code";

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window that blocked this attempt ends (0 when allowed). */
  retryAfterSeconds: number;
}

interface Rule {
  limit: number;
  windowSeconds: number;
}

function rulesFor(action: RateLimitedAction): { perAddress: Rule; perIp: Rule } {
  const config = env();
  if (action === "client-log") {
    // Client error reports: generous, but never an unbounded write to the log.
    return { perAddress: { limit: 0, windowSeconds: 60 }, perIp: { limit: 30, windowSeconds: 60 } };
  }
  const windowSeconds = config.RATE_LIMIT_WINDOW_MINUTES * 60;
  return {
    perAddress: { limit: config.RATE_LIMIT_PER_ADDRESS, windowSeconds },
    perIp: { limit: config.RATE_LIMIT_PER_IP, windowSeconds },
  };
}

async function hit(db: DbOrTx, key: string, rule: Rule): Promise<RateLimitVerdict> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const result = await db.execute<{ points: number; retry_after: string }>(sql`
    insert into rate_limits (key, points, reset_at) values (${key}, 1, now() + ${window})
    on conflict (key) do update set
      points = case when rate_limits.reset_at <= now() then 1 else rate_limits.points + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then now() + ${window} else rate_limits.reset_at end
    returning points, ceil(extract(epoch from reset_at - now()))::int as retry_after`);
  const row = result.rows[0]!;
  const allowed = Number(row.points) <= rule.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.retry_after)) };
}

/**
 * The row key of an address. Whatever a client sends as "email" (next-auth's forms take any
 * text) is counted: one longer than an email can be is keyed by its hash, so the key always
 * fits the primary key's index.
 */
function addressKey(action: RateLimitedAction, address: string): string {
  const normal = address.toLowerCase();
  const part = normal.length > 254 ? `sha256:${createHash("sha256").update(normal).digest("hex")}` : normal;
  return `${action}:address:${part}`;
}

/**
 * Counts one attempt against the address (when given) and the client IP. A limit of 0
 * switches that rule off.
 */
export async function consumeAttempt(
  db: DbOrTx,
  action: RateLimitedAction,
  who: { address?: string | null; ip: string },
): Promise<RateLimitVerdict> {
  const rules = rulesFor(action);
  const verdicts: RateLimitVerdict[] = [];
  if (rules.perIp.limit > 0) verdicts.push(await hit(db, `${action}:ip:${who.ip}`, rules.perIp));
  if (who.address && rules.perAddress.limit > 0) {
    verdicts.push(await hit(db, addressKey(action, who.address), rules.perAddress));
  }
  const blocked = verdicts.filter((v) => !v.allowed);
  if (Math.random() < 0.01) await pruneExpired(db);
  if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((v) => v.retryAfterSeconds)) };
}

/** How long the address or IP must still wait, without counting an attempt. */
export async function peekWait(
  db: DbOrTx,
  action: RateLimitedAction,
  who: { address?: string | null; ip: string },
): Promise<number> {
  const rules = rulesFor(action);
  const keys: Array<[string, Rule]> = [[`${action}:ip:${who.ip}`, rules.perIp]];
  if (who.address) keys.push([addressKey(action, who.address), rules.perAddress]);
  let wait = 0;
  for (const [key, rule] of keys) {
    if (rule.limit <= 0) continue;
    const result = await db.execute<{ points: number; retry_after: number }>(sql`
      select points, ceil(extract(epoch from reset_at - now()))::int as retry_after
      from rate_limits where key = ${key} and reset_at > now()`);
    const row = result.rows[0];
    if (row && Number(row.points) > rule.limit) wait = Math.max(wait, Number(row.retry_after));
  }
  return wait;
}

const tooManyGuesses = (seconds: number) =>
  failures.rateLimited(seconds, `Too many join codes that did not match. Try again in ${Math.max(1, Math.ceil(seconds / 60))} min.`);

/**
 * A lookup by a join code (an event's, a class's): what `lookup` finds, or null. A code that
 * finds nothing counts as a guess against the person and their IP, like a wrong password;
 * once over the limit every try — even a right one — is a 429 until the window ends, so
 * 40-bit codes cannot be walked (docs/decisions/033). Events and classes share the counter.
 */
export async function withGuessLimit<T>(db: DbOrTx, who: { personId: string; ip: string }, lookup: () => Promise<T | null | undefined>): Promise<T | null> {
  const key = { address: who.personId, ip: who.ip };
  const wait = await peekWait(db, "join-code", key);
  if (wait > 0) throw tooManyGuesses(wait);
  const found = await lookup();
  if (found) return found;
  const verdict = await consumeAttempt(db, "join-code", key);
  if (!verdict.allowed) throw tooManyGuesses(verdict.retryAfterSeconds);
  return null;
}

/**
 * Counts one request of an API token against its own limit (RATE_LIMIT_API_TOKEN_PER_MINUTE
 * per minute, a fixed window like the others). Keyed by the token, not the IP: a script's
 * budget follows its token wherever it runs, and one person's tokens do not share one.
 */
export async function consumeApiTokenRequest(db: DbOrTx, tokenId: string): Promise<RateLimitVerdict> {
  const limit = env().RATE_LIMIT_API_TOKEN_PER_MINUTE;
  if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const verdict = await hit(db, `api-token:token:${tokenId}`, { limit, windowSeconds: 60 });
  if (Math.random() < 0.01) await pruneExpired(db);
  return verdict;
}

/** A successful sign-in forgives the address's failed attempts (not the IP's). */
export async function clearAddress(db: DbOrTx, action: RateLimitedAction, address: string) {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${addressKey(action, address)}`);
}

async function pruneExpired(db: DbOrTx) {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}
