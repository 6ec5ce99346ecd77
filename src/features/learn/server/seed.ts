/**
 * Loads the shipped curriculum. Insert-if-never-seeded: each course and lesson is keyed by
 * slug in seeded_content, and each question by lesson slug and its index in the shipped list,
 * so once shipped, an admin's edits, reorderings, unpublishing or deletions are never undone
 * by a later start or an upgrade. New lessons in a later release still arrive, at the end of
 * their course; new questions of a lesson already there join its bank (docs/decisions/043).
 */
import { createHash } from "node:crypto";
import { and, eq, max } from "drizzle-orm";
import type { Db } from "@/server/db";
import { courses, lessons, questions, seededContent } from "@/server/db/schema";
import type { SeedCourse, SeedLesson } from "../content/types";

/**
 * Authors tend to write the right answer first. A stable shuffle (the same order on every
 * install) spreads correct answers over the positions without randomness in tests.
 */
function shuffled<T extends { text: string }>(options: readonly T[], salt: string): T[] {
  const rank = (o: T) => createHash("sha256").update(`${salt}:${o.text}`).digest("hex");
  return [...options].sort((a, b) => rank(a).localeCompare(rank(b)));
}

/**
 * How many questions each shipped lesson had before question banks (and question keys): a
 * lesson seeded then has these already, so an upgrade adds only the ones after them.
 */
export const QUESTIONS_BEFORE_BANKS = 4;

const questionKey = (lessonSlug: string, index: number) => `question:${lessonSlug}:${index}`;

function questionRow(lessonId: string, lessonSlug: string, q: SeedLesson["questions"][number], index: number, position: number) {
  return {
    lessonId,
    position,
    prompt: q.prompt,
    options: shuffled(q.options, `${lessonSlug}:${index}`).map((o, i) => ({
      id: String.fromCharCode(97 + i),
      text: o.text,
      correct: o.correct,
      explanation: o.explanation,
    })),
  };
}

export async function seedCurriculum(db: Db, curriculum: readonly SeedCourse[]): Promise<{ courses: number; lessons: number; questions: number }> {
  const seen = new Set((await db.select({ key: seededContent.key }).from(seededContent)).map((r) => r.key));
  const missing = curriculum.some(
    (c) => !seen.has(`course:${c.slug}`) || c.lessons.some((l) => !seen.has(`lesson:${l.slug}`) || l.questions.some((_, i) => !seen.has(questionKey(l.slug, i)))),
  );
  if (!missing) return { courses: 0, lessons: 0, questions: 0 };
  let addedCourses = 0;
  let addedLessons = 0;
  let addedQuestions = 0;
  await db.transaction(async (tx) => {
    for (const [courseIndex, course] of curriculum.entries()) {
      const courseKey = `course:${course.slug}`;
      if (!seen.has(courseKey)) {
        await tx
          .insert(courses)
          .values({ slug: course.slug, title: course.title, summary: course.summary, position: courseIndex, published: true })
          .onConflictDoNothing();
        await tx.insert(seededContent).values({ key: courseKey }).onConflictDoNothing();
        addedCourses += 1;
      }
      const [row] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.slug, course.slug));
      // The admin deleted this course: its lessons stay gone too.
      if (!row) continue;
      for (const lesson of course.lessons) {
        const lessonKey = `lesson:${lesson.slug}`;
        const questionKeys = lesson.questions.map((_, i) => questionKey(lesson.slug, i));
        if (seen.has(lessonKey)) {
          addedQuestions += await addNewQuestions(tx, lesson, seen);
          continue;
        }
        const [{ last } = { last: null }] = await tx.select({ last: max(lessons.position) }).from(lessons).where(eq(lessons.courseId, row.id));
        const [inserted] = await tx
          .insert(lessons)
          .values({
            courseId: row.id,
            slug: lesson.slug,
            title: lesson.title,
            body: lesson.body.trim(),
            position: (last ?? -1) + 1,
            published: true,
            unlocks: lesson.unlocks ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: lessons.id });
        if (inserted) {
          await tx.insert(questions).values(lesson.questions.map((q, i) => questionRow(inserted.id, lesson.slug, q, i, i)));
          addedLessons += 1;
        }
        await tx
          .insert(seededContent)
          .values([lessonKey, ...questionKeys].map((key) => ({ key })))
          .onConflictDoNothing();
      }
    }
  });
  return { courses: addedCourses, lessons: addedLessons, questions: addedQuestions };
}

type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A lesson shipped before: its questions never seeded join the end of its bank. A lesson seeded
 * before question keys existed (no key of its questions yet) already has its first
 * QUESTIONS_BEFORE_BANKS; a lesson an admin deleted gets none.
 */
async function addNewQuestions(tx: SeedTx, lesson: SeedLesson, seen: ReadonlySet<string>): Promise<number> {
  const keys = lesson.questions.map((_, i) => questionKey(lesson.slug, i));
  const fromBeforeKeys = keys.every((key) => !seen.has(key));
  const unseen = lesson.questions.flatMap((q, i) => (seen.has(keys[i]!) || (fromBeforeKeys && i < QUESTIONS_BEFORE_BANKS) ? [] : [{ q, i }]));
  const [row] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, lesson.slug));
  if (row && unseen.length > 0) {
    const [{ last } = { last: null }] = await tx.select({ last: max(questions.position) }).from(questions).where(and(eq(questions.lessonId, row.id)));
    await tx.insert(questions).values(unseen.map(({ q, i }, n) => questionRow(row.id, lesson.slug, q, i, (last ?? -1) + 1 + n)));
  }
  const newKeys = keys.filter((key) => !seen.has(key));
  if (newKeys.length > 0) await tx.insert(seededContent).values(newKeys.map((key) => ({ key }))).onConflictDoNothing();
  return row ? unseen.length : 0;
}
