/**
 * The lessons as other features name them: a class's assignment tasks (features/classes)
 * pick published lessons and show their titles; an event (features/events) requires one and
 * asks whether a person passed it. The rows are this feature's.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { courses, lessonProgress, lessons } from "@/server/db/schema";

/** Which of these lesson ids name a published lesson. */
export async function publishedLessonIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.id, [...ids]), eq(lessons.published, true)));
  return new Set(rows.map((r) => r.id));
}

/** The titles of these lessons (published or not: a task keeps naming a lesson unpublished since). */
export async function lessonTitles(db: DbOrTx, ids: readonly string[]): Promise<Array<{ id: string; title: string }>> {
  if (ids.length === 0) return [];
  return db.select({ id: lessons.id, title: lessons.title }).from(lessons).where(inArray(lessons.id, [...ids]));
}

/** Every published lesson of a published course, in the curriculum's order: a picker's choices. */
export async function publishedLessonChoices(db: DbOrTx): Promise<Array<{ id: string; title: string; course: string }>> {
  return db
    .select({ id: lessons.id, title: lessons.title, course: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.published, true), eq(courses.published, true)))
    .orderBy(asc(courses.position), asc(lessons.position));
}

/** A lesson's title and where it is read (`/learn/{course}/{lesson}`), or null: what an event shows of the lesson it requires. */
export async function lessonLink(db: DbOrTx, lessonId: string): Promise<{ id: string; title: string; href: string } | null> {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, slug: lessons.slug, courseSlug: courses.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  return row ? { id: row.id, title: row.title, href: `/learn/${row.courseSlug}/${row.slug}` } : null;
}

/** Whether this person passed this lesson (an event's required lesson). */
export async function hasPassedLesson(db: DbOrTx, userId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ passedAt: lessonProgress.passedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return Boolean(row?.passedAt);
}

/** The id of the lesson named by its id or its slug, or null. */
export async function lessonIdOf(db: DbOrTx, idOrSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(or(eq(lessons.id, idOrSlug), eq(lessons.slug, idOrSlug)));
  return row?.id ?? null;
}

/** Every published lesson, by course title then position: the lessons an organiser can require. */
export async function publishedLessonsByCourse(db: DbOrTx): Promise<Array<{ id: string; title: string; course: string }>> {
  return db
    .select({ id: lessons.id, title: lessons.title, course: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.published, true))
    .orderBy(asc(courses.title), asc(lessons.position));
}
