/**
 * Answering a drawn quiz attempt in tests. The browser never gets the answer key; tests may:
 * this opens (or reuses) the person's attempt, reads the key of exactly the drawn questions
 * from the database, and builds the answers in the order the attempt shows them.
 */
import { inArray } from "drizzle-orm";
import { openAttempt, submitAttempt, type AttemptInput, type QuizOptions } from "@/features/learn/server/learning";
import type { Db } from "@/server/db";
import { questions } from "@/server/db/schema";

/** "right" or "wrong" for every question, or per question by its index in the attempt. */
export type Answering = "right" | "wrong" | ((index: number) => "right" | "wrong");

export async function drawnAnswers(db: Db, userId: string, lessonId: string, how: Answering, options: QuizOptions = {}): Promise<AttemptInput> {
  const attempt = await openAttempt(db, userId, lessonId, options);
  if (attempt.attemptId === null) throw new Error(`No attempt to answer${attempt.retryAt ? `: cooling down until ${attempt.retryAt}` : ""}.`);
  const ids = attempt.questions.map((q) => q.id);
  const key = new Map((await db.select().from(questions).where(inArray(questions.id, ids))).map((q) => [q.id, q.options]));
  const answers = attempt.questions.map((q, index) => {
    const wantRight = (typeof how === "function" ? how(index) : how) === "right";
    const options = key.get(q.id)!;
    return wantRight ? options.filter((o) => o.correct).map((o) => o.id) : options.filter((o) => !o.correct).map((o) => o.id).slice(0, 1);
  });
  return { attemptId: attempt.attemptId, answers };
}

/** Draws (or reuses) the person's attempt and submits it answered as `how` says. */
export async function answerDrawnAttempt(db: Db, userId: string, lessonId: string, how: Answering, timeZone = "UTC", options: QuizOptions = {}) {
  return submitAttempt(db, userId, lessonId, await drawnAnswers(db, userId, lessonId, how, options), timeZone, options);
}
