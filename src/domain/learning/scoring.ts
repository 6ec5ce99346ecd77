/**
 * Quiz scoring. A question counts only when exactly its correct options are chosen: for a
 * several-answer question, a missing or an extra option makes it wrong.
 */
export interface QuizQuestion {
  id: string;
  options: ReadonlyArray<{ id: string; correct: boolean }>;
}

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  chosen: string[];
  correctOptionIds: string[];
}

export interface QuizResult {
  questions: QuestionResult[];
  correctCount: number;
  /** Fraction of questions right, 0..1, rounded to 4 places (a decimal string on the wire). */
  score: number;
  passed: boolean;
}

export const DEFAULT_PASS_MARK = 70;

export class QuizAnswerError extends Error {}

/**
 * @param answers one entry per question, in the questions' order: the chosen option ids.
 * @param passMarkPercent the share of questions needed to pass, 0..100.
 */
export function scoreQuiz(questions: readonly QuizQuestion[], answers: ReadonlyArray<readonly string[]>, passMarkPercent = DEFAULT_PASS_MARK): QuizResult {
  if (questions.length === 0) throw new QuizAnswerError("This lesson has no quiz.");
  if (answers.length !== questions.length) {
    throw new QuizAnswerError(`Answer every question: expected ${questions.length} answers, got ${answers.length}.`);
  }
  const results = questions.map((question, index): QuestionResult => {
    const chosen = [...new Set(answers[index])];
    const known = new Set(question.options.map((o) => o.id));
    const unknown = chosen.find((id) => !known.has(id));
    if (unknown) throw new QuizAnswerError(`Question ${index + 1} has no option "${unknown}".`);
    const correctOptionIds = question.options.filter((o) => o.correct).map((o) => o.id);
    const correct = chosen.length === correctOptionIds.length && correctOptionIds.every((id) => chosen.includes(id));
    return { questionId: question.id, correct, chosen, correctOptionIds };
  });
  const correctCount = results.filter((r) => r.correct).length;
  const score = Math.round((correctCount / questions.length) * 10_000) / 10_000;
  // Compare in whole numbers: 7 of 10 at a 70 % mark passes, without float surprises.
  const passed = correctCount * 100 >= passMarkPercent * questions.length;
  return { questions: results, correctCount, score, passed };
}
