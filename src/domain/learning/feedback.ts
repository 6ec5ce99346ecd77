/**
 * What an attempt's result may tell the person (docs/decisions/043-quiz-banks.md). After a
 * pass: everything, the correct options and every explanation. After a fail: which of *their*
 * answers were wrong and the explanations of what *they* chose, never the correct options,
 * so the next attempt is passed by learning, not by copying.
 */
import type { QuestionResult } from "./scoring";

export interface FeedbackQuestion {
  id: string;
  options: ReadonlyArray<{ id: string; explanation: string }>;
}

export interface QuestionFeedback {
  questionId: string;
  correct: boolean;
  chosen: string[];
  /** Only after a pass. */
  correctOptionIds?: string[];
  /** Option id → why it is right or wrong: after a fail, only the chosen options'. */
  explanations: Record<string, string>;
}

export function feedbackFor(results: readonly QuestionResult[], questions: readonly FeedbackQuestion[], passed: boolean): QuestionFeedback[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return results.map((r) => {
    const options = byId.get(r.questionId)?.options ?? [];
    const shown = passed ? options : options.filter((o) => r.chosen.includes(o.id));
    return {
      questionId: r.questionId,
      correct: r.correct,
      chosen: r.chosen,
      ...(passed && { correctOptionIds: r.correctOptionIds }),
      explanations: Object.fromEntries(shown.map((o) => [o.id, o.explanation])),
    };
  });
}
