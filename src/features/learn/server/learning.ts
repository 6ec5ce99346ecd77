/**
 * Learning use-cases for learners: catalogue, lessons, reading, quiz attempts, XP, streaks
 * and unlocks. Every write that awards XP is one transaction, and the XP ledger's unique
 * index means a double submit or a race can never pay twice.
 */
import { and, asc, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import { levelFor, localDay, nextLesson, passXp, QuizAnswerError, READ_XP, readingMinutes, scoreQuiz, streakOf } from "@/domain/learning";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { courses, learningDays, lessonProgress, lessons, questions, quizAttempts, xpEvents } from "@/server/db/schema";
import { failures } from "@/domain/errors";

export type LessonStatus = "not-started" | "read" | "passed";

function statusOf(progress: { readAt: Date | null; passedAt: Date | null } | undefined): LessonStatus {
  if (progress?.passedAt) return "passed";
  if (progress?.readAt) return "read";
  return "not-started";
}

/** The catalogue: published courses with the person's progress in each. */
export async function listCourses(db: Db, userId: string) {
  const rows = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, summary: courses.summary })
    .from(courses)
    .where(eq(courses.published, true))
    .orderBy(asc(courses.position), asc(courses.title));
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      courseId: lessons.courseId,
      lessons: count(lessons.id),
      read: count(lessonProgress.readAt),
      passed: count(lessonProgress.passedAt),
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.published, true), inArray(lessons.courseId, rows.map((r) => r.id))))
    .groupBy(lessons.courseId);
  const byCourse = new Map(counts.map((c) => [c.courseId, c]));
  return rows.map((r) => {
    const c = byCourse.get(r.id);
    return { ...r, lessonCount: c?.lessons ?? 0, readCount: c?.read ?? 0, passedCount: c?.passed ?? 0 };
  });
}

export async function getCourse(db: Db, slug: string, userId: string) {
  const [course] = await db
    .select({ id: courses.id, slug: courses.slug, title: courses.title, summary: courses.summary })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.published, true)));
  if (!course) throw failures.notFound("No such course.");
  const rows = await db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      title: lessons.title,
      body: lessons.body,
      readAt: lessonProgress.readAt,
      passedAt: lessonProgress.passedAt,
      bestScore: lessonProgress.bestScore,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.courseId, course.id), eq(lessons.published, true)))
    .orderBy(asc(lessons.position), asc(lessons.title));
  return {
    ...course,
    lessons: rows.map((l) => ({
      id: l.id,
      slug: l.slug,
      title: l.title,
      minutes: readingMinutes(l.body),
      status: statusOf(l),
      bestScore: l.bestScore,
    })),
  };
}

async function publishedLesson(db: DbOrTx, lessonId: string) {
  const [row] = await db
    .select({ lesson: lessons, courseSlug: courses.slug, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.published, true), eq(courses.published, true)));
  if (!row) throw failures.notFound("No such lesson.");
  return row;
}

/** The id of a published lesson, by course and lesson slug (for addresses people can read). */
export async function lessonIdBySlugs(db: Db, courseSlug: string, lessonSlug: string): Promise<string> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(courses.slug, courseSlug), eq(lessons.slug, lessonSlug), eq(lessons.published, true), eq(courses.published, true)));
  if (!row) throw failures.notFound("No such lesson.");
  return row.id;
}

/** A lesson to read: its text and quiz *without* which answers are correct. */
export async function getLesson(db: Db, lessonId: string, userId: string) {
  const { lesson, courseSlug, courseTitle } = await publishedLesson(db, lessonId);
  const [quiz, siblings, [progress]] = await Promise.all([
    db.select().from(questions).where(eq(questions.lessonId, lesson.id)).orderBy(asc(questions.position)),
    db
      .select({ id: lessons.id, title: lessons.title, slug: lessons.slug })
      .from(lessons)
      .where(and(eq(lessons.courseId, lesson.courseId), eq(lessons.published, true)))
      .orderBy(asc(lessons.position), asc(lessons.title)),
    db.select().from(lessonProgress).where(and(eq(lessonProgress.lessonId, lesson.id), eq(lessonProgress.userId, userId))),
  ]);
  const index = siblings.findIndex((s) => s.id === lesson.id);
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    body: lesson.body,
    minutes: readingMinutes(lesson.body),
    passMark: lesson.passMark,
    unlocks: lesson.unlocks,
    course: { slug: courseSlug, title: courseTitle },
    position: { index: index + 1, of: siblings.length },
    previous: siblings[index - 1] ?? null,
    next: siblings[index + 1] ?? null,
    questions: quiz.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      multiple: q.options.filter((o) => o.correct).length > 1,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
    })),
    progress: {
      status: statusOf(progress),
      attempts: progress?.attempts ?? 0,
      bestScore: progress?.bestScore ?? null,
    },
  };
}

async function recordActivity(tx: Tx, userId: string, lessonId: string, timeZone: string, now: Date) {
  await tx.insert(learningDays).values({ userId, day: localDay(now, timeZone) }).onConflictDoNothing();
  await tx
    .insert(lessonProgress)
    .values({ userId, lessonId, lastActivityAt: now })
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { lastActivityAt: now } });
}

