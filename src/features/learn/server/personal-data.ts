/** The learn feature's part of "Export my data": progress per lesson, every quiz attempt, XP and learning days. */
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/server/db";
import { learningDays, lessonProgress, lessons, quizAttempts, xpEvents } from "@/server/db/schema";
import { inPages, type PersonalDataSection } from "@/server/personal-data";

export function learnPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "lessonProgress",
      value: () =>
        db
          .select({ lessonId: lessonProgress.lessonId, lesson: lessons.title, readAt: lessonProgress.readAt, attempts: lessonProgress.attempts, firstScore: lessonProgress.firstScore, bestScore: lessonProgress.bestScore, passedAt: lessonProgress.passedAt, lastActivityAt: lessonProgress.lastActivityAt })
          .from(lessonProgress)
          .leftJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
          .where(eq(lessonProgress.userId, userId))
          .orderBy(asc(lessonProgress.lastActivityAt)),
    },
    {
      name: "quizAttempts",
      rows: () =>
        inPages(
          (after: number | undefined, limit) =>
            db
              .select({ id: quizAttempts.id, lessonId: quizAttempts.lessonId, answers: quizAttempts.answers, score: quizAttempts.score, passed: quizAttempts.passed, createdAt: quizAttempts.createdAt })
              .from(quizAttempts)
              .where(and(eq(quizAttempts.userId, userId), after === undefined ? undefined : gt(quizAttempts.id, after)))
              .orderBy(asc(quizAttempts.id))
              .limit(limit),
          (row) => row.id,
        ),
    },
    {
      name: "xp",
      value: () => db.select({ lessonId: xpEvents.lessonId, kind: xpEvents.kind, amount: xpEvents.amount, createdAt: xpEvents.createdAt }).from(xpEvents).where(eq(xpEvents.userId, userId)).orderBy(asc(xpEvents.id)),
    },
    {
      name: "learningDays",
      value: async () => (await db.select({ day: learningDays.day }).from(learningDays).where(eq(learningDays.userId, userId)).orderBy(asc(learningDays.day))).map((r) => r.day),
    },
  ];
}
