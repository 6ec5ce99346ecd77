/**
 * Account use-cases: registration, email verification, password reset and change, email
 * change, sign-out everywhere, preferences, export and deletion. Each is one transaction
 * where it writes more than one row.
 */
import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import { env } from "@/env";
import { audit } from "@/server/audit";
import { consumeAccountToken, issueAccountToken } from "@/server/auth/account-tokens";
import { listTokens } from "./api-tokens";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";
import {
  assertNotLastAdmin,
  bumpTokenVersion,
  createUser,
  EmailTakenError,
  findUserByEmail,
  findUserById,
  LastAdminError,
  lockRoster,
  signInNameOf,
} from "@/server/auth/users";
import type { Db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { accounts, auditLog, users } from "@/server/db/schema";
import { sendMail } from "@/server/email";
import { inPages, type PersonalDataSection } from "@/server/personal-data";
import { emails } from "@/server/email/templates";
import { failures } from "@/domain/errors";
import { clearAddress, consumeAttempt } from "@/server/http/rate-limit";
import { tooManyAttemptsMessage } from "@/lib/auth-errors";
import { hasRole } from "@/lib/roles";

/** What a roster account cannot do for itself: it has no email address, its teacher looks after it. */
const rosterAccount = () =>
  failures.refused("ROSTER_ACCOUNT", "This account belongs to a class: it signs in with its username and has no email address. Ask your teacher for help with it.");

function link(path: string, token: string): string {
  return `${env().APP_ORIGIN}${path}?token=${encodeURIComponent(token)}`;
}

async function limitOrThrow(db: Db, action: "register" | "password-reset", who: { address?: string; ip: string }) {
  const verdict = await consumeAttempt(db, action, who);
  if (!verdict.allowed) throw failures.rateLimited(verdict.retryAfterSeconds, tooManyAttemptsMessage(verdict.retryAfterSeconds));
}

export async function register(db: Db, input: { email: string; password: string; name: string }, ip: string) {
  await limitOrThrow(db, "register", { address: input.email, ip });
  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await createUser(db, { email: input.email, name: input.name, passwordHash });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw failures.conflict("EMAIL_TAKEN", "An account with this email already exists. Sign in, or reset your password.");
    }
    throw error;
  }
  await audit(db, { action: "account.registered", actorId: user.id, ip, detail: { role: user.role } });
  const email = user.email ?? input.email;
  await sendVerificationEmail(db, user.id, email);
  return { id: user.id, email, name: user.name, role: user.role };
}

export async function sendVerificationEmail(db: Db, userId: string, email: string) {
  const { token } = await issueAccountToken(db, { userId, purpose: "verify-email", email });
  await sendMail(emails.verifyEmail(email, link("/account/verify-email", token)));
}

export async function resendVerification(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw failures.notFound();
  if (!user.email) throw rosterAccount();
  if (user.emailVerified) throw failures.conflict("ALREADY_VERIFIED", "Your email address is already confirmed.");
  await sendVerificationEmail(db, user.id, user.email);
}

export async function verifyEmail(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, "verify-email", token);
    if (!used) throw failures.refused("TOKEN_INVALID", "This confirmation link is no longer valid. Sign in and ask for a new one in Settings.");
    const user = await findUserById(tx, used.userId);
    // The address changed since the link was sent: it no longer proves anything.
    if (!user || user.email !== used.email) throw failures.refused("TOKEN_INVALID", "This confirmation link is for an address you no longer use.");
    await tx.update(users).set({ emailVerified: new Date() }).where(eq(users.id, user.id));
    await audit(tx, { action: "account.email-verified", actorId: user.id });
    return { email: user.email };
  });
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(db: Db, email: string, ip: string) {
  await limitOrThrow(db, "password-reset", { address: email, ip });
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) {
    if (!user) await sendMail(emails.noAccountReset(email));
    return;
  }
  // Found by its address, so it has one (roster accounts have none: their teacher resets them).
  const address = user.email ?? email;
  const { token } = await issueAccountToken(db, { userId: user.id, purpose: "reset-password", email: address });
  await sendMail(emails.resetPassword(address, link("/account/reset-password", token)));
}

