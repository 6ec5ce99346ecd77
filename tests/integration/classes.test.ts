/**
 * Classes, in process on PGlite and PostgreSQL (docs/decisions/038-classes.md): who may create
 * and read a class, roster accounts without an email, a student's new password ending their
 * sessions, join codes under the shared guess limit, what students see of each other, roster
 * accounts kept off the global boards, and the class in "Export my data".
 */
import { and, eq, sql } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { personalData } from "@/personal-data";
import { changeUser } from "@/features/admin/server/users";
import { addRoster, createClass, deleteRosterAccount, getClassFor, joinClass, listClassesFor, removeStudent, resetStudentPassword } from "@/features/classes";
import { leaderboardPage, refreshPracticeAndXp } from "@/features/ranking";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import { authOptions } from "@/server/auth/options";
import { verifyPassword } from "@/server/auth/passwords";
import { findUserById } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { auditLog, classMembers, users, xpEvents } from "@/server/db/schema";
import { writePersonalData } from "@/server/personal-data";
import { changeSettings } from "@/server/settings";
import { storedPracticeBoard } from "../factories/boards";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const IP = "192.0.2.10";
const USERNAME = /^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/;
const PASSWORD = /^[23456789abcdefghjkmnpqrstuvwxyz]{4}(-[23456789abcdefghjkmnpqrstuvwxyz]{4}){2}$/;

const viewer = (u: { id: string; role: "member" | "organiser" | "admin" }) => ({ id: u.id, role: u.role });
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string; message: string });

async function organiser(db: Db, name = "Olga Organiser") {
  return viewer(await createTestUser(db, { role: "organiser", name }));
}

async function classWithRoster(db: Db, names: string[]) {
  const teacher = await organiser(db);
  const created = await createClass(db, teacher, { name: "Economics 9B", startsOn: "2026-09-01", endsOn: "2027-06-30" }, { ip: IP });
  const roster = await addRoster(db, teacher, created.id, names, { ip: IP });
  return { teacher, klass: created, students: roster.students };
}

/** A session token as next-auth issues it at sign-in, and the check every later request runs. */
const callbacks = () => authOptions().callbacks!;
const signInToken = (user: { id: string; email: string | null; name: string | null }) =>
  callbacks().jwt!({ token: {}, user: { id: user.id, email: user.email, name: user.name }, account: null } as never) as Promise<JWT>;
const refresh = (token: JWT) => callbacks().jwt!({ token } as never) as Promise<JWT>;

