/**
 * Learning use-cases for learners: catalogue, lessons, reading, quiz attempts, XP, streaks
 * and unlocks. Every write that awards XP is one transaction, and the XP ledger's unique
 * index means a double submit or a race can never pay twice.
 */
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, sum } from "drizzle-orm";
import {
  coolDownUntil,
  drawAttempt,
  feedbackFor,
  levelFor,
  localDay,
  nextLesson,
  passXp,
  QUESTIONS_PER_ATTEMPT,
  QuizAnswerError,
  READ_XP,
  readingMinutes,
  scoreQuiz,
  streakOf,
  type CoolDownRule,
} from "@/domain/learning";
import { DomainError, failures } from "@/domain/errors";
import { env } from "@/env";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { courses, learningDays, lessonProgress, lessons, questions, quizAttempts, xpEvents } from "@/server/db/schema";

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

/** The install's quiz cool-down (QUIZ_COOL_DOWN_AFTER_FAILURES, QUIZ_COOL_DOWN_MINUTES). */
export function quizCoolDownRule(): CoolDownRule {
  return { afterFailures: env().QUIZ_COOL_DOWN_AFTER_FAILURES, minutes: env().QUIZ_COOL_DOWN_MINUTES };
}

export interface QuizOptions {
  now?: Date;
  coolDown?: CoolDownRule;
  /** Tests pin the draw; the server draws at random. */
  seed?: number;
}

/** The person's latest submitted attempts at a lesson, newest first. */
async function recentAttempts(db: DbOrTx, userId: string, lessonId: string, limit: number) {
  return db
    .select({ passed: quizAttempts.passed, at: quizAttempts.submittedAt, drawn: quizAttempts.drawn })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId), isNotNull(quizAttempts.answers)))
    .orderBy(desc(quizAttempts.id))
    .limit(Math.max(1, limit));
}

async function coolingUntil(db: DbOrTx, userId: string, lessonId: string, rule: CoolDownRule, now: Date) {
  const recent = await recentAttempts(db, userId, lessonId, rule.afterFailures);
  return coolDownUntil(
    recent.map((a) => ({ passed: a.passed === true, at: a.at ?? now })),
    rule,
    now,
  );
}

function coolDownError(retryAt: Date, now: Date) {
  return new DomainError("rate-limited", "QUIZ_COOL_DOWN", "Take a break before the next attempt: read the lesson again, then try a fresh set of questions.", {
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)),
    details: { retryAt: retryAt.toISOString() },
  });
}

type QuestionRow = typeof questions.$inferSelect;

/** The questions as the browser may see them: prompt and options in the drawn order, no key. */
function shownQuestions(drawn: ReadonlyArray<{ questionId: string; optionIds: string[] }>, bank: readonly QuestionRow[]) {
  const byId = new Map(bank.map((q) => [q.id, q]));
  return drawn.flatMap(({ questionId, optionIds }) => {
    const q = byId.get(questionId);
    if (!q) return [];
    const options = new Map(q.options.map((o) => [o.id, o]));
    return [
      {
        id: q.id,
        prompt: q.prompt,
        multiple: q.options.filter((o) => o.correct).length > 1,
        // Options an editor added since the draw come last; removed ones are gone.
        options: [...optionIds.filter((id) => options.has(id)), ...q.options.map((o) => o.id).filter((id) => !optionIds.includes(id))].map((id) => ({
          id,
          text: options.get(id)!.text,
        })),
      },
    ];
  });
}

/**
 * The person's open attempt at a lesson's quiz, drawn now when there is none (fresh questions
 * first: the previous attempt's are avoided while the bank has others). Idempotent: a reload
 * shows the same questions. During a cool-down nothing is drawn and `retryAt` says until when.
 */
export async function openAttempt(db: Db, userId: string, lessonId: string, options: QuizOptions = {}) {
  const now = options.now ?? new Date();
  const bank = await db.select().from(questions).where(eq(questions.lessonId, lessonId)).orderBy(asc(questions.position));
  const none = { attemptId: null, questions: [] as ReturnType<typeof shownQuestions>, retryAt: null as string | null, bankSize: bank.length };
  if (bank.length === 0) return none;
  const openRow = async () =>
    (
      await db
        .select({ id: quizAttempts.id, drawn: quizAttempts.drawn })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId), isNull(quizAttempts.answers)))
    )[0];
  let open = await openRow();
  if (!open) {
    const retryAt = await coolingUntil(db, userId, lessonId, options.coolDown ?? quizCoolDownRule(), now);
    if (retryAt) return { ...none, retryAt: retryAt.toISOString() };
    const [previous] = await recentAttempts(db, userId, lessonId, 1);
    const drawn = drawAttempt(bank, {
      seed: options.seed ?? randomInt(0, 2 ** 31),
      size: QUESTIONS_PER_ATTEMPT,
      avoid: previous?.drawn.map((d) => d.questionId) ?? [],
    });
    // Two tabs drawing at once: the one-open-attempt index keeps the first; both show it.
    await db.insert(quizAttempts).values({ userId, lessonId, drawn, createdAt: now }).onConflictDoNothing();
    open = await openRow();
    if (!open) throw failures.conflict("QUIZ_ATTEMPT_CLOSED", "That attempt was just submitted. Reload for a fresh set of questions.");
  }
  return { ...none, attemptId: open.id, questions: shownQuestions(open.drawn, bank) };
}

