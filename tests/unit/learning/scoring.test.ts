import { describe, expect, it } from "vitest";
import { QuizAnswerError, scoreQuiz, type QuizQuestion } from "@/domain/learning";

const single = (id: string, correct: string): QuizQuestion => ({
  id,
  options: ["a", "b", "c"].map((o) => ({ id: o, correct: o === correct })),
});
const several: QuizQuestion = {
  id: "multi",
  options: [
    { id: "a", correct: true },
    { id: "b", correct: true },
    { id: "c", correct: false },
    { id: "d", correct: false },
  ],
};

describe("scoring a quiz", () => {
  it("counts a several-answer question only when exactly the right options are chosen", () => {
    expect(scoreQuiz([several], [["a", "b"]]).correctCount).toBe(1);
    expect(scoreQuiz([several], [["b", "a"]]).correctCount).toBe(1);
    expect(scoreQuiz([several], [["a"]]).correctCount).toBe(0);
    expect(scoreQuiz([several], [["a", "b", "c"]]).correctCount).toBe(0);
    expect(scoreQuiz([several], [[]]).correctCount).toBe(0);
  });

  it("ignores a repeated option rather than counting it twice", () => {
    expect(scoreQuiz([several], [["a", "a", "b"]]).questions[0]!.correct).toBe(true);
  });

  it("passes at exactly the pass mark and fails just under it", () => {
    const ten = Array.from({ length: 10 }, (_, i) => single(`q${i}`, "a"));
    const answers = (right: number) => ten.map((_, i) => (i < right ? ["a"] : ["b"]));
    expect(scoreQuiz(ten, answers(7), 70)).toMatchObject({ passed: true, score: 0.7, correctCount: 7 });
    expect(scoreQuiz(ten, answers(6), 70)).toMatchObject({ passed: false, score: 0.6 });
  });

  it("rounds the score, not the pass decision (2 of 3 at a 67 % mark fails)", () => {
    const three = [single("1", "a"), single("2", "a"), single("3", "a")];
    const result = scoreQuiz(three, [["a"], ["a"], ["b"]], 67);
    expect(result.score).toBe(0.6667);
    expect(result.passed).toBe(false);
    expect(scoreQuiz(three, [["a"], ["a"], ["b"]], 66).passed).toBe(true);
  });

  it("tells which options were right, for the feedback after an attempt", () => {
    const result = scoreQuiz([single("1", "c"), several], [["a"], ["a", "b"]]);
    expect(result.questions).toEqual([
      { questionId: "1", correct: false, chosen: ["a"], correctOptionIds: ["c"] },
      { questionId: "multi", correct: true, chosen: ["a", "b"], correctOptionIds: ["a", "b"] },
    ]);
  });

  it("refuses a missing answer, an unknown option and an empty quiz with a clear message", () => {
    expect(() => scoreQuiz([single("1", "a"), several], [["a"]])).toThrow(new QuizAnswerError("Answer every question: expected 2 answers, got 1."));
    expect(() => scoreQuiz([single("1", "a")], [["z"]])).toThrow(/Question 1 has no option "z"/);
    expect(() => scoreQuiz([], [])).toThrow(/no quiz/);
  });
});
