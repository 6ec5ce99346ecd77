/**
 * Learning against a real database: XP is paid once even under double submits and races,
 * the first attempt fixes the pass award, streak days follow the learner's zone, the
 * browser never sees correct answers before an attempt, and unlocks gate features.
 * Attempts are drawn from the bank (tests/factories/quiz.ts answers them from the key).
 */
import { and, eq, like, sum } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, useTestDatabase } from "../setup/db";
import { buildCourse, buildLesson } from "../factories/learn";
import { answerDrawnAttempt, drawnAnswers } from "../factories/quiz";
import { createTestUser } from "../factories/users";
import { getLesson, learnerSummary, markRead, submitAttempt } from "@/features/learn/server/learning";
import { featureGate, SHORT_SELLING, unlockedFor } from "@/features/learn/server/unlocks";
import { curriculum } from "@/features/learn/content";
import { updateCourse } from "@/features/learn/server/authoring";
import { seedCurriculum } from "@/features/learn/server/seed";
import { passXp, READ_XP } from "@/domain/learning";
import { courses, learningDays, lessons, questions, seededContent, xpEvents } from "@/server/db/schema";
import { DomainError } from "@/domain/errors";

const db = useTestDatabase();

async function lessonWithQuiz(overrides = {}, bank = 4) {
  const course = buildCourse({ lessons: [buildLesson(overrides, bank)] });
  await seedCurriculum(db.db, [course]);
  const [row] = await db.db.select().from(lessons).where(eq(lessons.slug, course.lessons[0]!.slug));
  return { lessonId: row!.id };
}

