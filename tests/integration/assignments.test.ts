/**
 * Assignments that check themselves and the gradebook, in process on PGlite and PostgreSQL
 * (docs/decisions/039-assignments.md): each task kind from real orders through the engine and
 * real quiz attempts, at its boundaries (the due instant on time, one millisecond after it
 * late), who may read and override, the override audited, and the CSV's shapes.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addRoster, createAssignment, createClass, gradebookCsv, gradebookView, joinClass, listAssignments, overrideScore, clearScoreOverride } from "@/features/classes";
import { createClassContest, freezeDueAssignments } from "@/features/classes";
import { reverseFill } from "@/features/corrections";
import { joinEvent } from "@/features/events";
import { answerDrawnAttempt } from "../factories/quiz";
import { seedCurriculum } from "@/features/learn/server/seed";
import { getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import type { Db } from "@/server/db";
import { auditLog, fills, lessons, orders } from "@/server/db/schema";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { onPostgres, useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const IP = "192.0.2.20";
const HOUR = 3_600_000;

const viewer = (u: { id: string; role: "member" | "organiser" | "admin" }) => ({ id: u.id, role: u.role });
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string; message: string });

/** A class with a teacher and two roster students, and an assignment window that ended an hour ago. */
async function setUp(db: Db, names = ["Maya Kowalska", "Leo Brandt"]) {
  const teacher = viewer(await createTestUser(db, { role: "organiser", name: "Olga Organiser" }));
  const klass = await createClass(db, teacher, { name: "Economics 9B" }, { ip: IP });
  const { students } = await addRoster(db, teacher, klass.id, names, { ip: IP });
  const now = new Date();
  const startsAt = new Date(now.getTime() - 3 * HOUR);
  const dueAt = new Date(now.getTime() - HOUR);
  return { teacher, klass, students: students.map((s) => ({ ...s, viewer: { id: s.id, role: "member" as const } })), startsAt, dueAt, now };
}

async function order(db: Db, userId: string, at: Date, input: Record<string, unknown>) {
  const portfolio = await getOrCreatePracticePortfolio(db, userId);
  const result = await placeOrder(db, { userId, portfolioId: portfolio.id, input: { side: "buy", type: "market", quantity: 1, ...input } as never, now: at });
  return result.order as { id: string; status: string };
}