/**
 * A lesson to read, with the person's drawn quiz attempt: questions and options *without*
 * which answers are correct or any explanation (those come only with the submitted result).
 */
export async function getLesson(db: Db, lessonId: string, userId: string, options: QuizOptions = {}) {
  const { lesson, courseSlug, courseTitle } = await publishedLesson(db, lessonId);
  const [quiz, siblings, [progress]] = await Promise.all([
    openAttempt(db, userId, lesson.id, options),
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
    quiz: {
      attemptId: quiz.attemptId,
      /** How many questions an attempt asks (the bank may hold more). */
      size: Math.min(QUESTIONS_PER_ATTEMPT, quiz.bankSize),
      questions: quiz.questions,
      retryAt: quiz.retryAt,
    },
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

export interface AttemptInput {
  /** The open attempt the answers are for (from the lesson's `quiz.attemptId`). */
  attemptId: number;
  /** One list of chosen option ids per question, in the order the attempt showed them. */
  answers: string[][];
}

/**
 * Scores the person's open attempt against exactly the questions it drew, and closes it: an
 * attempt is submitted once. The person's first attempt fixes how much passing pays; the best
 * score counts for progress; pass XP is paid once, by the first attempt that passes. The
 * feedback reveals the key only after a pass (domain feedbackFor).
 */
export async function submitAttempt(db: Db, userId: string, lessonId: string, input: AttemptInput, timeZone: string, options: QuizOptions = {}) {
  const now = options.now ?? new Date();
  const { lesson } = await publishedLesson(db, lessonId);
  return db.transaction(async (tx) => {
    // The row lock makes a double submit of one attempt score once: the second finds it closed.
    const [attempt] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, input.attemptId), eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
      .for("update");
    if (!attempt || attempt.answers !== null) {
      const retryAt = await coolingUntil(tx, userId, lessonId, options.coolDown ?? quizCoolDownRule(), now);
      if (retryAt) throw coolDownError(retryAt, now);
      throw failures.conflict("QUIZ_ATTEMPT_CLOSED", "That attempt is already submitted. Reload the lesson for a fresh set of questions.");
    }
    const ids = attempt.drawn.map((d) => d.questionId);
    const rows = ids.length === 0 ? [] : await tx.select().from(questions).where(inArray(questions.id, ids));
    const byId = new Map(rows.map((q) => [q.id, q]));
    // An editor may have deleted a drawn question since: it is neither shown nor scored, and
    // the answers follow the questions as shown (shownQuestions).
    const asked = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    let result;
    try {
      result = scoreQuiz(asked, input.answers, lesson.passMark);
    } catch (error) {
      if (error instanceof QuizAnswerError) throw failures.invalid(error.message, { answers: error.message });
      throw error;
    }
    const score = result.score.toFixed(4);
    await recordActivity(tx, userId, lessonId, timeZone, now);
    const [progress] = await tx
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
      .for("update");
    await tx
      .update(quizAttempts)
      .set({ answers: result.questions.map((q) => q.chosen), score, passed: result.passed, submittedAt: now })
      .where(eq(quizAttempts.id, attempt.id));
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
    const retryAt = result.passed ? null : await coolingUntil(tx, userId, lessonId, options.coolDown ?? quizCoolDownRule(), now);
    return {
      attemptId: attempt.id,
      score,
      passed: result.passed,
      passMark: lesson.passMark,
      correctCount: result.correctCount,
      questionCount: asked.length,
      bestScore,
      xpAwarded,
      unlocked: result.passed && lesson.unlocks ? lesson.unlocks : null,
      /** When the next attempt may start, when this failure began a cool-down. */
      retryAt: retryAt?.toISOString() ?? null,
      // Only now, after the attempt, does the browser learn what it may: see feedbackFor.
      feedback: feedbackFor(result.questions, asked, result.passed),
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
