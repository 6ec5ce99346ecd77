/**
 * "Up next" (/learn and the dashboard, learnerSummary's continueWith) against a real database:
 * the lesson in progress, else the earliest unfinished lesson in course order — an earlier
 * course's unfinished lesson is not skipped for the lesson after the one just passed. A file of
 * its own: the answer depends on every published course in the database.
 */
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../setup/db";
import { buildCourse } from "../factories/learn";
import { createTestUser } from "../factories/users";
import { answerDrawnAttempt } from "../factories/quiz";
import { learnerSummary, markRead } from "@/features/learn/server/learning";
import { seedCurriculum } from "@/features/learn/server/seed";
import { lessons } from "@/server/db/schema";

const db = useTestDatabase();

describe("where to continue", () => {
  it("resumes the lesson in progress, goes on in order, and comes back to an earlier course's unfinished lesson", async () => {
    const user = await createTestUser(db.db);
    const first = buildCourse({}, 2);
    const second = buildCourse({}, 2);
    const third = buildCourse({}, 1);
    await seedCurriculum(db.db, [first, second, third]);
    const rows = await db.db.select().from(lessons).where(inArray(lessons.slug, [first, second, third].flatMap((c) => c.lessons.map((l) => l.slug))));
    const id = (course: typeof first, n: number) => rows.find((r) => r.slug === course.lessons[n]!.slug)!.id;
    const href = (course: typeof first, n: number) => `/learn/${course.slug}/${course.lessons[n]!.slug}`;
    const pass = async (lessonId: string) => {
      const result = await answerDrawnAttempt(db.db, user.id, lessonId, "right");
      expect(result.passed).toBe(true);
    };
    const next = async () => (await learnerSummary(db.db, user.id, "UTC")).continueWith;

    expect(await next()).toMatchObject({ href: href(first, 0), resume: false });
    await markRead(db.db, user.id, id(first, 0), "UTC");
    expect(await next()).toMatchObject({ href: href(first, 0), resume: true });
    await pass(id(first, 0));
    expect(await next()).toMatchObject({ href: href(first, 1), resume: false });

    // Jump to the second course and finish it, leaving the first course's second lesson open.
    await pass(id(second, 0));
    await markRead(db.db, user.id, id(second, 1), "UTC");
    expect(await next()).toMatchObject({ href: href(second, 1), resume: true });
    await pass(id(second, 1));
    // Not the third course's lesson, which comes after the one just passed: the first course's.
    expect(await next()).toMatchObject({ href: href(first, 1), resume: false, courseTitle: first.title });
    await pass(id(first, 1));
    expect(await next()).toMatchObject({ href: href(third, 0), resume: false });
    await pass(id(third, 0));
    expect(await next()).toBeNull();
  });
});