describe("creating classes", () => {
  it("is for organisers and admins; for members only once an admin allows it; never for roster accounts", async () => {
    const db = database.db;
    const member = viewer(await createTestUser(db));
    const admin = viewer(await createTestUser(db, { role: "admin" }));
    const teacher = await organiser(db);

    expect(await errorOf(createClass(db, member, { name: "Mine" }))).toMatchObject({ kind: "forbidden", code: "NOT_AN_ORGANISER" });
    const created = await createClass(db, teacher, { name: "Economics 9B" }, { ip: IP });
    expect(created.joinCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
    expect((await createClass(db, admin, { name: "Admin's" })).id).toBeTruthy();

    await changeSettings(db, { id: admin.id }, { membersMayCreateClasses: true });
    try {
      expect((await createClass(db, member, { name: "Now mine" })).name).toBe("Now mine");
      const [student] = (await addRoster(db, teacher, created.id, ["Rita Roster"], { ip: IP })).students;
      expect(await errorOf(createClass(db, { id: student!.id, role: "member" }, { name: "Nope" }))).toMatchObject({ code: "NOT_AN_ORGANISER" });
      const [changed] = await db.select().from(auditLog).where(eq(auditLog.action, "admin.setting-changed"));
      expect(changed).toMatchObject({ actorId: admin.id, detail: { key: "membersMayCreateClasses", from: false, to: true } });
    } finally {
      await changeSettings(db, { id: admin.id }, { membersMayCreateClasses: false });
    }
    expect(await errorOf(createClass(db, member, { name: "Again" }))).toMatchObject({ code: "NOT_AN_ORGANISER" });
  });

  it("checks the dates, and makes the creator the class's teacher", async () => {
    const db = database.db;
    const teacher = await organiser(db);
    expect(await errorOf(createClass(db, teacher, { name: "Backwards", startsOn: "2026-09-02", endsOn: "2026-09-01" }))).toMatchObject({ kind: "invalid" });
    const created = await createClass(db, teacher, { name: "Forwards", startsOn: "2026-09-01", endsOn: null });
    const list = await listClassesFor(db, teacher, { page: 1, pageSize: 20 });
    expect(list.items).toEqual([expect.objectContaining({ id: created.id, role: "teacher", startsOn: "2026-09-01", endsOn: null, students: 0, teachers: ["Olga Organiser"] })]);
  });
});

describe("roster accounts", () => {
  it("get a readable username and password, no email, and the class; the password is only kept hashed", async () => {
    const db = database.db;
    const { klass, students } = await classWithRoster(db, ["Maya Kowalska", "Leo Brandt", "Ada Lovelace"]);
    expect(students).toHaveLength(3);
    expect(new Set(students.map((s) => s.username)).size).toBe(3);
    for (const student of students) {
      expect(student.username).toMatch(USERNAME);
      expect(student.password).toMatch(PASSWORD);
      const row = (await findUserById(db, student.id))!;
      expect(row).toMatchObject({ email: null, username: student.username, kind: "roster", role: "member", emailVerified: null });
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(student.password);
      expect(await verifyPassword(row.passwordHash, student.password)).toBe(true);
    }
    const members = await db.select().from(classMembers).where(eq(classMembers.classId, klass.id));
    expect(members.filter((m) => m.role === "student").map((m) => m.via)).toEqual(["roster", "roster", "roster"]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "class.roster-added"), sql`${auditLog.detail}->>'classId' = ${klass.id}`));
    expect(entry!.detail).toMatchObject({ classId: klass.id, students: students.map((s) => s.id) });
    expect(JSON.stringify(entry)).not.toContain(students[0]!.password);
  });

  it("sign in with the username, and a new password from the teacher ends every session of the student", async () => {
    const db = database.db;
    const { teacher, klass, students } = await classWithRoster(db, ["Sam Student"]);
    const student = students[0]!;
    const token = await signInToken((await findUserById(db, student.id))!);
    await expect(refresh(token)).resolves.toMatchObject({ uid: student.id, username: student.username, roster: true, classes: true, email: null });

    const { password } = await resetStudentPassword(db, teacher, klass.id, student.id, { ip: IP });
    expect(password).toMatch(PASSWORD);
    expect(password).not.toBe(student.password);
    await expect(refresh(token)).rejects.toThrow(/token version changed/);
    const row = (await findUserById(db, student.id))!;
    expect(await verifyPassword(row.passwordHash, student.password)).toBe(false);
    expect(await verifyPassword(row.passwordHash, password)).toBe(true);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "class.student-password-reset"), eq(auditLog.subjectId, student.id)));
    expect(entry).toMatchObject({ actorId: teacher.id, detail: { classId: klass.id } });
  });

  it("are removed from the class or deleted by its teacher; a student's own account is never theirs to reset or delete", async () => {
    const db = database.db;
    const { teacher, klass, students } = await classWithRoster(db, ["Rob Removed", "Dee Deleted"]);
    const own = await createTestUser(db, { name: "Owen Own" });
    await joinClass(db, viewer(own), klass.joinCode, { ip: IP });

    expect(await errorOf(resetStudentPassword(db, teacher, klass.id, own.id, { ip: IP }))).toMatchObject({ kind: "refused", code: "NOT_A_ROSTER_ACCOUNT" });
    expect(await errorOf(deleteRosterAccount(db, teacher, klass.id, own.id, { ip: IP }))).toMatchObject({ code: "NOT_A_ROSTER_ACCOUNT" });

    await removeStudent(db, teacher, klass.id, students[0]!.id, { ip: IP });
    expect(await findUserById(db, students[0]!.id)).toBeTruthy();
    await deleteRosterAccount(db, teacher, klass.id, students[1]!.id, { ip: IP });
    expect(await findUserById(db, students[1]!.id)).toBeUndefined();
    await removeStudent(db, teacher, klass.id, own.id, { ip: IP });
    expect(await findUserById(db, own.id)).toBeTruthy();

    const view = await getClassFor(db, teacher, klass.id);
    expect(view.view === "teacher" && view.students).toEqual([]);
    // A teacher is not a student of their class: the student routes do not reach them.
    expect(await errorOf(removeStudent(db, teacher, klass.id, teacher.id, { ip: IP }))).toMatchObject({ kind: "not-found" });
    const actions = (await db.select({ action: auditLog.action, detail: auditLog.detail }).from(auditLog).where(sql`${auditLog.detail}->>'classId' = ${klass.id}`)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["class.student-removed", "class.roster-account-deleted", "class.joined"]));
  });
});

