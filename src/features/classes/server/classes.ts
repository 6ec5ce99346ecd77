/**
 * Classes use-cases (docs/decisions/038-classes.md): create, list, read (a teacher's view and
 * a student's), join with a code, roster accounts (made with a generated username and
 * password, no email), a student's new password, removing a student and deleting a roster
 * account. Who may do what is decided here, on the server, for every call:
 *
 * - a class's teachers (and admins) manage it; its students read the student view;
 * - anyone else gets 404, the same answer as no class at all, so ids cannot be probed;
 * - a student who calls a teacher's action gets 403 (they know the class exists);
 * - a password is reset, and an account deleted, only for a roster account this class's
 *   roster made: a student who joined with their own account stays theirs.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { checkClassDates, classmateName, MAX_CLASS_MEMBERS, mayCreateClasses } from "@/domain/classes";
import { DomainError, failures } from "@/domain/errors";
import { env } from "@/env";
import { classContests, classReportCards } from "@/features/events";
import { hasRole, type Role } from "@/lib/roles";
import { formatJoinCode, generateJoinCode, generatePassword, generateUsername, JOIN_CODE_LENGTH, normalizeJoinCode } from "@/lib/readable-codes";
import { audit } from "@/server/audit";
import { hashPassword } from "@/server/auth/passwords";
import { assertNotLastAdmin, bumpTokenVersion, findUserById, LastAdminError, lockRoster } from "@/server/auth/users";
import type { Db, DbOrTx } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { classes, classMembers, users, type ClassRole } from "@/server/db/schema";
import { withGuessLimit } from "@/server/http/rate-limit";
import { readSettings } from "@/server/settings";
import type { CreateClassInput } from "./schemas";

export interface Viewer {
  id: string;
  role: Role;
}

type ClassRow = typeof classes.$inferSelect;
/** How the viewer stands to a class: its teacher, its student, an admin outside it, or nobody. */
type Standing = ClassRole | "admin" | null;

const NOT_FOUND = "There is no class here, or you are not in it.";
const UNKNOWN_CODE = "No class has this join code. Check it with your teacher: it looks like ABCD-EFGH.";
const randomBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

// ---------------------------------------------------------------------------------------
// Who may

async function standingIn(db: DbOrTx, classId: string, viewer: Viewer): Promise<{ row: ClassRow; standing: Standing } | null> {
  const [found] = await db
    .select({ row: classes, role: classMembers.role })
    .from(classes)
    .leftJoin(classMembers, and(eq(classMembers.classId, classes.id), eq(classMembers.userId, viewer.id)))
    .where(eq(classes.id, classId))
    .limit(1);
  if (!found) return null;
  const standing: Standing = found.role ?? (hasRole(viewer.role, "admin") ? "admin" : null);
  return standing ? { row: found.row, standing } : null;
}

/** The class, for someone who may read it (its members, admins); 404 for anyone else. */
export async function readable(db: DbOrTx, classId: string, viewer: Viewer) {
  const found = await standingIn(db, classId, viewer);
  if (!found) throw failures.notFound(NOT_FOUND);
  return found;
}

/** The class, for someone who may manage it (its teachers, admins); a student gets 403, anyone else 404. */
export async function managed(db: DbOrTx, classId: string, viewer: Viewer) {
  const found = await readable(db, classId, viewer);
  if (found.standing === "student") throw failures.forbidden("Only the class's teacher can do this.");
  return found;
}

/** Whether this person may create classes now: their role and kind, and the admin setting. */
export async function mayCreate(db: DbOrTx, viewer: Viewer): Promise<boolean> {
  const [row, settings] = await Promise.all([findUserById(db, viewer.id), readSettings(db)]);
  return Boolean(row) && mayCreateClasses({ role: row!.role, kind: row!.kind }, settings);
}

// ---------------------------------------------------------------------------------------
// Classes

function inviteUrl(joinCode: string): string {
  return `${env().APP_ORIGIN}/classes/join?code=${encodeURIComponent(formatJoinCode(joinCode))}`;
}

