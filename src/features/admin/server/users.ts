/** Admin use-cases on people: search, change role, disable / enable. Every change is audited. */
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import { audit } from "@/server/audit";
import { assertNotLastAdmin, bumpTokenVersion, findUserById, LastAdminError, lockRoster, soleActiveAdminId } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { containing } from "@/server/db/search";
import { users, type Role } from "@/server/db/schema";
import { failures } from "@/domain/errors";
import { hasRole } from "@/lib/roles";

export interface UserQuery {
  q?: string;
  role?: Role;
  page: number;
  pageSize: number;
}

export async function searchUsers(db: Db, query: UserQuery) {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    filters.push(or(ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.name, pattern))!);
  }
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total } = { total: 0 }], soleAdmin] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        username: users.username,
        kind: users.kind,
        role: users.role,
        emailVerified: users.emailVerified,
        disabledAt: users.disabledAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
    soleActiveAdminId(db),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name ?? "",
      email: r.email,
      username: r.username,
      roster: r.kind === "roster",
      role: r.role,
      emailVerified: Boolean(r.emailVerified),
      disabled: Boolean(r.disabledAt),
      createdAt: r.createdAt.toISOString(),
      /** The last active admin: changeUser refuses to demote or disable them (LAST_ADMIN). */
      lastAdmin: r.id === soleAdmin,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export interface UserChange {
  role?: Role;
  disabled?: boolean;
}

/** Whether a change ends the person's sessions: disabling, or a role below the one they had. */
export function endsSessions(before: Role, change: UserChange): boolean {
  return change.disabled === true || (change.role !== undefined && change.role !== before && !hasRole(change.role, before));
}

/**
 * Changes a person's role or disables them. Under the roster lock, so two admins demoting
 * each other at the same moment cannot leave the install without an admin.
 */
export async function changeUser(db: Db, actorId: string | null, userId: string, change: UserChange, ip: string | null, options: { via?: "cli" } = {}) {
  return db.transaction(async (tx) => {
    await lockRoster(tx);
    const user = await findUserById(tx, userId);
    if (!user) throw failures.notFound("No such person.");
    // A roster account's password is in its organiser's hands (they reset it for the class):
    // any role above member would hand that organiser the role too (decision 038).
    if (user.kind === "roster" && change.role !== undefined && change.role !== "member") {
      throw failures.conflict("ROSTER_ACCOUNT_ROLE", "A class roster account stays a member: its teacher controls its password. The student can make their own account for more.");
    }
    const losesAdmin =
      hasRole(user.role, "admin") && !user.disabledAt && ((change.role !== undefined && !hasRole(change.role, "admin")) || change.disabled === true);
    if (losesAdmin) {
      try {
        await assertNotLastAdmin(tx, userId);
      } catch (error) {
        if (error instanceof LastAdminError) {
          throw failures.conflict("LAST_ADMIN", "This is the last active admin. Make someone else an admin first.");
        }
        throw error;
      }
    }
    const updates: Partial<typeof users.$inferInsert> = {};
    if (change.role && change.role !== user.role) {
      updates.role = change.role;
      await audit(tx, { action: "admin.role-changed", actorId, subjectId: userId, ip, detail: { from: user.role, to: change.role, ...(options.via && { via: options.via }) } });
    }
    if (change.disabled !== undefined && change.disabled !== Boolean(user.disabledAt)) {
      updates.disabledAt = change.disabled ? new Date() : null;
      await audit(tx, { action: change.disabled ? "admin.user-disabled" : "admin.user-enabled", actorId, subjectId: userId, ip, detail: options.via ? { via: options.via } : undefined });
    }
    if (Object.keys(updates).length > 0) {
      await tx.update(users).set(updates).where(eq(users.id, userId));
      // Every session read takes the role from the row, so any change takes effect at the
      // person's next request. Taking a role away or disabling also ends their sessions (and
      // API tokens) at once; a role granted keeps them: the person is not signed out to gain
      // something (issue #23 §3, decision 067).
      if (endsSessions(user.role, change)) await bumpTokenVersion(tx, userId);
    }
    const after = await findUserById(tx, userId);
    return {
      id: after!.id,
      name: after!.name ?? "",
      email: after!.email,
      role: after!.role,
      disabled: Boolean(after!.disabledAt),
    };
  });
}
