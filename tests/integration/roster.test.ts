/**
 * Who is admin: ADMIN_EMAILS, else the first account — decided safely when people sign up
 * at the same moment; and the last admin can never be removed, also by two admins at once.
 * On PGlite these run one after another (one connection); on PostgreSQL they really race.
 */
import { describe, expect, it } from "vitest";
import { onPostgres, useTestDatabase } from "../setup/db";
import { createTestUser, uniqueEmail } from "../factories/users";
import { eq } from "drizzle-orm";
import { changeUser, searchUsers } from "@/features/admin/server/users";
import { createUser } from "@/server/auth/users";
import { users } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";

const db = useTestDatabase();

describe(`the admin roster (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("makes exactly one of 12 simultaneous first sign-ups the admin", async () => {
    const created = await Promise.all(Array.from({ length: 12 }, () => createUser(db.db, { email: uniqueEmail("race"), name: "Racer" })));
    expect(created.filter((u) => u.role === "admin")).toHaveLength(1);
    const all = await db.db.select({ role: users.role }).from(users);
    expect(all.filter((u) => u.role === "admin")).toHaveLength(1);
  });

  it("creates one account when the same address signs up twice at once", async () => {
    const email = uniqueEmail("twice");
    const results = await Promise.allSettled([createUser(db.db, { email }), createUser(db.db, { email: email.toUpperCase() })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("never lets two admins demote each other into having none", async () => {
    await db.db.update(users).set({ role: "member" });
    const a = await createTestUser(db.db, { role: "admin" });
    const b = await createTestUser(db.db, { role: "admin" });
    const results = await Promise.allSettled([
      changeUser(db.db, a.id, b.id, { role: "member" }, "192.0.2.1"),
      changeUser(db.db, b.id, a.id, { role: "member" }, "192.0.2.2"),
    ]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toBeInstanceOf(DomainError);
    expect((failed[0]!.reason as DomainError).code).toBe("LAST_ADMIN");
    const admins = (await db.db.select({ role: users.role, disabledAt: users.disabledAt }).from(users)).filter((u) => u.role === "admin" && !u.disabledAt);
    expect(admins).toHaveLength(1);
  });

  it("refuses to disable the last enabled admin", async () => {
    await db.db.update(users).set({ role: "member" });
    const only = await createTestUser(db.db, { role: "admin" });
    const error = (await changeUser(db.db, only.id, only.id, { disabled: true }, "192.0.2.1").catch((e: unknown) => e)) as DomainError;
    expect(error.code).toBe("LAST_ADMIN");
    expect(error.kind).toBe("conflict");
  });

  it("keeps a class roster account a member: its teacher holds its password", async () => {
    const admin = await createTestUser(db.db, { role: "admin" });
    const [student] = await db.db.insert(users).values({ name: "Roster Student", username: `r${Date.now()}`, kind: "roster" }).returning();
    for (const role of ["organiser", "admin"] as const) {
      const error = (await changeUser(db.db, admin.id, student!.id, { role }, "192.0.2.1").catch((e: unknown) => e)) as DomainError;
      expect(error.code).toBe("ROSTER_ACCOUNT_ROLE");
      expect(error.kind).toBe("conflict");
    }
    const [after] = await db.db.select({ role: users.role }).from(users).where(eq(users.id, student!.id));
    expect(after!.role).toBe("member");
    // Disabling it is still an admin's to do.
    expect((await changeUser(db.db, admin.id, student!.id, { disabled: true }, "192.0.2.1")).disabled).toBe(true);
  });

  it("marks the last active admin in the people list, and no one once there are two", async () => {
    await db.db.update(users).set({ role: "member" });
    const only = await createTestUser(db.db, { role: "admin" });
    const list = await searchUsers(db.db, { page: 1, pageSize: 100 });
    expect(list.items.filter((u) => u.lastAdmin).map((u) => u.id)).toEqual([only.id]);
    await createTestUser(db.db, { role: "admin" });
    expect((await searchUsers(db.db, { page: 1, pageSize: 100 })).items.some((u) => u.lastAdmin)).toBe(false);
  });
});
