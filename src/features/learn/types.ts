/**
 * What the learning API answers (/api/courses/**, /api/lessons/**), as zod schemas (docs/
 * decisions/071): the routes declare them, the OpenAPI document publishes them, the tests check
 * every real answer against them, and the lesson reader takes its types from them. No server
 * code here.
 */
import * as z from "zod/mini";
import { decimal, instant, int } from "@/lib/api/answers";
import { UNLOCKABLE_FEATURES } from "@/lib/validation/learn";

/** A person's progress in one lesson (features/learn/server/learning.ts `statusOf`). */
export const lessonStatus = z.enum(["not-started", "read", "passed"]);
/** A quiz score, a fraction with four decimals ("0.7500"). */
const score = decimal;

/** A published course in the catalogue, with the person's progress in it. */
export const catalogueCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  lessonCount: int,
  readCount: int,
  passedCount: int,
});
export type CatalogueCourse = z.output<typeof catalogueCourse>;
export const coursesAnswer = z.object({ items: z.array(catalogueCourse) });

/** A course and its published lessons, in order. */
export const courseAnswer = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  lessons: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      /** Reading time. */
      minutes: int,
      status: lessonStatus,
      bestScore: z.nullable(score),
    }),
  ),
});
export type CourseAnswer = z.output<typeof courseAnswer>;

/** The person's drawn attempt: questions and options in the drawn order, no key. */
export const quizView = z.object({
  /** The open attempt to answer; null when the lesson has no quiz or during a cool-down. */
  attemptId: z.nullable(int),
  /** How many questions an attempt asks (the bank may hold more). */
  size: int,
  questions: z.array(z.object({ id: z.string(), prompt: z.string(), multiple: z.boolean(), options: z.array(z.object({ id: z.string(), text: z.string() })) })),
  /** During a cool-down: when the next attempt may be drawn. */
  retryAt: z.nullable(instant),
});
export type QuizView = z.output<typeof quizView>;

const siblingLesson = z.object({ id: z.string(), title: z.string(), slug: z.string() });

/** A lesson to read, with its quiz (GET /api/lessons/{id}). */
export const lessonAnswer = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** Markdown. */
  body: z.string(),
  minutes: int,
  /** The score (per cent) that passes. */
  passMark: int,
  /** A trading feature passing unlocks (e.g. "short-selling"). */
  unlocks: z.nullable(z.string()),
  course: z.object({ slug: z.string(), title: z.string() }),
  position: z.object({ index: int, of: int }),
  previous: z.nullable(siblingLesson),
  next: z.nullable(siblingLesson),
  quiz: quizView,
  progress: z.object({ status: lessonStatus, attempts: int, bestScore: z.nullable(score) }),
});
export type LessonAnswer = z.output<typeof lessonAnswer>;

/** XP paid for reading (the first time only, then 0). */
export const lessonReadAnswer = z.object({ xpAwarded: int });

/**
 * A scored attempt. After a pass every question carries its correct options and every option's
 * explanation; after a fail only whether each answer was right and the chosen options'
 * explanations (domain/learning/feedback.ts `feedbackFor`).
 */
export const attemptResult = z.object({
  attemptId: int,
  score,
  passed: z.boolean(),
  passMark: int,
  correctCount: int,
  questionCount: int,
  bestScore: score,
  xpAwarded: int,
  unlocked: z.nullable(z.string()),
  /** When this failure began a cool-down: when the next attempt may start. */
  retryAt: z.nullable(instant),
  feedback: z.array(
    z.object({
      questionId: z.string(),
      correct: z.boolean(),
      chosen: z.array(z.string()),
      correctOptionIds: z.optional(z.array(z.string())),
      explanations: z.record(z.string(), z.string()),
    }),
  ),
});
export type AttemptResult = z.output<typeof attemptResult>;

// ── Admin answers (issue 24 §1) ──

/** A course in the authoring list (features/learn/server/authoring.ts `adminListCourses`). */
export const adminCourseRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  published: z.boolean(),
  position: int,
  lessonCount: int,
});
export type AdminCourseRow = z.output<typeof adminCourseRow>;

/** GET /api/admin/courses: every course, in the catalogue's order. */
export const adminCoursesAnswer = z.object({ items: z.array(adminCourseRow) });

/** POST /api/admin/courses, PATCH /api/admin/courses/{id}: the course as stored. */
export const courseRecord = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  position: int,
  published: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type CourseRecord = z.output<typeof courseRecord>;

/** A lesson in a course's authoring view. */
export const adminLessonRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  questionCount: int,
  /** Reading time, whole minutes (at least 1). */
  minutes: int,
});
export type AdminLessonRow = z.output<typeof adminLessonRow>;

/** GET /api/admin/courses/{id}: the course with its lessons in order. */
export const adminCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  published: z.boolean(),
  lessons: z.array(adminLessonRow),
});
export type AdminCourse = z.output<typeof adminCourse>;

/** POST /api/admin/courses/{id}/lessons: the new lesson (unpublished, empty). */
export const lessonCreated = z.object({ id: z.string(), slug: z.string() });
export type LessonCreated = z.output<typeof lessonCreated>;

/** GET /api/admin/lessons/{id}: the whole lesson for its editor, correct answers included. */
export const adminLesson = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  /** Percent of the questions needed to pass. */
  passMark: int,
  unlocks: z.nullable(z.enum(UNLOCKABLE_FEATURES)),
  published: z.boolean(),
  updatedAt: instant,
  course: z.object({ id: z.string(), slug: z.string(), title: z.string(), published: z.boolean() }),
  questions: z.array(z.object({ prompt: z.string(), options: z.array(z.object({ text: z.string(), correct: z.boolean(), explanation: z.string() })) })),
});
export type AdminLesson = z.output<typeof adminLesson>;

/** PUT /api/admin/lessons/{id}: when it was saved (the editor's base for the next save). */
export const lessonSaved = z.object({ id: z.string(), updatedAt: instant });