async function passedLesson(db: Db) {
  const course = buildCourse({ lessons: [buildLesson({ title: "Limit orders" })] });
  await seedCurriculum(db, [course]);
  const [row] = await db.select().from(lessons).where(eq(lessons.slug, course.lessons[0]!.slug));
  return { lessonId: row!.id, pass: (userId: string, at: Date) => answerDrawnAttempt(db, userId, row!.id, "right", "UTC", { now: at }) };
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe(`assignments that check themselves (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("counts filled orders: one at the due instant is on time, one a millisecond later is late; before the start does not count", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db);
    const { symbol } = await createInstrument(db);
    const [onTime, late] = students;
    await order(db, onTime!.id, at(startsAt, -1), { symbol });
    await order(db, onTime!.id, at(startsAt, 60_000), { symbol });
    const lastOnTime = await order(db, onTime!.id, dueAt, { symbol });
    await order(db, late!.id, at(startsAt, 60_000), { symbol });
    const lastLate = await order(db, late!.id, at(dueAt, 1), { symbol });
    await createAssignment(db, teacher, klass.id, { title: "Two trades", startsAt, dueAt, tasks: [{ kind: "trades", count: 2 }] }, { ip: IP, now: startsAt });

    const mine = await listAssignments(db, onTime!.viewer, klass.id, { now });
    expect(mine.view).toBe("student");
    const progress = mine.view === "student" ? mine.items[0]!.progress : null;
    expect(progress).toMatchObject({ tasksDone: 1, tasksTotal: 1, late: false, score: 100 });
    expect(progress!.tasks[0]).toMatchObject({ done: 2, of: 2, late: false, completedAt: dueAt.toISOString() });
    expect(progress!.tasks[0]!.evidence.at(-1)).toMatchObject({ kind: "order", orderId: lastOnTime.id, symbol });

    const book = await gradebookView(db, teacher, klass.id, { now });
    const cell = (id: string) => book.students.find((s) => s.id === id)!.cells[0]!;
    expect(cell(onTime!.id)).toMatchObject({ done: 1, of: 1, late: false, score: 100 });
    expect(cell(late!.id)).toMatchObject({ done: 1, of: 1, late: true, score: 100 });
    expect(cell(late!.id).tasks[0]!.evidence.at(-1)).toMatchObject({ orderId: lastLate.id });
  });

  it("does not count a trade the teacher reversed, nor the reversal itself", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db, ["Ada Lovelace"]);
    const { symbol } = await createInstrument(db);
    const student = students[0]!;
    await order(db, student.id, at(startsAt, 60_000), { symbol });
    const reversed = await order(db, student.id, at(startsAt, 120_000), { symbol });
    await createAssignment(db, teacher, klass.id, { title: "Two trades", startsAt, dueAt, tasks: [{ kind: "trades", count: 2 }, { kind: "instruments", count: 1 }] }, { ip: IP, now: startsAt });
    const cell = async () => (await gradebookView(db, teacher, klass.id, { now })).students[0]!.cells[0]!;
    expect((await cell()).tasks[0]).toMatchObject({ done: 2, of: 2 });

    const portfolio = await getOrCreatePracticePortfolio(db, student.id);
    const [fill] = await db.select().from(fills).where(eq(fills.orderId, reversed.id));
    await reverseFill(db, teacher, portfolio.id, fill!.id, { reason: "Placed by mistake" }, { now: at(startsAt, 180_000) });

    const after = await cell();
    expect(after.tasks[0]).toMatchObject({ done: 1, of: 2 });
    expect(after.tasks[0]!.evidence.map((e) => (e as { orderId?: string }).orderId)).not.toContain(reversed.id);
    expect(after.tasks[1]).toMatchObject({ done: 1, of: 1 });
  });

  it("counts a trade in the class's own contest, not one in another event", async () => {
    const db = database.db;
    const { teacher, klass, students, now } = await setUp(db, ["Ada Lovelace"]);
    const { symbol } = await createInstrument(db);
    const student = students[0]!;
    const window = { startsAt: new Date(now.getTime() - HOUR).toISOString(), endsAt: new Date(now.getTime() + 24 * HOUR).toISOString() };
    const contest = await createClassContest(db, teacher, klass.id, { title: "9B Cup", startingCash: "10000.00", ...window, teams: null }, { ip: IP });
    const { portfolioId } = await joinEvent(db, student.viewer, contest.slug);
    const startsAt = new Date(now.getTime() - 2 * HOUR);
    await createAssignment(db, teacher, klass.id, { title: "One trade", startsAt, dueAt: new Date(now.getTime() + HOUR), tasks: [{ kind: "trades", count: 1 }] }, { ip: IP, now: startsAt });
    const cell = async () => (await gradebookView(db, teacher, klass.id, { now: new Date() })).students[0]!.cells[0]!;
    expect((await cell()).tasks[0]).toMatchObject({ done: 0, of: 1 });

    const placed = await placeOrder(db, { userId: student.id, portfolioId, input: { symbol, side: "buy", type: "market", quantity: 1 } as never, now: new Date() });
    expect(placed.order).toMatchObject({ status: "filled" });
    expect((await cell()).tasks[0]).toMatchObject({ done: 1, of: 1 });
  });

  it("wants a filled order of the type asked: a resting limit order is not done until it fills", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db, ["Ada Lovelace"]);
    const { symbol } = await createInstrument(db, { lastPrice: "100.00" });
    const student = students[0]!;
    const resting = await order(db, student.id, at(startsAt, 1000), { symbol, type: "limit", limitPrice: "50.00", timeInForce: "gtc" });
    expect(resting.status).toBe("open");
    await createAssignment(db, teacher, klass.id, { title: "A limit order", startsAt, dueAt, tasks: [{ kind: "order-type", orderType: "limit" }] }, { now: startsAt });
    const before = await gradebookView(db, teacher, klass.id, { now });
    expect(before.students[0]!.cells[0]).toMatchObject({ done: 0, score: 0 });
    const filled = await order(db, student.id, dueAt, { symbol, type: "limit", limitPrice: "150.00", timeInForce: "gtc" });
    expect(filled.status).toBe("filled");
    const after = await gradebookView(db, teacher, klass.id, { now });
    expect(after.students[0]!.cells[0]).toMatchObject({ done: 1, late: false, score: 100 });
    expect(after.students[0]!.cells[0]!.tasks[0]!.evidence).toEqual([expect.objectContaining({ orderId: filled.id, type: "limit" })]);
  });

  it("counts instruments held at once, and orders with a written note (blank notes do not count)", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db, ["Ada Lovelace"]);
    const [a, b] = [await createInstrument(db), await createInstrument(db)];
    const student = students[0]!;
    await order(db, student.id, at(startsAt, 1000), { symbol: a.symbol });
    const second = await order(db, student.id, at(dueAt, 1), { symbol: b.symbol });
    const blank = await order(db, student.id, at(startsAt, 2000), { symbol: a.symbol });
    await db.update(orders).set({ note: "Momentum; I sell below 95." }).where(eq(orders.id, second.id));
    await db.update(orders).set({ note: "   " }).where(eq(orders.id, blank.id));
    await createAssignment(db, teacher, klass.id, { title: "Spread out", startsAt, dueAt, tasks: [{ kind: "instruments", count: 2 }, { kind: "journal", count: 1 }] }, { now: startsAt });
    const cell = (await gradebookView(db, teacher, klass.id, { now })).students[0]!.cells[0]!;
    expect(cell.tasks[0]).toMatchObject({ complete: true, late: true, completedAt: at(dueAt, 1).toISOString(), evidence: [{ kind: "holding", symbols: [a.symbol, b.symbol].sort() }] });
    expect(cell.tasks[1]).toMatchObject({ done: 1, of: 1, late: true, evidence: [{ orderId: second.id }] });
    expect(cell).toMatchObject({ done: 2, of: 2, late: true, score: 100 });
  });

  it("checks the largest position's weight of equity with the engine's valuation", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, now } = await setUp(db, ["Ada Lovelace", "Leo Brandt"]);
    const dueAt = at(now, HOUR);
    const { symbol } = await createInstrument(db, { lastPrice: "100.00" });
    const [careful, bold] = students;
    await order(db, careful!.id, at(startsAt, 1000), { symbol, quantity: 100 }); // ≈ 10 % of 100,000
    await order(db, bold!.id, at(startsAt, 1000), { symbol, quantity: 300 }); // ≈ 30 %
    await createAssignment(db, teacher, klass.id, { title: "Diversify", startsAt, dueAt, tasks: [{ kind: "max-weight", pct: 25 }] }, { now: startsAt });
    const book = await gradebookView(db, teacher, klass.id, { now });
    const cell = (id: string) => book.students.find((s) => s.id === id)!.cells[0]!;
    expect(cell(careful!.id)).toMatchObject({ done: 1, score: 100 });
    expect(cell(bold!.id)).toMatchObject({ done: 0, score: 0 });
    const evidence = cell(bold!.id).tasks[0]!.evidence[0] as { symbol: string; pct: number };
    expect(evidence.symbol).toBe(symbol);
    expect(evidence.pct).toBeGreaterThan(29);
    expect(evidence.pct).toBeLessThan(31);
  });

  it("judges the largest weight at the due instant once recorded: trades after it change nothing", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, now } = await setUp(db, ["Ada Lovelace", "Leo Brandt"]);
    const dueAt = at(now, HOUR);
    const { symbol } = await createInstrument(db, { lastPrice: "100.00" });
    const [careful, bold] = students;
    await order(db, careful!.id, at(startsAt, 1000), { symbol, quantity: 100 }); // ≈ 10 % at the due instant
    await order(db, bold!.id, at(startsAt, 1000), { symbol, quantity: 300 }); // ≈ 30 %
    const { id } = await createAssignment(db, teacher, klass.id, { title: "Diversify", startsAt, dueAt, tasks: [{ kind: "max-weight", pct: 25 }] }, { now: startsAt });

    // (The file's other tests left assignments that are due too: only this one is looked at.)
    expect(await freezeDueAssignments({ db, now: at(dueAt, -1) })).not.toContain(id);
    expect(await freezeDueAssignments({ db, now: dueAt })).toContain(id);
    expect(await freezeDueAssignments({ db, now: at(dueAt, 1000) })).not.toContain(id);

    // After the due instant the careful one goes all in and the bold one sells down: neither counts.
    await order(db, careful!.id, at(dueAt, 2000), { symbol, quantity: 600 });
    await order(db, bold!.id, at(dueAt, 2000), { symbol, side: "sell", quantity: 250 });
    const book = await gradebookView(db, teacher, klass.id, { now: at(dueAt, 3000) });
    const cell = (who: string) => book.students.find((s) => s.id === who)!.cells[0]!;
    expect(cell(careful!.id)).toMatchObject({ done: 1, score: 100 });
    expect(cell(bold!.id)).toMatchObject({ done: 0, score: 0 });
    expect((cell(bold!.id).tasks[0]!.evidence[0] as { pct: number }).pct).toBeGreaterThan(29);
  });

  it("counts a lesson passed (before the assignment too); passing after the due instant is late", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db);
    const lesson = await passedLesson(db);
    const [early, late] = students;
    await lesson.pass(early!.id, at(startsAt, -HOUR));
    await lesson.pass(late!.id, at(dueAt, 1));
    await createAssignment(db, teacher, klass.id, { title: "Read up", startsAt, dueAt, tasks: [{ kind: "lesson", lessonId: lesson.lessonId }] }, { now: startsAt });
    const book = await gradebookView(db, teacher, klass.id, { now });
    const cell = (id: string) => book.students.find((s) => s.id === id)!.cells[0]!;
    expect(cell(early!.id)).toMatchObject({ done: 1, late: false });
    expect(cell(early!.id).tasks[0]!.evidence).toEqual([expect.objectContaining({ kind: "lesson", lessonId: lesson.lessonId, title: "Limit orders" })]);
    expect(cell(late!.id)).toMatchObject({ done: 1, late: true });
    expect(await errorOf(createAssignment(db, teacher, klass.id, { title: "Nope", dueAt, startsAt, tasks: [{ kind: "lesson", lessonId: "no-such-lesson" }] }))).toMatchObject({
      kind: "invalid",
    });
  });
});

describe("who may do what", () => {
  it("teachers and admins set assignments and read the gradebook; a student 403; anyone else 404; a student reads only their own progress", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt } = await setUp(db);
    const other = viewer(await createTestUser(db, { role: "organiser" }));
    const admin = viewer(await createTestUser(db, { role: "admin" }));
    const outsider = viewer(await createTestUser(db));
    const input = { title: "Two trades", startsAt, dueAt, tasks: [{ kind: "trades" as const, count: 2 }] };
    expect(await errorOf(createAssignment(db, students[0]!.viewer, klass.id, input))).toMatchObject({ kind: "forbidden" });
    expect(await errorOf(createAssignment(db, other, klass.id, input))).toMatchObject({ kind: "not-found" });
    await createAssignment(db, admin, klass.id, input);
    const created = await createAssignment(db, teacher, klass.id, input);
    for (const who of [students[0]!.viewer]) expect(await errorOf(gradebookView(db, who, klass.id))).toMatchObject({ kind: "forbidden" });
    for (const who of [other, outsider]) {
      expect(await errorOf(gradebookView(db, who, klass.id))).toMatchObject({ kind: "not-found" });
      expect(await errorOf(listAssignments(db, who, klass.id))).toMatchObject({ kind: "not-found" });
      expect(await errorOf(overrideScore(db, who, klass.id, created.id, students[0]!.id, { score: 1, comment: "x" }))).toMatchObject({ kind: "not-found" });
    }
    expect((await gradebookView(db, admin, klass.id)).students).toHaveLength(2);
    const theirs = await listAssignments(db, students[0]!.viewer, klass.id);
    expect(theirs.view).toBe("student");
    expect(JSON.stringify(theirs)).not.toContain(students[1]!.id);
    expect(await errorOf(overrideScore(db, students[0]!.viewer, klass.id, created.id, students[0]!.id, { score: 100, comment: "Me" }))).toMatchObject({ kind: "forbidden" });
    // A student who joined with their own account, and a person of another class, are not this class's students.
    expect(await errorOf(overrideScore(db, teacher, klass.id, created.id, outsider.id, { score: 1, comment: "x" }))).toMatchObject({ kind: "not-found" });
    await joinClass(db, outsider, klass.joinCode, { ip: IP });
    expect((await gradebookView(db, teacher, klass.id)).students).toHaveLength(3);
  });

  it("an override replaces the score, keeps the computed one beside it, is audited, and can be taken back", async () => {
    const db = database.db;
    const { teacher, klass, students, startsAt, dueAt, now } = await setUp(db, ["Ada Lovelace"]);
    const created = await createAssignment(db, teacher, klass.id, { title: "Two trades", startsAt, dueAt, tasks: [{ kind: "trades", count: 2 }] });
    const student = students[0]!;
    await overrideScore(db, teacher, klass.id, created.id, student.id, { score: 80, comment: "Traded on paper in class" }, { ip: IP });
    const changed = await overrideScore(db, teacher, klass.id, created.id, student.id, { score: 90, comment: "Good notes" }, { ip: IP });
    expect(changed).toMatchObject({ computedScore: 0, score: 90 });
    const cell = (await gradebookView(db, teacher, klass.id, { now })).students[0]!.cells[0]!;
    expect(cell).toMatchObject({ computedScore: 0, score: 90, override: { score: 90, comment: "Good notes", by: "Olga Organiser" } });
    const mine = await listAssignments(db, student.viewer, klass.id, { now });
    expect(mine.view === "student" && mine.items[0]).toMatchObject({ score: 90, override: { comment: "Good notes" } });
    const rows = await db.select().from(auditLog).where(and(eq(auditLog.action, "class.score-overridden"), eq(auditLog.subjectId, student.id))).orderBy(auditLog.id);
    expect(rows.map((r) => r.detail)).toEqual([
      expect.objectContaining({ assignmentId: created.id, computed: 0, from: null, to: 80 }),
      expect.objectContaining({ from: 80, to: 90, comment: "Good notes" }),
    ]);
    await clearScoreOverride(db, teacher, klass.id, created.id, student.id, { ip: IP });
    expect((await gradebookView(db, teacher, klass.id, { now })).students[0]!.cells[0]).toMatchObject({ score: 0, override: null });
  });
});

describe("the gradebook CSV", () => {
  it("is formula-safe and in Canvas's and Classroom's column shapes", async () => {
    const db = database.db;
    const { teacher, klass, startsAt, dueAt } = await setUp(db, ["=HYPERLINK(\"x\") Evil", "Maya de la Cruz"]);
    await createAssignment(db, teacher, klass.id, { title: "+Week 1", startsAt, dueAt, tasks: [{ kind: "trades", count: 1 }] });
    const canvas = (await gradebookCsv(db, teacher, klass.id, "canvas")).body.split("\r\n");
    expect(canvas[0]).toBe("Student,ID,SIS User ID,SIS Login ID,Section,'+Week 1");
    expect(canvas[1]).toBe("Points Possible,,,,,100");
    expect(canvas.some((line) => line.startsWith('"\'=HYPERLINK(""x"")'))).toBe(false);
    expect(canvas.some((line) => line.startsWith('"de la Cruz, Maya"'))).toBe(true);
    expect(canvas.join("\n")).not.toMatch(/(^|,)=/m);
    const classroom = (await gradebookCsv(db, teacher, klass.id, "classroom")).body.split("\r\n");
    expect(classroom[0]).toBe("Last Name,First Name,Email Address,'+Week 1");
    expect(classroom).toContain("de la Cruz,Maya,,0");
    expect(classroom).toContain(`Evil,"'=HYPERLINK(""x"")",,0`);
  });
});
