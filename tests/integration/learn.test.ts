/**
 * Learning against a real database: XP is paid once even under double submits and races,
 * the first attempt fixes the pass award, streak days follow the learner's zone, the
 * browser never sees correct answers before an attempt, and unlocks gate features.
 */
import { and, eq, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, useTestDatabase } from "../setup/db";
import { buildCourse, buildLesson } from "../factories/learn";
import { createTestUser } from "../factories/users";
import { getLesson, learnerSummary, markRead, submitAttempt } from "@/features/learn/server/learning";
import { featureGate, SHORT_SELLING, unlockedFor } from "@/features/learn/server/unlocks";
import { seedCurriculum } from "@/features/learn/server/seed";
import { passXp, READ_XP } from "@/domain/learning";
import { learningDays, lessons, questions, xpEvents } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";

const db = useTestDatabase();

async function lessonWithQuiz(overrides = {}) {
  const course = buildCourse({ lessons: [buildLesson(overrides)] });
  await seedCurriculum(db.db, [course]);
  const [row] = await db.db.select().from(lessons).where(eq(lessons.slug, course.lessons[0]!.slug));
  const quiz = await db.db.select().from(questions).where(eq(questions.lessonId, row!.id)).orderBy(questions.position);
  const right = quiz.map((q) => q.options.filter((o) => o.correct).map((o) => o.id));
  const wrong = quiz.map((q) => q.options.filter((o) => !o.correct).map((o) => o.id).slice(0, 1));
  return { lessonId: row!.id, right, wrong };
}

async function xpOf(userId: string) {
  const [row] = await db.db.select({ total: sum(xpEvents.amount) }).from(xpEvents).where(eq(xpEvents.userId, userId));
  return Number(row?.total ?? 0);
}