describe("who reads what", () => {
  it("gives the teacher the roster, a student only first names and initials, and everyone else a 404", async () => {
    const db = database.db;
    const { teacher, klass, students } = await classWithRoster(db, ["Maya Kowalska", "Leo Brandt", "Ada Lovelace"]);
    const otherTeacher = await organiser(db, "Otto Other");
    const other = await createClass(db, otherTeacher, { name: "Other class" });
    const [outsider] = (await addRoster(db, otherTeacher, other.id, ["Zed Outsider"], { ip: IP })).students;
    const member = viewer(await createTestUser(db));
    const admin = viewer(await createTestUser(db, { role: "admin" }));

    const teacherView = await getClassFor(db, teacher, klass.id);
    expect(teacherView).toMatchObject({ view: "teacher", joinCode: klass.joinCode, inviteUrl: expect.stringMatching(/\/classes\/join\?code=/) });
    expect(teacherView.view === "teacher" && teacherView.students.map((s) => s.username).sort()).toEqual(students.map((s) => s.username).sort());
    expect(await getClassFor(db, admin, klass.id)).toMatchObject({ view: "teacher", role: "admin" });

    const maya = students.find((s) => s.name === "Maya Kowalska")!;
    const studentView = await getClassFor(db, { id: maya.id, role: "member" }, klass.id);
    expect(studentView).toEqual({
      view: "student",
      id: klass.id,
      name: "Economics 9B",
      startsOn: "2026-09-01",
      endsOn: "2027-06-30",
      role: "student",
      teachers: [{ name: "Olga Organiser" }],
      classmates: ["Ada L.", "Leo B."],
      contests: [],
    });
    const text = JSON.stringify(studentView);
    for (const s of students) {
      expect(text).not.toContain(s.username);
      expect(text).not.toContain(s.id);
    }
    expect(text).not.toMatch(/Brandt|Lovelace|joinCode/);

    for (const stranger of [otherTeacher, member, { id: outsider!.id, role: "member" as const }]) {
      expect(await errorOf(getClassFor(db, stranger, klass.id))).toMatchObject({ kind: "not-found" });
      expect(await errorOf(addRoster(db, stranger, klass.id, ["Sneaky"], { ip: IP }))).toMatchObject({ kind: "not-found" });
      expect(await errorOf(resetStudentPassword(db, stranger, klass.id, maya.id, { ip: IP }))).toMatchObject({ kind: "not-found" });
    }
    // A student knows the class exists, but a teacher's action is not theirs.
    const asStudent = { id: maya.id, role: "member" as const };
    expect(await errorOf(addRoster(db, asStudent, klass.id, ["Sneaky"], { ip: IP }))).toMatchObject({ kind: "forbidden" });
    expect(await errorOf(resetStudentPassword(db, asStudent, klass.id, students[1]!.id, { ip: IP }))).toMatchObject({ kind: "forbidden" });
    // A teacher acts only on their own class's students.
    expect(await errorOf(resetStudentPassword(db, teacher, klass.id, outsider!.id, { ip: IP }))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(resetStudentPassword(db, teacher, other.id, outsider!.id, { ip: IP }))).toMatchObject({ kind: "not-found" });

    expect((await listClassesFor(db, otherTeacher, { page: 1, pageSize: 20 })).items.map((c) => c.id)).toEqual([other.id]);
    const adminList = await listClassesFor(db, admin, { page: 1, pageSize: 100 });
    expect(adminList.items.map((c) => c.id)).toEqual(expect.arrayContaining([klass.id, other.id]));
  });
});

describe("joining with a code", () => {
  it("makes the person a student once, and counts wrong codes like wrong passwords", async () => {
    const db = database.db;
    const teacher = await organiser(db);
    const klass = await createClass(db, teacher, { name: "Joinable" });
    const person = viewer(await createTestUser(db));
    const joined = await joinClass(db, person, klass.joinCode.toLowerCase().replace("-", " "), { ip: "192.0.2.50" });
    expect(joined).toMatchObject({ id: klass.id, role: "student", joined: true });
    expect(await joinClass(db, person, klass.joinCode, { ip: "192.0.2.50" })).toMatchObject({ joined: false });
    expect(await joinClass(db, teacher, klass.joinCode, { ip: "192.0.2.50" })).toMatchObject({ role: "teacher", joined: false });

    const guesser = viewer(await createTestUser(db));
    for (let i = 0; i < 3; i++) {
      expect(await errorOf(joinClass(db, guesser, "ZZZZ-ZZZZ", { ip: "192.0.2.51" }))).toMatchObject({ kind: "not-found", code: "UNKNOWN_JOIN_CODE" });
    }
    // RATE_LIMIT_PER_ADDRESS is 3 in tests: the fourth wrong code, and then even the right one, waits.
    expect(await errorOf(joinClass(db, guesser, "ZZZZ-ZZZY", { ip: "192.0.2.51" }))).toMatchObject({ kind: "rate-limited" });
    expect(await errorOf(joinClass(db, guesser, klass.joinCode, { ip: "192.0.2.51" }))).toMatchObject({ kind: "rate-limited" });
  });
});

