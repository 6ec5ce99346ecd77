/**
 * What the learn API answers, as zod schemas (docs/decisions/071): declared by the routes,
 * published in the OpenAPI document, checked in the tests; the pages take their types from
 * them. No server code here.
 */
import * as z from "zod/mini";
import { instant, int } from "@/lib/api/answers";
import { UNLOCKABLE_FEATURES } from "@/lib/validation/learn";

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
