/**
 * The lessons people passed, for those who may look at them (a class's teacher, a report
 * card): one statement for a whole class, optionally within a window (an event's).
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { courses, lessonProgress, lessons } from "@/server/db/schema";

export interface PassedLesson {
  userId: string;
  lessonId: string;
  title: string;
  course: string;
  passedAt: string;
  /** The best quiz score, "0.8500" = 85 %. */
  bestScore: string | null;
}

/** Every lesson these people passed (within `window` when given, both ends inclusive), oldest first. */
export async function passedLessons(db: DbOrTx, userIds: readonly string[], window: { from: Date; to: Date } | null = null): Promise<PassedLesson[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: lessonProgress.userId,
      lessonId: lessonProgress.lessonId,
      title: lessons.title,
      course: courses.title,
      passedAt: lessonProgress.passedAt,
      bestScore: lessonProgress.bestScore,
    })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        inArray(lessonProgress.userId, [...userIds]),
        isNotNull(lessonProgress.passedAt),
        window ? sql`${lessonProgress.passedAt} between ${window.from.toISOString()}::timestamptz and ${window.to.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(lessonProgress.passedAt), asc(lessonProgress.lessonId));
  return rows.map((r) => ({ ...r, passedAt: r.passedAt!.toISOString(), bestScore: r.bestScore === null ? null : String(r.bestScore) }));
}

/** When each of these people last did something in Learn (read, attempted, passed); absent = never. */
export async function lastLearningActivity(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: lessonProgress.userId, at: sql<string>`max(${lessonProgress.lastActivityAt})` })
    .from(lessonProgress)
    .where(inArray(lessonProgress.userId, [...userIds]))
    .groupBy(lessonProgress.userId);
  return new Map(rows.map((r) => [r.userId, new Date(r.at)]));
}