export async function createClass(db: Db, viewer: Viewer, input: CreateClassInput, options: { ip?: string } = {}) {
  if (!(await mayCreate(db, viewer))) {
    throw failures.forbidden("Only organisers can create classes. Ask an admin to make you one.", "NOT_AN_ORGANISER");
  }
  const problem = checkClassDates(input.startsOn, input.endsOn);
  if (problem) throw failures.invalid(problem.message, { [problem.field]: problem.message });
  // A new code collides with an existing one once in 2^40 / classes: try again then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(classes)
          .values({ name: input.name, startsOn: input.startsOn || null, endsOn: input.endsOn || null, joinCode: generateJoinCode(randomBytes), createdBy: viewer.id })
          .returning();
        await tx.insert(classMembers).values({ classId: row!.id, userId: viewer.id, role: "teacher", via: "created" });
        await audit(tx, { action: "class.created", actorId: viewer.id, ip: options.ip, detail: { classId: row!.id, name: row!.name } });
        return { id: row!.id, name: row!.name, startsOn: row!.startsOn, endsOn: row!.endsOn, joinCode: formatJoinCode(row!.joinCode) };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function memberCounts(db: DbOrTx, classIds: string[]) {
  if (classIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ classId: classMembers.classId, n: count() })
    .from(classMembers)
    .where(and(inArray(classMembers.classId, classIds), eq(classMembers.role, "student")))
    .groupBy(classMembers.classId);
  return new Map(rows.map((r) => [r.classId, r.n]));
}

async function teacherNames(db: DbOrTx, classIds: string[]) {
  const byClass = new Map<string, string[]>();
  if (classIds.length === 0) return byClass;
  const rows = await db
    .select({ classId: classMembers.classId, name: users.name })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(inArray(classMembers.classId, classIds), eq(classMembers.role, "teacher")))
    .orderBy(asc(classMembers.joinedAt));
  for (const r of rows) byClass.set(r.classId, [...(byClass.get(r.classId) ?? []), r.name ?? "Teacher"]);
  return byClass;
}

/**
 * The classes the viewer teaches or attends, newest first; an admin sees every class (their
 * own marked as such). `role` is the viewer's place in each: teacher, student, or admin.
 */
export async function listClassesFor(db: Db, viewer: Viewer, paging: { page: number; pageSize: number }) {
  const admin = hasRole(viewer.role, "admin");
  const own = and(eq(classMembers.classId, classes.id), eq(classMembers.userId, viewer.id));
  const where = admin ? undefined : sql`${classMembers.userId} is not null`;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ row: classes, role: classMembers.role })
      .from(classes)
      .leftJoin(classMembers, own)
      .where(where)
      .orderBy(desc(classes.createdAt), asc(classes.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(classes).leftJoin(classMembers, own).where(where),
  ]);
  const ids = rows.map((r) => r.row.id);
  const [students, teachers] = await Promise.all([memberCounts(db, ids), teacherNames(db, ids)]);
  return {
    items: rows.map(({ row, role }) => ({
      id: row.id,
      name: row.name,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      role: (role ?? "admin") as Exclude<Standing, null>,
      teachers: teachers.get(row.id) ?? [],
      students: students.get(row.id) ?? 0,
    })),
    page: paging.page,
    pageSize: paging.pageSize,
    total,
  };
}

export type ClassListItem = Awaited<ReturnType<typeof listClassesFor>>["items"][number];

/** The /classes page: the viewer's classes and whether they may create one. */
export async function classesOverview(db: Db, viewer: Viewer) {
  const [list, canCreate] = await Promise.all([listClassesFor(db, viewer, { page: 1, pageSize: 100 }), mayCreate(db, viewer)]);
  return { items: list.items, total: list.total, mayCreate: canCreate };
}

