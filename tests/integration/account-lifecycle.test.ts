import { PassThrough } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../setup/db";
import { uniqueEmail } from "../factories/users";
import { lastMailTo, tokenFrom } from "./outbox";
import {
  changePassword,
  confirmEmailChange,
  deleteAccount,
  register,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from "@/features/account/server/lifecycle";
import { personalData } from "@/personal-data";
import { verifyPassword } from "@/server/auth/passwords";
import { writePersonalData } from "@/server/personal-data";
import { findUserByEmail, findUserById } from "@/server/auth/users";
import { accountTokens, auditLog, users } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";

const db = useTestDatabase();
const IP = "192.0.2.10";

async function expectDomainError(promise: Promise<unknown>, kind: DomainError["kind"], code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  expect((error as DomainError).code).toBe(code);
}

describe("registration", () => {
  it("creates an unverified account with an argon2id hash and mails a confirmation link", async () => {
    const email = uniqueEmail("reg");
    const user = await register(db.db, { email: email.toUpperCase(), password: "password one", name: "Reg" }, IP);
    const row = await findUserById(db.db, user.id);
    expect(row?.email).toBe(email);
    expect(row?.emailVerified).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = lastMailTo(email);
    expect(mail?.link).toMatch(/\/account\/verify-email\?token=/);
    await verifyEmail(db.db, tokenFrom(mail?.link));
    expect((await findUserById(db.db, user.id))?.emailVerified).toBeInstanceOf(Date);
  });

  it("answers 409 EMAIL_TAKEN for an address in any letter case", async () => {
    const email = uniqueEmail("dup");
    await register(db.db, { email, password: "password one", name: "One" }, IP);
    await expectDomainError(register(db.db, { email: email.toUpperCase(), password: "password two", name: "Two" }, IP), "conflict", "EMAIL_TAKEN");
  });

  it("limits registrations per address (RATE_LIMIT_PER_ADDRESS=3) with a 429 that says when to retry", async () => {
    const email = uniqueEmail("flood");
    await register(db.db, { email, password: "password one", name: "One" }, "192.0.2.50");
    for (let i = 0; i < 2; i++) await expectDomainError(register(db.db, { email, password: "password one", name: "One" }, "192.0.2.50"), "conflict", "EMAIL_TAKEN");
    const error = (await register(db.db, { email, password: "password one", name: "One" }, "192.0.2.50").catch((e: unknown) => e)) as DomainError;
    expect(error.kind).toBe("rate-limited");
    expect(error.message).toMatch(/Try again in 15 minutes/);
    expect(error.retryAfterSeconds).toBeGreaterThan(800);
  });
});

describe("email verification links", () => {
  it("work once", async () => {
    const email = uniqueEmail("once");
    await register(db.db, { email, password: "password one", name: "Once" }, IP);
    const token = tokenFrom(lastMailTo(email)?.link);
    await verifyEmail(db.db, token);
    await expectDomainError(verifyEmail(db.db, token), "refused", "TOKEN_INVALID");
  });

  it("stop proving anything once the address has changed", async () => {
    const email = uniqueEmail("moved");
    const user = await register(db.db, { email, password: "password one", name: "Moved" }, IP);
    const token = tokenFrom(lastMailTo(email)?.link);
    await db.db.update(users).set({ email: uniqueEmail("elsewhere") }).where(eq(users.id, user.id));
    await expectDomainError(verifyEmail(db.db, token), "refused", "TOKEN_INVALID");
  });
});

describe("password reset", () => {
  it("sets the new password, verifies the address, ends every session and works only once", async () => {
    const email = uniqueEmail("reset");
    const user = await register(db.db, { email, password: "old password", name: "Reset" }, IP);
    const before = await findUserById(db.db, user.id);
    await requestPasswordReset(db.db, email, IP);
    const token = tokenFrom(lastMailTo(email)?.link);
    await resetPassword(db.db, token, "new password", IP);
    const after = await findUserById(db.db, user.id);
    expect(await verifyPassword(after?.passwordHash, "new password")).toBe(true);
    expect(await verifyPassword(after?.passwordHash, "old password")).toBe(false);
    expect(after?.tokenVersion).toBe(before!.tokenVersion + 1);
    expect(after?.emailVerified).toBeInstanceOf(Date);
    await expectDomainError(resetPassword(db.db, token, "third password", IP), "refused", "TOKEN_INVALID");
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail("expired");
    await register(db.db, { email, password: "old password", name: "Exp" }, IP);
    await requestPasswordReset(db.db, email, IP);
    const token = tokenFrom(lastMailTo(email)?.link);
    await db.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.purpose, "reset-password"));
    await expectDomainError(resetPassword(db.db, token, "new password", IP), "refused", "TOKEN_INVALID");
  });

  it("only the newest link of a kind works", async () => {
    const email = uniqueEmail("newest");
    await register(db.db, { email, password: "old password", name: "Newest" }, IP);
    await requestPasswordReset(db.db, email, IP);
    const first = tokenFrom(lastMailTo(email)?.link);
    await new Promise((r) => setTimeout(r, 5));
    await requestPasswordReset(db.db, email, IP);
    const second = tokenFrom(lastMailTo(email)?.link);
    expect(second).not.toBe(first);
    await expectDomainError(resetPassword(db.db, first, "new password", IP), "refused", "TOKEN_INVALID");
    await resetPassword(db.db, second, "new password", IP);
  });

  it("answers the same for an unknown address and tells that address there is no account", async () => {
    const email = uniqueEmail("ghost");
    await expect(requestPasswordReset(db.db, email, IP)).resolves.toBeUndefined();
    expect(lastMailTo(email)?.text).toMatch(/there is no account for it/);
  });
});

