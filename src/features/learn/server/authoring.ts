/**
 * Authoring use-cases for admins: courses, lessons and their quizzes. Every change is one
 * transaction and leaves an audit entry. Slugs are unique; a taken one answers 409.
 */
import { and, asc, count, eq, isNull, max } from "drizzle-orm";
import { readingMinutes } from "@/domain/learning";
import type { LessonInput } from "@/lib/validation/learn";
import { audit } from "@/server/audit";
import type { Db, DbOrTx } from "@/server/db";
import { courses, lessons, questions, quizAttempts } from "@/server/db/schema";
import { DomainError, failures } from "@/domain/errors";
import { isUniqueViolation } from "@/server/db/errors";

interface Actor {
  id: string;
  ip: string;
}

async function slugTaken<T>(work: () => Promise<T>, what: "course" | "lesson"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `Another ${what} already uses that address name.`;
      throw new DomainError("conflict", "SLUG_TAKEN", message, { fields: { slug: message } });
    }
    throw error;
  }
}

export async function adminListCourses(db: Db) {
  const rows = await db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      summary: courses.summary,
      published: courses.published,
      position: courses.position,
      lessonCount: count(lessons.id),
    })
    .from(courses)
    .leftJoin(lessons, eq(lessons.courseId, courses.id))
    .groupBy(courses.id)
    .orderBy(asc(courses.position), asc(courses.title));
  return rows;
}

export async function adminGetCourse(db: Db, id: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw failures.notFound("No such course.");
  const rows = await db
    .select({ id: lessons.id, slug: lessons.slug, title: lessons.title, published: lessons.published, body: lessons.body, questionCount: count(questions.id) })
    .from(lessons)
    .leftJoin(questions, eq(questions.lessonId, lessons.id))
    .where(eq(lessons.courseId, id))
    .groupBy(lessons.id)
    .orderBy(asc(lessons.position), asc(lessons.title));
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    summary: course.summary,
    published: course.published,
    lessons: rows.map(({ body, ...l }) => ({ ...l, minutes: readingMinutes(body) })),
  };
}

export async function createCourse(db: Db, actor: Actor, input: { slug: string; title: string; summary: string; published: boolean }) {
  return slugTaken(
    () =>
      db.transaction(async (tx) => {
        const [{ last } = { last: null }] = await tx.select({ last: max(courses.position) }).from(courses);
        const [row] = await tx
          .insert(courses)
          .values({ ...input, position: (last ?? -1) + 1 })
          .returning();
        await audit(tx, { action: "learn.course-created", actorId: actor.id, ip: actor.ip, detail: { courseId: row!.id, slug: row!.slug } });
        return row!;
      }),
    "course",
  );
}

export async function updateCourse(db: Db, actor: Actor, id: string, patch: Partial<{ slug: string; title: string; summary: string; published: boolean }>) {
  return slugTaken(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(courses)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(courses.id, id))
          .returning();
        if (!row) throw failures.notFound("No such course.");
        await audit(tx, { action: "learn.course-updated", actorId: actor.id, ip: actor.ip, detail: { courseId: id, changed: Object.keys(patch) } });
        return row;
      }),
    "course",
  );
}

export async function deleteCourse(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning({ slug: courses.slug });
    if (!row) throw failures.notFound("No such course.");
    await audit(tx, { action: "learn.course-deleted", actorId: actor.id, ip: actor.ip, detail: { courseId: id, slug: row.slug } });
  });
}

/** Puts the given rows in the given order. `ids` must be exactly the current set. */
async function reorder(tx: DbOrTx, table: typeof courses | typeof lessons, ids: string[], existing: string[]) {
  const same = ids.length === existing.length && new Set(ids).size === ids.length && ids.every((id) => existing.includes(id));
  if (!same) throw failures.refused("ORDER_MISMATCH", "The list changed while you were ordering it. Reload and try again.");
  for (const [position, id] of ids.entries()) {
    await tx.update(table).set({ position }).where(eq(table.id, id));
  }
}

export async function reorderCourses(db: Db, actor: Actor, ids: string[]) {
  await db.transaction(async (tx) => {
    const existing = (await tx.select({ id: courses.id }).from(courses).for("update")).map((r) => r.id);
    await reorder(tx, courses, ids, existing);
    await audit(tx, { action: "learn.reordered", actorId: actor.id, ip: actor.ip, detail: { courses: ids } });
  });
}

