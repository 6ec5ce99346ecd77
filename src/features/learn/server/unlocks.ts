/**
 * Features a lesson unlocks (short selling): a feature is locked while a published lesson
 * unlocks it and the person has passed none of the lessons that do. The trading engine asks
 * through its port (src/wiring.ts); the trade ticket shows the lock before anyone submits.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { courses, lessons } from "@/server/db/schema";

export const SHORT_SELLING = "short-selling";
/** Trailing stops and orders with legs (bracket, OCO, OTO): gated like short selling when a published lesson unlocks them (decision 065). */
export const ADVANCED_ORDERS = "advanced-orders";

/** The people among `userIds` for whom `feature` is unlocked, in one query. */
export async function unlockedFor(db: DbOrTx, feature: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(sql`
    select u.id from (values ${sql.join(
      userIds.map((id) => sql`(${id}::text)`),
      sql`, `,
    )}) as u(id)
    where not exists (select 1 from lessons l where l.unlocks = ${feature} and l.published)
       or exists (select 1 from lesson_progress lp join lessons l on l.id = lp.lesson_id
                  where lp.user_id = u.id and l.unlocks = ${feature} and lp.passed_at is not null)`);
  return new Set(rows.map((r) => r.id));
}

export interface FeatureGate {
  unlocked: boolean;
  /** The lesson to pass while locked (the first published one that unlocks it). */
  lesson: { title: string; href: string } | null;
}

/** Whether `feature` is unlocked for the person, and which lesson unlocks it if not. */
export async function featureGate(db: DbOrTx, feature: string, userId: string): Promise<FeatureGate> {
  if ((await unlockedFor(db, feature, [userId])).has(userId)) return { unlocked: true, lesson: null };
  const [lesson] = await db
    .select({ title: lessons.title, slug: lessons.slug, courseSlug: courses.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.unlocks, feature), eq(lessons.published, true)))
    .orderBy(asc(courses.position), asc(lessons.position))
    .limit(1);
  return { unlocked: false, lesson: lesson ? { title: lesson.title, href: `/learn/${lesson.courseSlug}/${lesson.slug}` } : null };
}