describe("changing the password", () => {
  it("needs the current password, then ends every session", async () => {
    const email = uniqueEmail("change");
    const user = await register(db.db, { email, password: "old password", name: "Change" }, IP);
    await expectDomainError(changePassword(db.db, user.id, { currentPassword: "wrong password", newPassword: "new password" }, IP), "refused", "WRONG_PASSWORD");
    const before = await findUserById(db.db, user.id);
    await changePassword(db.db, user.id, { currentPassword: "old password", newPassword: "new password" }, IP);
    const after = await findUserById(db.db, user.id);
    expect(await verifyPassword(after?.passwordHash, "new password")).toBe(true);
    expect(after?.tokenVersion).toBe(before!.tokenVersion + 1);
  });
});

describe("changing the email address", () => {
  it("changes nothing until the link sent to the new address is used", async () => {
    const email = uniqueEmail("old");
    const next = uniqueEmail("new");
    const user = await register(db.db, { email, password: "the password", name: "Mover" }, IP);
    await requestEmailChange(db.db, user.id, { newEmail: next, currentPassword: "the password" }, IP);
    expect((await findUserById(db.db, user.id))?.email).toBe(email);
    const mail = lastMailTo(next);
    expect(mail?.link).toMatch(/\/account\/confirm-email\?token=/);
    await confirmEmailChange(db.db, tokenFrom(mail?.link), IP);
    const after = await findUserById(db.db, user.id);
    expect(after?.email).toBe(next);
    expect(after?.emailVerified).toBeInstanceOf(Date);
  });

  it("refuses an address another account uses, and a wrong password", async () => {
    const taken = uniqueEmail("taken");
    await register(db.db, { email: taken, password: "the password", name: "Taken" }, IP);
    const user = await register(db.db, { email: uniqueEmail("asker"), password: "the password", name: "Asker" }, IP);
    await expectDomainError(requestEmailChange(db.db, user.id, { newEmail: taken, currentPassword: "the password" }, IP), "conflict", "EMAIL_TAKEN");
    await expectDomainError(requestEmailChange(db.db, user.id, { newEmail: uniqueEmail("x"), currentPassword: "nope nope" }, IP), "refused", "WRONG_PASSWORD");
  });
});

describe("export and deletion", () => {
  it("exports the person's profile and activity, never the password hash", async () => {
    const email = uniqueEmail("export");
    const user = await register(db.db, { email, password: "the password", name: "Exporter" }, IP);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    await writePersonalData(out, await personalData(db.db, user.id));
    const text = Buffer.concat(chunks).toString("utf8");
    const data = JSON.parse(text) as { profile: { email: string }; activity: Array<{ action: string }> };
    expect(data.profile.email).toBe(email);
    expect(data.activity.map((a) => a.action)).toContain("account.registered");
    expect(text).not.toMatch(/argon2/);
  });

  it("deletes the account only with the typed address and the current password, and keeps an anonymous audit entry", async () => {
    const email = uniqueEmail("delete");
    const user = await register(db.db, { email, password: "the password", name: "Leaver" }, IP);
    await expectDomainError(deleteAccount(db.db, user.id, { confirmEmail: "someone@else.test", currentPassword: "the password" }, IP), "invalid", "VALIDATION_FAILED");
    // A session alone (no password, or a wrong one) deletes nothing.
    await expectDomainError(deleteAccount(db.db, user.id, { confirmEmail: email }, IP), "refused", "WRONG_PASSWORD");
    await expectDomainError(deleteAccount(db.db, user.id, { confirmEmail: email, currentPassword: "a guess" }, IP), "refused", "WRONG_PASSWORD");
    expect(await findUserByEmail(db.db, email)).toBeDefined();
    await deleteAccount(db.db, user.id, { confirmEmail: email, currentPassword: "the password" }, IP);
    expect(await findUserByEmail(db.db, email)).toBeUndefined();
    const entries = await db.db.select().from(auditLog).where(eq(auditLog.action, "account.deleted"));
    expect(entries.some((e) => e.detail.userId === user.id && e.actorId === null)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(email);
  });
});

describe("guessing the current password from a signed-in session", () => {
  it("is limited like sign-in: three wrong checks, then 429 even for the right password", async () => {
    const email = uniqueEmail("guess");
    const user = await register(db.db, { email, password: "the real one", name: "Guess" }, IP);
    for (let i = 0; i < 3; i++) {
      await expectDomainError(changePassword(db.db, user.id, { currentPassword: `guess ${i}`, newPassword: "whatever new" }, IP), "refused", "WRONG_PASSWORD");
    }
    await expectDomainError(changePassword(db.db, user.id, { currentPassword: "the real one", newPassword: "whatever new" }, IP), "rate-limited", "RATE_LIMITED");
  });

  it("forgives earlier slips after a correct check", async () => {
    const email = uniqueEmail("slip");
    const user = await register(db.db, { email, password: "the real one", name: "Slip" }, IP);
    await expectDomainError(changePassword(db.db, user.id, { currentPassword: "typo", newPassword: "whatever new" }, IP), "refused", "WRONG_PASSWORD");
    await changePassword(db.db, user.id, { currentPassword: "the real one", newPassword: "second password" }, IP);
    for (let i = 0; i < 2; i++) {
      await expectDomainError(changePassword(db.db, user.id, { currentPassword: `typo ${i}`, newPassword: "whatever new" }, IP), "refused", "WRONG_PASSWORD");
    }
    await changePassword(db.db, user.id, { currentPassword: "second password", newPassword: "third password" }, IP);
  });
});