export async function reorderLessons(db: Db, actor: Actor, courseId: string, ids: string[]) {
  await db.transaction(async (tx) => {
    const existing = (await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)).for("update")).map((r) => r.id);
    if (existing.length === 0) throw failures.notFound("No such course, or it has no lessons.");
    await reorder(tx, lessons, ids, existing);
    await audit(tx, { action: "learn.reordered", actorId: actor.id, ip: actor.ip, detail: { courseId, lessons: ids } });
  });
}

export async function createLesson(db: Db, actor: Actor, courseId: string, input: { slug: string; title: string }) {
  return slugTaken(
    () =>
      db.transaction(async (tx) => {
        const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
        if (!course) throw failures.notFound("No such course.");
        const [{ last } = { last: null }] = await tx.select({ last: max(lessons.position) }).from(lessons).where(eq(lessons.courseId, courseId));
        const [row] = await tx
          .insert(lessons)
          .values({ courseId, slug: input.slug, title: input.title, body: "", position: (last ?? -1) + 1, published: false })
          .returning({ id: lessons.id, slug: lessons.slug });
        await audit(tx, { action: "learn.lesson-created", actorId: actor.id, ip: actor.ip, detail: { lessonId: row!.id, slug: row!.slug } });
        return row!;
      }),
    "lesson",
  );
}

/** The whole lesson for its editor, correct answers included (admins only). */
export async function adminGetLesson(db: Db, id: string) {
  const [row] = await db
    .select({ lesson: lessons, course: { id: courses.id, slug: courses.slug, title: courses.title, published: courses.published } })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, id));
  if (!row) throw failures.notFound("No such lesson.");
  const quiz = await db.select().from(questions).where(eq(questions.lessonId, id)).orderBy(asc(questions.position));
  return {
    id: row.lesson.id,
    slug: row.lesson.slug,
    title: row.lesson.title,
    body: row.lesson.body,
    passMark: row.lesson.passMark,
    unlocks: row.lesson.unlocks as LessonInput["unlocks"],
    published: row.lesson.published,
    updatedAt: row.lesson.updatedAt.toISOString(),
    course: row.course,
    questions: quiz.map((q) => ({ prompt: q.prompt, options: q.options.map(({ text, correct, explanation }) => ({ text, correct, explanation })) })),
  };
}

/** Saves the whole lesson: its fields and its quiz (questions replaced in order). */
export async function saveLesson(db: Db, actor: Actor, id: string, input: LessonInput) {
  return slugTaken(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(lessons)
          .set({
            slug: input.slug,
            title: input.title,
            body: input.body,
            passMark: input.passMark,
            unlocks: input.unlocks,
            published: input.published,
            updatedAt: new Date(),
          })
          .where(eq(lessons.id, id))
          .returning({ id: lessons.id });
        if (!row) throw failures.notFound("No such lesson.");
        await tx.delete(questions).where(eq(questions.lessonId, id));
        // The questions get new ids: attempts drawn from the old bank and not yet submitted are
        // withdrawn, and the learner's next read draws from the new one (decision 043).
        await tx.delete(quizAttempts).where(and(eq(quizAttempts.lessonId, id), isNull(quizAttempts.answers)));
        if (input.questions.length > 0) {
          await tx.insert(questions).values(
            input.questions.map((q, position) => ({
              lessonId: id,
              position,
              prompt: q.prompt,
              options: q.options.map((o, i) => ({ id: String.fromCharCode(97 + i), ...o })),
            })),
          );
        }
        await audit(tx, { action: "learn.lesson-updated", actorId: actor.id, ip: actor.ip, detail: { lessonId: id, slug: input.slug, questions: input.questions.length } });
        return adminGetLessonInTx(tx, id);
      }),
    "lesson",
  );
}

async function adminGetLessonInTx(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ updatedAt: lessons.updatedAt }).from(lessons).where(eq(lessons.id, id));
  return { id, updatedAt: row!.updatedAt.toISOString() };
}

export async function deleteLesson(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(lessons).where(eq(lessons.id, id)).returning({ slug: lessons.slug });
    if (!row) throw failures.notFound("No such lesson.");
    await audit(tx, { action: "learn.lesson-deleted", actorId: actor.id, ip: actor.ip, detail: { lessonId: id, slug: row.slug } });
  });
}