const half = (index: number) => (index < 2 ? "right" : "wrong");

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

  it("scores an attempt once and pays pass XP once, also for 8 simultaneous submits of it", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const input = await drawnAnswers(db.db, user.id, lessonId, "right");
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => submitAttempt(db.db, user.id, lessonId, input, "UTC")));
    const scored = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(scored).toHaveLength(1);
    expect(scored[0]).toMatchObject({ passed: true, xpAwarded: passXp(1) });
    for (const r of settled) if (r.status === "rejected") expect((r.reason as DomainError).code).toBe("QUIZ_ATTEMPT_CLOSED");
    expect(await xpOf(user.id)).toBe(passXp(1));
    expect((await getLesson(db.db, lessonId, user.id)).progress.attempts).toBe(1);
  });

  it("fixes the pass award by the first attempt's score, and keeps the best score", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const first = await answerDrawnAttempt(db.db, user.id, lessonId, half);
    expect(first).toMatchObject({ passed: false, score: "0.5000", xpAwarded: 0 });
    const second = await answerDrawnAttempt(db.db, user.id, lessonId, "right");
    expect(second).toMatchObject({ passed: true, score: "1.0000", bestScore: "1.0000", xpAwarded: passXp(0.5) });
    const third = await answerDrawnAttempt(db.db, user.id, lessonId, half);
    expect(third).toMatchObject({ passed: false, bestScore: "1.0000", xpAwarded: 0 });
    // The lesson stays passed after a worse retry.
    expect((await getLesson(db.db, lessonId, user.id)).progress).toMatchObject({ status: "passed", attempts: 3, bestScore: "1.0000" });
  });

  it("shows the drawn questions without the key, and after a fail explains only the answers chosen", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const view = await getLesson(db.db, lessonId, user.id);
    expect(view.quiz.questions).toHaveLength(4);
    expect(JSON.stringify(view)).not.toMatch(/correct|explanation|Because it is/);
    const attempt = await answerDrawnAttempt(db.db, user.id, lessonId, "wrong");
    expect(attempt.passed).toBe(false);
    for (const f of attempt.feedback) {
      expect(f).not.toHaveProperty("correctOptionIds");
      expect(f.correct).toBe(false);
      expect(Object.keys(f.explanations)).toEqual(f.chosen);
    }
    expect(JSON.stringify(attempt)).not.toContain("Because it is right.");
  });

  it("after a pass shows the correct options and every explanation", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const attempt = await answerDrawnAttempt(db.db, user.id, lessonId, (i) => (i === 0 ? "wrong" : "right"));
    expect(attempt.passed).toBe(true);
    const missed = attempt.feedback[0]!;
    expect(missed.correct).toBe(false);
    expect(missed.correctOptionIds).toHaveLength(1);
    expect(Object.values(missed.explanations).sort()).toEqual(["Because it is right.", "Because it is wrong."]);
  });

  it("keeps showing the same open attempt on a reload, and draws a fresh set for a retry", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz({}, 8);
    const first = await getLesson(db.db, lessonId, user.id);
    expect((await getLesson(db.db, lessonId, user.id)).quiz).toEqual(first.quiz);
    await answerDrawnAttempt(db.db, user.id, lessonId, "wrong");
    const retry = await getLesson(db.db, lessonId, user.id);
    expect(retry.quiz.attemptId).not.toBe(first.quiz.attemptId);
    const before = first.quiz.questions.map((q) => q.id);
    // A bank of twice the attempt: the retry asks none of the questions just answered.
    expect(retry.quiz.questions.map((q) => q.id).filter((id) => before.includes(id))).toEqual([]);
  });

  it("refuses an attempt with the wrong number of answers, unknown options, or already submitted", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    const { attemptId, answers } = await drawnAnswers(db.db, user.id, lessonId, "right");
    const short = (await submitAttempt(db.db, user.id, lessonId, { attemptId, answers: answers.slice(1) }, "UTC").catch((e: unknown) => e)) as DomainError;
    expect(short.kind).toBe("invalid");
    expect(short.message).toMatch(/Answer every question/);
    const unknown = (await submitAttempt(db.db, user.id, lessonId, { attemptId, answers: answers.map(() => ["zz"]) }, "UTC").catch((e: unknown) => e)) as DomainError;
    expect(unknown.kind).toBe("invalid");
    // Someone else's attempt is not yours to submit.
    const other = await createTestUser(db.db);
    const stolen = (await submitAttempt(db.db, other.id, lessonId, { attemptId, answers }, "UTC").catch((e: unknown) => e)) as DomainError;
    expect(stolen.code).toBe("QUIZ_ATTEMPT_CLOSED");
    await submitAttempt(db.db, user.id, lessonId, { attemptId, answers }, "UTC");
    const again = (await submitAttempt(db.db, user.id, lessonId, { attemptId, answers }, "UTC").catch((e: unknown) => e)) as DomainError;
    expect(again.code).toBe("QUIZ_ATTEMPT_CLOSED");
  });

  it("cools down after repeated failures, then draws again", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz({}, 8);
    const coolDown = { afterFailures: 2, minutes: 10 };
    const t0 = new Date("2026-03-01T12:00:00Z");
    await answerDrawnAttempt(db.db, user.id, lessonId, "wrong", "UTC", { coolDown, now: t0 });
    const second = await answerDrawnAttempt(db.db, user.id, lessonId, "wrong", "UTC", { coolDown, now: new Date(t0.getTime() + 60_000) });
    expect(second.retryAt).toBe("2026-03-01T12:11:00.000Z");
    const during = await getLesson(db.db, lessonId, user.id, { coolDown, now: new Date(t0.getTime() + 5 * 60_000) });
    expect(during.quiz).toMatchObject({ attemptId: null, questions: [], retryAt: "2026-03-01T12:11:00.000Z" });
    const refused = (await submitAttempt(db.db, user.id, lessonId, { attemptId: 1, answers: [["a"]] }, "UTC", { coolDown, now: new Date(t0.getTime() + 5 * 60_000) }).catch((e: unknown) => e)) as DomainError;
    expect(refused).toMatchObject({ kind: "rate-limited", code: "QUIZ_COOL_DOWN", details: { retryAt: "2026-03-01T12:11:00.000Z" } });
    const after = await getLesson(db.db, lessonId, user.id, { coolDown, now: new Date(t0.getTime() + 11 * 60_000) });
    expect(after.quiz.questions).toHaveLength(4);
  });

  it("records the activity day in the learner's zone and counts the streak there", async () => {
    const user = await createTestUser(db.db);
    const { lessonId } = await lessonWithQuiz();
    // 23:30 UTC on the 10th is already the 11th in Auckland.
    await markRead(db.db, user.id, lessonId, "Pacific/Auckland", new Date("2026-03-10T23:30:00Z"));
    // A failed attempt still counts as a day of learning (and pays nothing).
    await answerDrawnAttempt(db.db, user.id, lessonId, "wrong", "Pacific/Auckland", { now: new Date("2026-03-11T22:00:00Z") });
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
    const { lessonId } = await lessonWithQuiz({ unlocks: SHORT_SELLING });
    expect(await unlockedFor(db.db, SHORT_SELLING, [user.id])).toEqual(new Set());
    const gate = await featureGate(db.db, SHORT_SELLING, user.id);
    expect(gate.unlocked).toBe(false);
    expect(gate.lesson?.href).toMatch(/^\/learn\/[^/]+\/[^/]+$/);
    await answerDrawnAttempt(db.db, user.id, lessonId, "wrong");
    expect(await unlockedFor(db.db, SHORT_SELLING, [user.id])).toEqual(new Set());
    const passed = await answerDrawnAttempt(db.db, user.id, lessonId, "right");
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
    expect(await seedCurriculum(db.db, [course])).toEqual({ courses: 1, lessons: 2, questions: 0 });
    expect(await seedCurriculum(db.db, [course])).toEqual({ courses: 0, lessons: 0, questions: 0 });
    const [first, second] = course.lessons;
    await db.db.update(lessons).set({ title: "Edited by an admin", published: false }).where(eq(lessons.slug, first!.slug));
    await db.db.delete(lessons).where(eq(lessons.slug, second!.slug));
    // An upgrade ships a third lesson.
    const upgraded = { ...course, lessons: [...course.lessons, buildLesson()] };
    expect(await seedCurriculum(db.db, [upgraded])).toEqual({ courses: 0, lessons: 1, questions: 0 });
    const rows = await db.db.select({ slug: lessons.slug, title: lessons.title, published: lessons.published, position: lessons.position }).from(lessons);
    expect(rows.find((r) => r.slug === first!.slug)).toMatchObject({ title: "Edited by an admin", published: false });
    expect(rows.find((r) => r.slug === second!.slug)).toBeUndefined();
    expect(rows.find((r) => r.slug === upgraded.lessons[2]!.slug)).toMatchObject({ published: true, position: 1 });
  });

  it("adds a release's new bank questions to lessons already there, keeping edits, deletions and progress", async () => {
    const lesson = buildLesson({}, 4);
    const course = buildCourse({ lessons: [lesson] });
    await seedCurriculum(db.db, [course]);
    // An install from before question banks: no question was keyed.
    await db.db.delete(seededContent).where(like(seededContent.key, `question:${lesson.slug}:%`));
    const [row] = await db.db.select().from(lessons).where(eq(lessons.slug, lesson.slug));
    const before = await db.db.select().from(questions).where(eq(questions.lessonId, row!.id)).orderBy(questions.position);
    await db.db.update(questions).set({ prompt: "Edited by an admin" }).where(eq(questions.id, before[0]!.id));
    await db.db.delete(questions).where(eq(questions.id, before[1]!.id));
    const user = await createTestUser(db.db);
    await answerDrawnAttempt(db.db, user.id, row!.id, "right");

    const extra = buildLesson({}, 8).questions.slice(4).map((q, n) => ({ ...q, prompt: `Bank question ${n + 1}?` }));
    const upgraded = { ...course, lessons: [{ ...lesson, questions: [...lesson.questions, ...extra] }] };
    expect(await seedCurriculum(db.db, [upgraded])).toEqual({ courses: 0, lessons: 0, questions: 4 });
    expect(await seedCurriculum(db.db, [upgraded])).toEqual({ courses: 0, lessons: 0, questions: 0 });
    const after = await db.db.select().from(questions).where(eq(questions.lessonId, row!.id)).orderBy(questions.position);
    expect(after.map((q) => q.prompt)).toEqual(["Edited by an admin", "Question 3?", "Question 4?", "Bank question 1?", "Bank question 2?", "Bank question 3?", "Bank question 4?"]);
    expect((await getLesson(db.db, row!.id, user.id)).progress).toMatchObject({ status: "passed", attempts: 1 });
  });

  it("spreads the right answers over the positions (stable shuffle)", async () => {
    // Fixed slugs: the shuffle is salted by them, and random ones put every right answer in one
    // position in 1 run of 2,048 (two options, 12 questions), which CI met once.
    const course = buildCourse({ slug: "course-stable-shuffle" }, 1);
    course.lessons[0] = buildLesson({ slug: "lesson-stable-shuffle" }, 12);
    await seedCurriculum(db.db, [course]);
    const [row] = await db.db.select().from(lessons).where(eq(lessons.slug, course.lessons[0]!.slug));
    const quiz = await db.db.select().from(questions).where(and(eq(questions.lessonId, row!.id)));
    const firstIsRight = quiz.filter((q) => q.options[0]!.correct).length;
    expect(firstIsRight).toBeGreaterThan(0);
    expect(firstIsRight).toBeLessThan(12);
  });

  // Last in the file: it loads the whole shipped curriculum into the file's database.
  it("keeps an admin's edit of a shipped course when every start loads the shipped curriculum again", async () => {
    // What each start of the server does (src/boot.ts), twice, with the admin's edit between.
    const first = await seedCurriculum(db.db, curriculum);
    expect(first.courses).toBe(curriculum.length);
    const admin = await createTestUser(db.db, { role: "admin" });
    const [shipped] = await db.db.select({ id: courses.id }).from(courses).where(eq(courses.slug, "placing-trades"));
    await updateCourse(db.db, { id: admin.id, ip: "127.0.0.1" }, shipped!.id, { title: "Trading, our way", published: false });
    expect(await seedCurriculum(db.db, curriculum)).toEqual({ courses: 0, lessons: 0, questions: 0 });
    const [after] = await db.db.select({ title: courses.title, published: courses.published }).from(courses).where(eq(courses.id, shipped!.id));
    expect(after).toEqual({ title: "Trading, our way", published: false });
  });
});