async function membersOf(db: DbOrTx, classId: string) {
  return db
    .select({ id: users.id, name: users.name, username: users.username, kind: users.kind, role: classMembers.role, via: classMembers.via, joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(eq(classMembers.classId, classId))
    .orderBy(asc(users.id));
}

/** People's names in the order a reader expects ("Émile" with the E's), not the database's byte order. */
const byName = (a: { name: string | null }, b: { name: string | null }) => (a.name ?? "").localeCompare(b.name ?? "");

/** A roster account this class's roster made: the teacher holds its password and may delete it. */
const madeByRoster = (m: { kind: string; via: string }) => m.kind === "roster" && m.via === "roster";

/**
 * A class as the viewer may see it. A teacher (or an admin) sees the roster with usernames,
 * the join code and the invite link; a student sees the class's name, its teachers, and their
 * classmates as first name + initial (src/domain/classes `classmateName`), nothing else.
 */
export async function getClassFor(db: Db, viewer: Viewer, classId: string) {
  const { row, standing } = await readable(db, classId, viewer);
  const members = (await membersOf(db, classId)).sort(byName);
  const teachers = members.filter((m) => m.role === "teacher").map((m) => ({ name: m.name ?? "Teacher" }));
  if (standing === "student") {
    const contests = await classContests(db, viewer, classId);
    const base = { id: row.id, name: row.name, startsOn: row.startsOn, endsOn: row.endsOn, teachers, contests };
    const classmates = members
      .filter((m) => m.role === "student" && m.id !== viewer.id)
      .map((m) => classmateName(m.name ?? ""))
      .sort((a, b) => a.localeCompare(b));
    return { view: "student" as const, ...base, role: standing, classmates };
  }
  const studentIds = members.filter((m) => m.role === "student").map((m) => m.id);
  // The teacher's view: how many students each contest still lacks, and each student's report cards (ended contests).
  const [contests, cards] = await Promise.all([classContests(db, viewer, classId, { students: studentIds }), classReportCards(db, classId, studentIds)]);
  return {
    view: "teacher" as const,
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    teachers,
    contests,
    role: standing!,
    joinCode: formatJoinCode(row.joinCode),
    inviteUrl: inviteUrl(row.joinCode),
    createdAt: row.createdAt.toISOString(),
    students: members
      .filter((m) => m.role === "student")
      .map((m) => ({ id: m.id, name: m.name ?? "", username: madeByRoster(m) ? m.username : null, roster: madeByRoster(m), joinedAt: m.joinedAt.toISOString(), reportCards: cards.get(m.id) ?? [] })),
  };
}

export type ClassView = Awaited<ReturnType<typeof getClassFor>>;

// ---------------------------------------------------------------------------------------
// Joining

async function assertRoom(db: DbOrTx, classId: string, adding: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(classMembers).where(eq(classMembers.classId, classId));
  if (n + adding > MAX_CLASS_MEMBERS) {
    throw failures.refused("CLASS_FULL", `A class has at most ${MAX_CLASS_MEMBERS} members; this one has ${n}.`);
  }
}

/**
 * Joins the class a code opens, as a student; joining again answers the same class. Codes
 * that open nothing count as guesses (`withGuessLimit`, shared with events' join codes).
 */
export async function joinClass(db: Db, viewer: Viewer, code: string, options: { ip: string }) {
  const normalized = normalizeJoinCode(code);
  const found = await withGuessLimit(db, { personId: viewer.id, ip: options.ip }, async () => {
    if (normalized.length !== JOIN_CODE_LENGTH) return null;
    const [row] = await db.select().from(classes).where(eq(classes.joinCode, normalized)).limit(1);
    return row ?? null;
  });
  if (!found) throw new DomainError("not-found", "UNKNOWN_JOIN_CODE", UNKNOWN_CODE, { fields: { code: UNKNOWN_CODE } });
  return db.transaction(async (tx) => {
    // The class row locked: the member count below cannot change until this commits.
    await tx.execute(sql`select 1 from classes where id = ${found.id} for update`);
    const [member] = await tx
      .select({ role: classMembers.role })
      .from(classMembers)
      .where(and(eq(classMembers.classId, found.id), eq(classMembers.userId, viewer.id)));
    if (member) return { id: found.id, name: found.name, role: member.role, joined: false };
    await assertRoom(tx, found.id, 1);
    await tx.insert(classMembers).values({ classId: found.id, userId: viewer.id, role: "student", via: "code" });
    await audit(tx, { action: "class.joined", actorId: viewer.id, subjectId: viewer.id, ip: options.ip, detail: { classId: found.id } });
    return { id: found.id, name: found.name, role: "student" as const, joined: true };
  });
}

// ---------------------------------------------------------------------------------------
// The roster

/** Usernames not taken yet: generated, checked against the table in one query, drawn again where taken. */
async function freeUsernames(db: DbOrTx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  for (let round = 0; chosen.size < count; round++) {
    if (round > 5) throw new Error("Could not find free usernames.");
    const candidates = Array.from({ length: count - chosen.size }, () => generateUsername(randomBytes)).filter((u) => !chosen.has(u));
    const taken = new Set(
      (await db.select({ username: users.username }).from(users).where(inArray(sql`lower(${users.username})`, candidates))).map((r) => r.username),
    );
    for (const candidate of candidates) if (!taken.has(candidate)) chosen.add(candidate);
  }
  return [...chosen];
}

/**
 * Roster accounts for a class: one account per name, with a generated username and password
 * and no email address, each a student of the class. The passwords are answered here once and
 * never again (only their argon2id hashes are kept).
 */
export async function addRoster(db: Db, viewer: Viewer, classId: string, names: string[], options: { ip: string }) {
  await managed(db, classId, viewer);
  const passwords = names.map(() => generatePassword(randomBytes));
  // Hashing is the slow part (argon2id, ~19 MiB each): done before the transaction, in parallel.
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from classes where id = ${classId} for update`);
        await assertRoom(tx, classId, names.length);
        const usernames = await freeUsernames(tx, names.length);
        const created = await tx
          .insert(users)
          .values(names.map((name, i) => ({ name, email: null, username: usernames[i]!, passwordHash: hashes[i]!, kind: "roster" as const, role: "member" as const, createdBy: viewer.id })))
          .returning({ id: users.id, name: users.name, username: users.username });
        await tx.insert(classMembers).values(created.map((u) => ({ classId, userId: u.id, role: "student" as const, via: "roster" as const })));
        await audit(tx, { action: "class.roster-added", actorId: viewer.id, ip: options.ip, detail: { classId, students: created.map((u) => u.id) } });
        return { students: created.map((u, i) => ({ id: u.id, name: u.name ?? names[i]!, username: u.username!, password: passwords[i]! })) };
      });
    } catch (error) {
      // Another roster took a username between the check and the insert: draw again.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** A student of this class, as its teacher may act on them: 404 when they are not one. */
export async function studentOf(db: DbOrTx, classId: string, studentId: string) {
  const [member] = await db
    .select({ id: users.id, name: users.name, kind: users.kind, role: users.role, disabledAt: users.disabledAt, via: classMembers.via })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId), eq(classMembers.role, "student")));
  if (!member) throw failures.notFound("This class has no such student.");
  return member;
}

const ownAccount = () =>
  failures.refused(
    "NOT_A_ROSTER_ACCOUNT",
    "This student joined with their own account, so only they can change its password or delete it (from the sign-in page and their settings).",
  );

/**
 * A new password for a roster account of this class: answered once, and every session of the
 * student ends (the token version), so whoever had the old one is signed out.
 */
export async function resetStudentPassword(db: Db, viewer: Viewer, classId: string, studentId: string, options: { ip: string }) {
  await managed(db, classId, viewer);
  const student = await studentOf(db, classId, studentId);
  if (!madeByRoster(student)) throw ownAccount();
  const password = generatePassword(randomBytes);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, studentId));
    await bumpTokenVersion(tx, studentId);
    await audit(tx, { action: "class.student-password-reset", actorId: viewer.id, subjectId: studentId, ip: options.ip, detail: { classId } });
  });
  return { password };
}

/** Takes a student out of the class (their account stays, and so does everything they did). */
export async function removeStudent(db: Db, viewer: Viewer, classId: string, studentId: string, options: { ip: string }) {
  await managed(db, classId, viewer);
  await studentOf(db, classId, studentId);
  await db.transaction(async (tx) => {
    await tx.delete(classMembers).where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId), ne(classMembers.role, "teacher")));
    await audit(tx, { action: "class.student-removed", actorId: viewer.id, subjectId: studentId, ip: options.ip, detail: { classId } });
  });
}

/**
 * Deletes a roster account this class's roster made, with everything it holds, as deleting
 * one's own account does (ended events keep its standings under "Deleted user").
 */
export async function deleteRosterAccount(db: Db, viewer: Viewer, classId: string, studentId: string, options: { ip: string }) {
  await managed(db, classId, viewer);
  const student = await studentOf(db, classId, studentId);
  if (!madeByRoster(student)) throw ownAccount();
  await db.transaction(async (tx) => {
    await lockRoster(tx);
    // An admin may have promoted the account: the install keeps an admin.
    if (hasRole(student.role, "admin")) {
      await assertNotLastAdmin(tx, studentId).catch((error: unknown) => {
        // Only "the last admin" is the conflict; a database that went away stays a 503 (apiRoute).
        if (!(error instanceof LastAdminError)) throw error;
        throw failures.conflict("LAST_ADMIN", "This account is the last admin. Make someone else an admin first.");
      });
    }
    // The audit row outlives the account: it keeps the id (not personal data) and the class.
    await audit(tx, { action: "class.roster-account-deleted", actorId: viewer.id, subjectId: null, ip: options.ip, detail: { classId, userId: studentId } });
    await tx.delete(users).where(eq(users.id, studentId));
  });
}