export async function resetPassword(db: Db, token: string, password: string, ip: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, "reset-password", token);
    if (!used) throw failures.refused("TOKEN_INVALID", "This reset link is no longer valid. It works once and for 30 minutes: ask for a new one.");
    // The link arrived at the address, which proves ownership of it.
    await tx.update(users).set({ passwordHash, emailVerified: new Date() }).where(eq(users.id, used.userId));
    await bumpTokenVersion(tx, used.userId);
    await audit(tx, { action: "account.password-reset", actorId: used.userId, ip });
  });
}

/**
 * Checks the current password of a signed-in person. Wrong guesses count against the same
 * limit as sign-in, so a stolen session cannot be used to guess the password.
 */
async function assertCurrentPassword(db: Db, user: { email: string | null; username: string | null; passwordHash: string | null }, password: string | undefined, ip: string) {
  // Counted like a sign-in attempt (under the name the person signs in with): every check
  // counts, a correct one forgives the address.
  const address = signInNameOf(user);
  const verdict = await consumeAttempt(db, "sign-in", { address, ip });
  if (!verdict.allowed) throw failures.rateLimited(verdict.retryAfterSeconds, tooManyAttemptsMessage(verdict.retryAfterSeconds));
  if (await verifyPassword(user.passwordHash, password ?? "")) {
    await clearAddress(db, "sign-in", address);
    return;
  }
  throw failures.refused("WRONG_PASSWORD", "Your current password is not correct.", {
    currentPassword: "Your current password is not correct.",
  });
}

export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword?: string; newPassword: string },
  ip: string,
) {
  const user = await findUserById(db, userId);
  if (!user) throw failures.notFound();
  if (user.passwordHash) await assertCurrentPassword(db, user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    // Every other device signs in again; the caller gets a fresh session from the client.
    await bumpTokenVersion(tx, userId);
    await audit(tx, { action: "account.password-changed", actorId: userId, ip, detail: { hadPassword: Boolean(user.passwordHash) } });
  });
}

export async function requestEmailChange(
  db: Db,
  userId: string,
  input: { newEmail: string; currentPassword?: string },
  ip: string,
) {
  const user = await findUserById(db, userId);
  if (!user) throw failures.notFound();
  if (user.kind === "roster") throw rosterAccount();
  if (user.passwordHash) await assertCurrentPassword(db, user, input.currentPassword, ip);
  if (input.newEmail === user.email) throw failures.invalid("That is already your address.", { newEmail: "That is already your address." });
  if (await findUserByEmail(db, input.newEmail)) {
    throw failures.conflict("EMAIL_TAKEN", "Another account already uses that address.");
  }
  const { token } = await issueAccountToken(db, { userId, purpose: "change-email", email: input.newEmail });
  await sendMail(emails.changeEmail(input.newEmail, link("/account/confirm-email", token)));
}

export async function confirmEmailChange(db: Db, token: string, ip: string) {
  return confirmEmailChangeOnce(db, token, ip).catch((error: unknown) => {
    // Two accounts confirming the same new address at once: the unique index decides.
    if (isUniqueViolation(error)) {
      throw failures.conflict("EMAIL_TAKEN", "Another account already uses that address.");
    }
    throw error;
  });
}

async function confirmEmailChangeOnce(db: Db, token: string, ip: string) {
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, "change-email", token);
    if (!used) throw failures.refused("TOKEN_INVALID", "This confirmation link is no longer valid. Ask for a new one in Settings.");
    if (await findUserByEmail(tx, used.email)) throw failures.conflict("EMAIL_TAKEN", "Another account already uses that address.");
    const before = await findUserById(tx, used.userId);
    await tx.update(users).set({ email: used.email, emailVerified: new Date() }).where(eq(users.id, used.userId));
    // Sessions carry the address: end them so every device picks up the new one.
    await bumpTokenVersion(tx, used.userId);
    await audit(tx, { action: "account.email-changed", actorId: used.userId, ip, detail: { from: before?.email, to: used.email } });
    return { email: used.email };
  });
}

export async function signOutEverywhere(db: Db, userId: string, ip: string) {
  await bumpTokenVersion(db, userId);
  await audit(db, { action: "auth.sign-out-everywhere", actorId: userId, ip });
}

export async function updatePreferences(
  db: Db,
  userId: string,
  input: { timeZone?: string | null; theme?: "system" | "light" | "dark"; leaderboardOptOut?: boolean; leagueOptOut?: boolean },
) {
  const [row] = await db.update(users).set(input).where(eq(users.id, userId)).returning();
  if (!row) throw failures.notFound();
  return profileOf(row);
}