describe(`learning (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("pays reading XP once, also for 10 simultaneous 'I have read this'", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const results = await Promise.all(Array.from({ length: 10 }, () => markRead(db.db, user.id, lessonId, "UTC")));
    expect(results.filter((r) => r.xpAwarded === READ_XP)).toHaveLength(1);
    expect(await xpOf(user.id)).toBe(READ_XP);
  });

  it("pays pass XP once, by the first passing attempt, also for 8 simultaneous submits", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, right } = await lessonWithQuiz();
    const results = await Promise.all(Array.from({ length: 8 }, () => submitAttempt(db.db, user.id, lessonId, right, "UTC")));
    expect(results.every((r) => r.passed)).toBe(true);
    expect(results.filter((r) => r.xpAwarded > 0)).toHaveLength(1);
    expect(await xpOf(user.id)).toBe(passXp(1));
  });

  it("fixes the pass award by the first attempt's score, and keeps the best score", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, right, wrong } = await lessonWithQuiz();
    const half = right.map((r, i) => (i < 2 ? r : wrong[i]!));
    const first = await submitAttempt(db.db, user.id, lessonId, half, "UTC");
    expect(first).toMatchObject({ passed: false, score: "0.5000", xpAwarded: 0 });
    const second = await submitAttempt(db.db, user.id, lessonId, right, "UTC");
    expect(second).toMatchObject({ passed: true, score: "1.0000", bestScore: "1.0000", xpAwarded: passXp(0.5) });
    const third = await submitAttempt(db.db, user.id, lessonId, half, "UTC");
    expect(third).toMatchObject({ passed: false, bestScore: "1.0000", xpAwarded: 0 });
    // The lesson stays passed after a worse retry.
    expect((await getLesson(db.db, lessonId, user.id)).progress).toMatchObject({ status: "passed", attempts: 3, bestScore: "1.0000" });
  });

  it("tells the right answers and every explanation only in the attempt's answer", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, right, wrong } = await lessonWithQuiz();
    const view = await getLesson(db.db, lessonId, user.id);
    expect(JSON.stringify(view)).not.toMatch(/correct|explanation|Because it is/);
    const attempt = await submitAttempt(db.db, user.id, lessonId, wrong, "UTC");
    expect(attempt.feedback[0]).toMatchObject({ correct: false, correctOptionIds: right[0] });
    expect(Object.values(attempt.feedback[0]!.explanations)).toEqual(expect.arrayContaining(["Because it is right.", "Because it is wrong."]));
  });

  it("refuses an attempt with the wrong number of answers or unknown options", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, right } = await lessonWithQuiz();
    const short = (await submitAttempt(db.db, user.id, lessonId, right.slice(1), "UTC").catch((e: unknown) => e)) as DomainError;
    expect(short.kind).toBe("invalid");
    expect(short.message).toMatch(/Answer every question/);
    const unknown = (await submitAttempt(db.db, user.id, lessonId, right.map(() => ["zz"]), "UTC").catch((e: unknown) => e)) as DomainError;
    expect(unknown.kind).toBe("invalid");
  });

  it("records the activity day in the learner's zone and counts the streak there", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, wrong } = await lessonWithQuiz();
    // 23:30 UTC on the 10th is already the 11th in Auckland.
    await markRead(db.db, user.id, lessonId, "Pacific/Auckland", new Date("2026-03-10T23:30:00Z"));
    // A failed attempt still counts as a day of learning (and pays nothing).
    await submitAttempt(db.db, user.id, lessonId, wrong, "Pacific/Auckland", new Date("2026-03-11T22:00:00Z"));
    const days = await db.db.select({ day: learningDays.day }).from(learningDays).where(eq(learningDays.userId, user.id));
    expect(days.map((d) => d.day).sort()).toEqual(["2026-03-11", "2026-03-12"]);
    const summary = await learnerSummary(db.db, user.id, "Pacific/Auckland", new Date("2026-03-12T05:00:00Z"));
    expect(summary.streak).toMatchObject({ current: 2, activeToday: true });
    expect(summary.xp).toBe(READ_XP);
  });
});

describe("unlocks", () => {
  it("keeps short selling locked until a lesson that unlocks it is passed, and names that lesson", async () => {
    const user = await createTestUser(db.db);
    const { lessonId, right, wrong } = await lessonWithQuiz({ unlocks: SHORT_SELLING });
    expect(await unlockedFor(db.db, SHORT_SELLING, [user.id])).toEqual(new Set());
    const gate = await featureGate(db.db, SHORT_SELLING, user.id);
    expect(gate.unlocked).toBe(false);
    expect(gate.lesson?.href).toMatch(/^\/learn\/[^/]+\/[^/]+$/);
    await submitAttempt(db.db, user.id, lessonId, wrong, "UTC");
    expect(await unlockedFor(db.db, SHORT_SELLING, [user.id])).toEqual(new Set());
    const passed = await submitAttempt(db.db, user.id, lessonId, right, "UTC");
    expect(passed.unlocked).toBe(SHORT_SELLING);
    expect(await featureGate(db.db, SHORT_SELLING, user.id)).toEqual({ unlocked: true, lesson: null });
    // Someone else is still locked, in the same one query.
    const other = (await createTestUser(db.db)).id;
    expect(await unlockedFor(db.db, SHORT_SELLING, [user.id, other])).toEqual(new Set([user.id]));
  });
});

describe("the shipped curriculum's loader", () => {
  it("inserts once, never undoes an admin's edit or deletion, and still adds new lessons", async () => {
    const course = buildCourse({}, 2);
    expect(await seedCurriculum(db.db, [course])).toEqual({ courses: 1, lessons: 2 });
    expect(await seedCurriculum(db.db, [course])).toEqual({ courses: 0, lessons: 0 });
    const [first, second] = course.lessons;
    await db.db.update(lessons).set({ title: "Edited by an admin", published: false }).where(eq(lessons.slug, first!.slug));
    await db.db.delete(lessons).where(eq(lessons.slug, second!.slug));
    // An upgrade ships a third lesson.
    const upgraded = { ...course, lessons: [...course.lessons, buildLesson()] };
    expect(await seedCurriculum(db.db, [upgraded])).toEqual({ courses: 0, lessons: 1 });
    const rows = await db.db.select({ slug: lessons.slug, title: lessons.title, published: lessons.published, position: lessons.position }).from(lessons);
    expect(rows.find((r) => r.slug === first!.slug)).toMatchObject({ title: "Edited by an admin", published: false });
    expect(rows.find((r) => r.slug === second!.slug)).toBeUndefined();
    expect(rows.find((r) => r.slug === upgraded.lessons[2]!.slug)).toMatchObject({ published: true, position: 1 });
  });

  it("spreads the right answers over the positions (stable shuffle)", async () => {
    const course = buildCourse({}, 1);
    course.lessons[0] = buildLesson({}, 12);
    await seedCurriculum(db.db, [course]);
    const [row] = await db.db.select().from(lessons).where(eq(lessons.slug, course.lessons[0]!.slug));
    const quiz = await db.db.select().from(questions).where(and(eq(questions.lessonId, row!.id)));
    const firstIsRight = quiz.filter((q) => q.options[0]!.correct).length;
    expect(firstIsRight).toBeGreaterThan(0);
    expect(firstIsRight).toBeLessThan(12);
  });
});
