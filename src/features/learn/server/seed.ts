/**
 * Loads the shipped curriculum. Insert-if-never-seeded: each course and lesson is keyed by
 * slug in seeded_content, so once shipped, an admin's edits, reorderings, unpublishing or
 * deletions are never undone by a later start or an upgrade. New lessons in a later release
 * still arrive, at the end of their course.
 */
import { createHash } from "node:crypto";
import { eq, max } from "drizzle-orm";
import type { Db } from "@/server/db";
import { courses, lessons, questions, seededContent } from "@/server/db/schema";
import type { SeedCourse } from "../content/types";

/**
 * Authors tend to write the right answer first. A stable shuffle (the same order on every
 * install) spreads correct answers over the positions without randomness in tests.
 */
function shuffled<T extends { text: string }>(options: readonly T[], salt: string): T[] {
  const rank = (o: T) => createHash("sha256").update(`${salt}:${o.text}`).digest("hex");
  return [...options].sort((a, b) => rank(a).localeCompare(rank(b)));
}

export async function seedCurriculum(db: Db, curriculum: readonly SeedCourse[]): Promise<{ courses: number; lessons: number }> {
  const seen = new Set((await db.select({ key: seededContent.key }).from(seededContent)).map((r) => r.key));
  const missing = curriculum.some((c) => !seen.has(`course:${c.slug}`) || c.lessons.some((l) => !seen.has(`lesson:${l.slug}`)));
  if (!missing) return { courses: 0, lessons: 0 };
  let addedCourses = 0;
  let addedLessons = 0;
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
        if (seen.has(lessonKey)) continue;
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
          await tx.insert(questions).values(
            lesson.questions.map((q, position) => ({
              lessonId: inserted.id,
              position,
              prompt: q.prompt,
              options: shuffled(q.options, `${lesson.slug}:${position}`).map((o, i) => ({
                id: String.fromCharCode(97 + i),
                text: o.text,
                correct: o.correct,
                explanation: o.explanation,
              })),
            })),
          );
          addedLessons += 1;
        }
        await tx.insert(seededContent).values({ key: lessonKey }).onConflictDoNothing();
      }
    }
  });
  return { courses: addedCourses, lessons: addedLessons };
}