/** Pays XP once; answers how much was paid now (0 when it was paid before). */
async function award(tx: Tx, userId: string, lessonId: string, kind: "read" | "pass", amount: number): Promise<number> {
  const paid = await tx.insert(xpEvents).values({ userId, lessonId, kind, amount }).onConflictDoNothing().returning({ amount: xpEvents.amount });
  return paid[0]?.amount ?? 0;
}

/** "I have read this": marks the lesson read at its end; pays reading XP the first time. */
export async function markRead(db: Db, userId: string, lessonId: string, timeZone: string, now = new Date()) {
  await publishedLesson(db, lessonId);
  return db.transaction(async (tx) => {
    await recordActivity(tx, userId, lessonId, timeZone, now);
    await tx
      .update(lessonProgress)
      .set({ readAt: sql`coalesce(${lessonProgress.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
    const xpAwarded = await award(tx, userId, lessonId, "read", READ_XP);
    return { xpAwarded };
  });
}

export class QuizInputError extends Error {}

/**
 * Scores an attempt. The person's first attempt fixes how much passing pays; the best score
 * counts for progress; pass XP is paid once, by the first attempt that passes.
 */
export async function submitAttempt(db: Db, userId: string, lessonId: string, answers: string[][], timeZone: string, now = new Date()) {
  const { lesson } = await publishedLesson(db, lessonId);
  const quiz = await db.select().from(questions).where(eq(questions.lessonId, lesson.id)).orderBy(asc(questions.position));
  let result;
  try {
    result = scoreQuiz(quiz, answers, lesson.passMark);
  } catch (error) {
    if (error instanceof QuizAnswerError) throw failures.invalid(error.message, { answers: error.message });
    throw error;
  }
  const score = result.score.toFixed(4);
  return db.transaction(async (tx) => {
    await recordActivity(tx, userId, lessonId, timeZone, now);
    // The row lock serialises two attempts of the same person on the same lesson.
    const [progress] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
      .for("update");
    await tx.insert(quizAttempts).values({ userId, lessonId, answers: result.questions.map((q) => q.chosen), score, passed: result.passed, createdAt: now });
    const firstScore = progress?.firstScore ?? score;
    const bestScore = progress?.bestScore && Number(progress.bestScore) >= result.score ? progress.bestScore : score;
    await tx
      .update(lessonProgress)
      .set({
        attempts: sql`${lessonProgress.attempts} + 1`,
        firstScore,
        bestScore,
        ...(result.passed && !progress?.passedAt && { passedAt: now }),
      })
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
    const xpAwarded = result.passed ? await award(tx, userId, lessonId, "pass", passXp(Number(firstScore))) : 0;
    const byId = new Map(quiz.map((q) => [q.id, q]));
    return {
      score,
      passed: result.passed,
      passMark: lesson.passMark,
      correctCount: result.correctCount,
      questionCount: quiz.length,
      bestScore,
      xpAwarded,
      unlocked: result.passed && lesson.unlocks ? lesson.unlocks : null,
      // Only now, after the attempt, does the browser learn which answers were right, and why.
      feedback: result.questions.map((q) => ({
        questionId: q.questionId,
        correct: q.correct,
        chosen: q.chosen,
        correctOptionIds: q.correctOptionIds,
        explanations: Object.fromEntries(byId.get(q.questionId)!.options.map((o) => [o.id, o.explanation])),
      })),
    };
  });
}

/** XP, level, streak and where to continue: for /learn and the dashboard. */
export async function learnerSummary(db: Db, userId: string, timeZone: string, now = new Date()) {
  const [[xp], days, [recent]] = await Promise.all([
    db.select({ total: sum(xpEvents.amount) }).from(xpEvents).where(eq(xpEvents.userId, userId)),
    db.select({ day: learningDays.day }).from(learningDays).where(eq(learningDays.userId, userId)),
    db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
      .where(and(eq(lessonProgress.userId, userId), eq(lessons.published, true)))
      .orderBy(desc(lessonProgress.lastActivityAt))
      .limit(1),
  ]);
  const totalXp = Number(xp?.total ?? 0);
  const streak = streakOf(
    days.map((d) => d.day),
    localDay(now, timeZone),
  );
  return { xp: totalXp, ...levelFor(totalXp), streak, continueWith: await continueWith(db, userId, recent) };
}

/** The lesson to open next (the domain's nextLesson) over the published lessons in course order. */
async function continueWith(db: Db, userId: string, recent: { lessonId: string } | undefined) {
  const candidates = await db
    .select({
      id: lessons.id,
      slug: lessons.slug,
      title: lessons.title,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      passedAt: lessonProgress.passedAt,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(eq(lessons.published, true), eq(courses.published, true)))
    .orderBy(asc(courses.position), asc(lessons.position));
  const next = nextLesson(
    candidates.map((c) => ({ ...c, passed: c.passedAt !== null })),
    recent?.lessonId,
  );
  if (!next) return null;
  const pick = next.lesson;
  return {
    lessonId: pick.id,
    title: pick.title,
    courseTitle: pick.courseTitle,
    resume: next.resume,
    href: `/learn/${pick.courseSlug}/${pick.slug}`,
  };
}