describe("privacy on the boards", () => {
  it("keeps roster accounts off the practice and XP boards, and members on them", async () => {
    const db = database.db;
    const { students } = await classWithRoster(db, ["Bea Board"]);
    const member = await createTestUser(db, { name: "Mo Member" });
    const student = students[0]!;
    for (const id of [student.id, member.id]) {
      await getOrCreatePracticePortfolio(db, id);
      await db.insert(xpEvents).values({ userId: id, kind: "read", amount: 10 });
    }
    await refreshPracticeAndXp(db, { now: new Date() });
    for (const board of [{ kind: "practice" as const, period: "all" as const }, { kind: "xp" as const, period: "all" as const }]) {
      const asMember = await leaderboardPage(db, board, { page: 1, pageSize: 100, viewer: { id: member.id, role: "member" }, now: new Date() });
      expect(asMember.own, board.kind).not.toBeNull();
      const asStudent = await leaderboardPage(db, board, { page: 1, pageSize: 100, viewer: { id: student.id, role: "member" }, now: new Date() });
      expect(asStudent.own, board.kind).toBeNull();
      expect(JSON.stringify(asStudent.items)).not.toContain("Bea");
    }
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from leaderboard_entries where user_id = ${student.id}`);
    expect(Number(rows.rows[0]!.n)).toBe(0);
    const practice = await storedPracticeBoard(db, "practice:all");
    expect(practice.map((r) => r.userId)).toContain(member.id);
    expect(practice.map((r) => r.userId)).not.toContain(student.id);
  });
});

describe("export my data", () => {
  it("has the student's class and who made their account, and nothing of their classmates", async () => {
    const db = database.db;
    const { teacher, klass, students } = await classWithRoster(db, ["Ex Porter", "Class Mate"]);
    const reader = { text: "", write(chunk: string) { this.text += chunk; return true; } };
    await writePersonalData(reader as never, await personalData(db, students[0]!.id));
    const data = JSON.parse(reader.text) as { profile: Record<string, unknown>; classes: Array<Record<string, unknown>>; rosterAccount: Record<string, unknown> | null };
    expect(data.profile).toMatchObject({ email: null, username: students[0]!.username, roster: true });
    expect(data.classes).toEqual([expect.objectContaining({ classId: klass.id, name: "Economics 9B", role: "student", via: "roster" })]);
    expect(data.rosterAccount).toEqual({ username: students[0]!.username, createdBy: teacher.id, createdByName: "Olga Organiser" });
    expect(reader.text).not.toContain(students[1]!.id);
    expect(reader.text).not.toContain("Class Mate");
  });
});

describe("the organiser role", () => {
  it("is granted by an admin without signing the person out, taken back ending their sessions, audited", async () => {
    const db = database.db;
    const admin = await createTestUser(db, { role: "admin" });
    const person = await createTestUser(db);
    const token = await signInToken(person);
    await expect(refresh(token)).resolves.toMatchObject({ role: "member", classes: false });
    await changeUser(db, admin.id, person.id, { role: "organiser" }, IP);
    // The same session: the Classes link and class creation are there at the next read.
    const granted = await refresh(token);
    expect(granted).toMatchObject({ role: "organiser", classes: true });
    await changeUser(db, admin.id, person.id, { role: "member" }, IP);
    await expect(refresh(granted)).rejects.toThrow(/token version changed/);
    const changes = await db.select({ detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.action, "admin.role-changed"), eq(auditLog.subjectId, person.id)));
    expect(changes.map((c) => c.detail)).toEqual([
      { from: "member", to: "organiser" },
      { from: "organiser", to: "member" },
    ]);
    // Demoting the last admin to organiser is refused like demoting them to member.
    const only = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    for (const a of only.filter((a) => a.id !== admin.id)) await db.update(users).set({ role: "member" }).where(eq(users.id, a.id));
    expect(await errorOf(changeUser(db, admin.id, admin.id, { role: "organiser" }, IP))).toMatchObject({ code: "LAST_ADMIN" });
  });
});