export function profileOf(row: typeof users.$inferSelect) {
  return {
    id: row.id,
    name: row.name ?? "",
    email: row.email,
    username: row.username,
    roster: row.kind === "roster",
    emailVerified: Boolean(row.emailVerified),
    role: row.role,
    timeZone: row.timeZone,
    theme: row.theme,
    leaderboardOptOut: row.leaderboardOptOut,
    leagueOptOut: row.leagueOptOut,
    hasPassword: Boolean(row.passwordHash),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function signInMethods(db: Db, userId: string) {
  const rows = await db.select({ provider: accounts.provider }).from(accounts).where(eq(accounts.userId, userId));
  return rows.map((r) => r.provider);
}

/**
 * The account's own sections of "Export my data" (decision 029): who the person is, how they
 * sign in, their API tokens (first), and what they did and what was done about them (last).
 * The registry of every feature's sections is the composition root's (src/personal-data.ts,
 * decision 074), so this feature imports none of them.
 */
export async function accountPersonalData(db: Db, userId: string): Promise<{ first: PersonalDataSection[]; last: PersonalDataSection[] }> {
  const user = await findUserById(db, userId);
  if (!user) throw failures.notFound();
  const first: PersonalDataSection[] = [
    { name: "exportedAt", value: async () => new Date().toISOString() },
    { name: "profile", value: async () => profileOf(user) },
    { name: "signInMethods", value: async () => ({ password: Boolean(user.passwordHash), linked: await signInMethods(db, userId) }) },
    // As Settings lists them: never the secret (only its hash is kept, and that stays here too).
    { name: "apiTokens", value: () => listTokens(db, userId) },
  ];
  const last: PersonalDataSection[] = [
    {
      // What the person did, and what was done about them (by an admin, or the system); the
      // address it came from only when it was the person's own (an admin's is theirs).
      name: "activity",
      rows: () =>
        inPages(
          (after: number | undefined, limit) =>
            db
              .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action, byThem: sql<boolean>`${auditLog.actorId} is not distinct from ${userId}`, ip: sql<string | null>`case when ${auditLog.actorId} = ${userId} then ${auditLog.ip} end`, detail: auditLog.detail })
              .from(auditLog)
              .where(and(or(eq(auditLog.subjectId, userId), eq(auditLog.actorId, userId)), after === undefined ? undefined : gt(auditLog.id, after)))
              .orderBy(asc(auditLog.id))
              .limit(limit),
          (row) => row.id,
        ),
    },
  ];
  return { first, last };
}

/**
 * Deletes the signed-in person's account: confirmed by typing the address (a roster account's
 * username), and re-authenticated by the current password when the account has one — a
 * session left open on a shared computer must not be enough to delete someone.
 */
export async function deleteAccount(db: Db, userId: string, input: { confirmEmail: string; currentPassword?: string }, ip: string) {
  const found = await findUserById(db, userId);
  if (!found) throw failures.notFound();
  // A roster account has no address: it confirms with its username.
  if (input.confirmEmail !== signInNameOf(found).toLowerCase()) {
    const message = found.email ? "Type your email address exactly to confirm." : "Type your username exactly to confirm.";
    throw failures.invalid(message, { confirmEmail: message });
  }
  if (found.passwordHash) await assertCurrentPassword(db, found, input.currentPassword, ip);
  await db.transaction(async (tx) => {
    await lockRoster(tx);
    const user = await findUserById(tx, userId);
    if (!user) throw failures.notFound();
    if (hasRole(user.role, "admin")) await assertNotLastAdminOrExplain(tx, userId);
    // The audit row outlives the person: it keeps the id (not personal data) and nothing else.
    await audit(tx, { action: "account.deleted", actorId: null, subjectId: null, ip, detail: { userId } });
    await tx.delete(users).where(eq(users.id, userId));
  });
}

async function assertNotLastAdminOrExplain(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], userId: string) {
  try {
    await assertNotLastAdmin(tx, userId);
  } catch (error) {
    // Only "the last admin" is the conflict; a database that went away stays a 503 (apiRoute).
    if (!(error instanceof LastAdminError)) throw error;
    throw failures.conflict("LAST_ADMIN", "You are the last admin. Make someone else an admin before you delete your account.");
  }
}
