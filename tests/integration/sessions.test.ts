/**
 * The session rules, through next-auth's own callbacks as next-auth calls them: the token
 * version revokes, a disabled person has no session, the session update call changes only
 * the display name, and an emailed link defuses an unverified password.
 */
import type { Account, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../setup/db";
import { createTestUser } from "../factories/users";
import { changeUser } from "@/features/admin/server/users";
import { signOutEverywhere } from "@/features/account/server/lifecycle";
import { authOptions, SessionRevokedError } from "@/server/auth/options";
import { findUserById } from "@/server/auth/users";
import { hashPassword, verifyPassword } from "@/server/auth/passwords";

const db = useTestDatabase();
const callbacks = () => authOptions().callbacks!;

async function signInToken(user: { id: string; email: string | null; name: string | null }): Promise<JWT> {
  return callbacks().jwt!({ token: {}, user: { id: user.id, email: user.email, name: user.name } as User, account: null }) as Promise<JWT>;
}

async function refresh(token: JWT, extra: Record<string, unknown> = {}): Promise<JWT> {
  return callbacks().jwt!({ token, ...extra } as never) as Promise<JWT>;
}

describe("JWT sessions", () => {
  it("carry id, name, email and role, read from the database", async () => {
    const user = await createTestUser(db.db, { name: "Carrie", role: "admin" });
    const token = await signInToken(user);
    const session = await callbacks().session!({ session: { expires: "" } as never, token } as never);
    expect(session.user).toEqual({ id: user.id, name: "Carrie", email: user.email, username: null, role: "admin", roster: false, classes: true, emailVerified: false, theme: "system", timeZone: null });
  });

  it("end at the next request after 'sign out all devices'", async () => {
    const user = await createTestUser(db.db);
    const token = await signInToken(user);
    await expect(refresh(token)).resolves.toMatchObject({ uid: user.id });
    await signOutEverywhere(db.db, user.id, "192.0.2.1");
    await expect(refresh(token)).rejects.toBeInstanceOf(SessionRevokedError);
    // A fresh sign-in works again.
    await expect(refresh(await signInToken(user))).resolves.toMatchObject({ uid: user.id });
  });

  it("keep going with the new role when an admin grants one; end when a role is taken away or the person disabled", async () => {
    const admin = await createTestUser(db.db, { role: "admin" });
    const member = await createTestUser(db.db);
    const token = await signInToken(member);
    // A role granted: the same session carries it at the next read (issue #23 §3, decision 067).
    await changeUser(db.db, admin.id, member.id, { role: "organiser" }, "192.0.2.1");
    await expect(refresh(token)).resolves.toMatchObject({ uid: member.id, role: "organiser" });
    await changeUser(db.db, admin.id, member.id, { role: "admin" }, "192.0.2.1");
    const promoted = await refresh(token);
    expect(promoted.role).toBe("admin");
    // Taken away: every session ends.
    await changeUser(db.db, admin.id, member.id, { role: "organiser" }, "192.0.2.1");
    await expect(refresh(promoted)).rejects.toBeInstanceOf(SessionRevokedError);
    const second = await signInToken(member);
    expect(second.role).toBe("organiser");
    await changeUser(db.db, admin.id, member.id, { disabled: true }, "192.0.2.1");
    await expect(refresh(second)).rejects.toBeInstanceOf(SessionRevokedError);
    await expect(signInToken(member)).rejects.toBeInstanceOf(SessionRevokedError);
  });

  it("let the session update call change the display name and nothing else", async () => {
    const user = await createTestUser(db.db, { name: "Before" });
    const token = await signInToken(user);
    const updated = await refresh(token, { trigger: "update", session: { name: "  After  ", role: "admin", id: "someone-else", email: "x@y.z" } });
    expect(updated).toMatchObject({ uid: user.id, name: "After", role: "member", email: user.email });
    const row = await findUserById(db.db, user.id);
    expect(row?.name).toBe("After");
    expect(row?.role).toBe("member");
  });

  it("ignore an invalid display name in the update call", async () => {
    const user = await createTestUser(db.db, { name: "Stays" });
    const updated = await refresh(await signInToken(user), { trigger: "update", session: { name: "x".repeat(200) } });
    expect(updated.name).toBe("Stays");
  });
});

describe("an emailed sign-in link for an address with an unverified password", () => {
  it("clears that password and ends the sessions made with it (no pre-registration takeover)", async () => {
    const victim = await createTestUser(db.db, { passwordHash: await hashPassword("attacker's pw"), emailVerified: null });
    const attackerToken = await signInToken(victim);
    const allowed = await callbacks().signIn!({
      user: { id: victim.id, email: victim.email } as User,
      account: { provider: "email", type: "email", providerAccountId: victim.email } as Account,
    });
    expect(allowed).toBe(true);
    const row = await findUserById(db.db, victim.id);
    expect(row?.passwordHash).toBeNull();
    expect(await verifyPassword(row?.passwordHash, "attacker's pw")).toBe(false);
    await expect(refresh(attackerToken)).rejects.toBeInstanceOf(SessionRevokedError);
  });

  it("leaves a verified password alone", async () => {
    const owner = await createTestUser(db.db, { password: "owner's password" });
    await callbacks().signIn!({
      user: { id: owner.id, email: owner.email } as User,
      account: { provider: "email", type: "email", providerAccountId: owner.email } as Account,
    });
    expect(await verifyPassword((await findUserById(db.db, owner.id))?.passwordHash, "owner's password")).toBe(true);
  });

  it("refuses a disabled account", async () => {
    const admin = await createTestUser(db.db, { role: "admin" });
    const person = await createTestUser(db.db);
    await changeUser(db.db, admin.id, person.id, { disabled: true }, "192.0.2.1");
    const answer = await callbacks().signIn!({
      user: { id: person.id, email: person.email } as User,
      account: { provider: "email", type: "email", providerAccountId: person.email } as Account,
    });
    expect(answer).toBe("/login?error=AccountDisabled");
  });
});

describe("redirects after sign-in", () => {
  it.each([
    ["/settings", "http://localhost:3999/settings"],
    ["http://localhost:3999/admin?x=1", "http://localhost:3999/admin?x=1"],
    ["https://evil.example/", "http://localhost:3999/"],
    ["javascript:alert(1)", "http://localhost:3999/"],
  ])("%s → %s", async (url, expected) => {
    expect(await callbacks().redirect!({ url, baseUrl: "http://localhost:3999" })).toBe(expected);
  });
});
