/**
 * The trade journal, the class dashboard and a teacher's read-only view of a student, in
 * process on PGlite and PostgreSQL (docs/decisions/040-journal-dashboard-report-card.md).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classDashboard, createClass, studentView } from "@/features/classes";
import { findPortfolioFor, listOrders, placeOrder } from "@/features/trading";
import type { Db } from "@/server/db";
import { classMembers, lessonProgress, orders } from "@/server/db/schema";
import { seedCurriculum } from "@/features/learn/server/seed";
import { lessons } from "@/server/db/schema";
import { buildCourse, buildLesson } from "../factories/learn";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const IP = "192.0.2.40";
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { kind: string; code: string });

async function classWithStudents(db: Db, names: string[]) {
  const teacher = await createTestUser(db, { role: "organiser", name: "Olga Organiser" });
  const made = await createClass(db, { id: teacher.id, role: "organiser" }, { name: "Economics 9B", startsOn: "", endsOn: "" }, { ip: IP });
  const students = [];
  for (const name of names) {
    const user = await createTestUser(db, { name });
    await db.insert(classMembers).values({ classId: made.id, userId: user.id, role: "student", via: "code" });
    students.push(user);
  }
  return { classId: made.id, teacher: { id: teacher.id, role: "organiser" as const }, students };
}

describe("the trade journal", () => {
  it("stores the note with the order, returns it on the order and in the history, and leaves other orders without one", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const portfolio = await createPortfolio(db);
    const placed = await placeOrder(db, {
      userId: portfolio.userId,
      portfolioId: portfolio.id,
      input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 3, note: "Cheap after the dip.\nSell if it falls below 90." },
    });
    expect(placed.order.note).toBe("Cheap after the dip.\nSell if it falls below 90.");
    await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 1 } });
    const history = await listOrders(db, portfolio.id, { page: 1, pageSize: 10 });
    expect(history.items.map((o) => o.note)).toEqual([null, "Cheap after the dip.\nSell if it falls below 90."]);
    const [stored] = await db.select({ note: orders.note }).from(orders).where(eq(orders.id, placed.order.id));
    expect(stored!.note).toBe("Cheap after the dip.\nSell if it falls below 90.");
  });

  it("counts the note in the Idempotency-Key's request: the same body answers again, another note is another request", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(db);
    const input = { symbol: instrument.symbol, side: "buy", type: "market", quantity: 2, note: "First idea" };
    const first = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input, idempotencyKey: "journal-key" });
    const again = await placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input, idempotencyKey: "journal-key" });
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.note).toBe("First idea");
    expect(await errorOf(placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { ...input, note: "Second idea" }, idempotencyKey: "journal-key" }))).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    expect((await listOrders(db, portfolio.id, { page: 1, pageSize: 10 })).total).toBe(1);
  });

  it("is not readable through another person's portfolio", async () => {
    const db = database.db;
    const portfolio = await createPortfolio(db);
    const stranger = await createTestUser(db);
    expect(await errorOf(findPortfolioFor(db, portfolio.id, { id: stranger.id, role: "member" }))).toMatchObject({ kind: "not-found" });
  });
});

describe("the class dashboard", () => {
  it("shows per student their last activity, trades this week, lessons passed, journal entries and practice figures", async () => {
    const db = database.db;
    await seedCurriculum(db, [buildCourse({ lessons: [buildLesson()] })]);
    const instrument = await createInstrument(db, { lastPrice: "100.00" });
    const { classId, teacher, students } = await classWithStudents(db, ["Maya Kowalska", "Leo Brandt"]);
    const [maya, leo] = students;
    const portfolio = await createPortfolio(db, { userId: maya!.id, cash: "10000.00" });
    await placeOrder(db, { userId: maya!.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 10, note: "Why: strong sales." } });
    await placeOrder(db, { userId: maya!.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "sell", type: "market", quantity: 4 } });
    // A resting order is activity and may carry a note, but it is not a trade.
    await placeOrder(db, { userId: maya!.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "limit", quantity: 1, limitPrice: "1.00", note: "If it crashes" } });
    const [lesson] = await db.select().from(lessons).limit(1);
    await db.insert(lessonProgress).values({ userId: maya!.id, lessonId: lesson!.id, passedAt: new Date(), attempts: 1, bestScore: "1.0000" });

    const dashboard = await classDashboard(db, teacher, classId);
    expect(dashboard.students.map((s) => s.name)).toEqual(["Leo Brandt", "Maya Kowalska"]);
    const row = dashboard.students.find((s) => s.id === maya!.id)!;
    expect(row).toMatchObject({ tradesThisWeek: 2, lessonsPassed: 1, journalEntries: 2 });
    expect(row.lastActivityAt).not.toBeNull();
    expect(row.practice!.metrics.totalReturn).not.toBeNull();
    expect(dashboard.students.find((s) => s.id === leo!.id)).toMatchObject({ lastActivityAt: null, tradesThisWeek: 0, lessonsPassed: 0, journalEntries: 0, practice: null });
  });

  it("is for the class's teachers and admins: a student gets forbidden, anyone else not-found", async () => {
    const db = database.db;
    const { classId, students } = await classWithStudents(db, ["Ada Student"]);
    const admin = await createTestUser(db, { role: "admin" });
    const outsider = await createTestUser(db, { role: "organiser" });
    expect((await classDashboard(db, { id: admin.id, role: "admin" }, classId)).students).toHaveLength(1);
    expect(await errorOf(classDashboard(db, { id: students[0]!.id, role: "member" }, classId))).toMatchObject({ kind: "forbidden" });
    expect(await errorOf(classDashboard(db, { id: outsider.id, role: "organiser" }, classId))).toMatchObject({ kind: "not-found" });
  });
});

describe("a teacher's read-only view of a student", () => {
  it("shows the student's portfolio, orders with their journal notes, fills and lessons — only for a student of the class", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "20.00" });
    const { classId, teacher, students } = await classWithStudents(db, ["Maya Kowalska"]);
    const maya = students[0]!;
    const portfolio = await createPortfolio(db, { userId: maya.id, cash: "1000.00" });
    await placeOrder(db, { userId: maya.id, portfolioId: portfolio.id, input: { symbol: instrument.symbol, side: "buy", type: "market", quantity: 5, note: "<script>alert(1)</script>" } });

    const view = await studentView(db, teacher, classId, maya.id);
    expect(view.student).toEqual({ id: maya.id, name: "Maya Kowalska" });
    expect(view.portfolios).toHaveLength(1);
    const [practice] = view.portfolios;
    expect(practice!.kind).toBe("practice");
    expect(practice!.summary.positions.map((p) => [p.symbol, p.quantity])).toEqual([[instrument.symbol, 5]]);
    expect(practice!.orders.items.map((o) => o.note)).toEqual(["<script>alert(1)</script>"]);
    expect(practice!.fills.items).toHaveLength(1);

    const stranger = await createTestUser(db);
    expect(await errorOf(studentView(db, teacher, classId, stranger.id))).toMatchObject({ kind: "not-found" });
    expect(await errorOf(studentView(db, { id: maya.id, role: "member" }, classId, maya.id))).toMatchObject({ kind: "forbidden" });
  });
});
