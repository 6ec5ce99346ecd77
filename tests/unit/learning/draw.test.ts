import { describe, expect, it } from "vitest";
import { coolDownUntil, drawAttempt, feedbackFor, recommendedBankSize, scoreQuiz, type BankQuestion } from "@/domain/learning";

const bank: BankQuestion[] = Array.from({ length: 10 }, (_, n) => ({ id: `q${n}`, options: ["a", "b", "c", "d"].map((id) => ({ id })) }));
const ids = (draw: ReturnType<typeof drawAttempt>) => draw.map((d) => d.questionId);

describe("drawing a quiz attempt from a bank", () => {
  it("gives the same questions and option orders for the same seed", () => {
    expect(drawAttempt(bank, { seed: 42 })).toEqual(drawAttempt(bank, { seed: 42 }));
  });

  it("draws four distinct questions from the bank, each with all its options once", () => {
    const draw = drawAttempt(bank, { seed: 7 });
    expect(draw).toHaveLength(4);
    expect(new Set(ids(draw)).size).toBe(4);
    for (const d of draw) expect([...d.optionIds].sort()).toEqual(["a", "b", "c", "d"]);
  });

  it("varies the questions and the option order between seeds", () => {
    const draws = Array.from({ length: 20 }, (_, seed) => drawAttempt(bank, { seed }));
    expect(new Set(draws.map((d) => ids(d).join())).size).toBeGreaterThan(10);
    expect(new Set(draws.map((d) => d[0]!.optionIds.join())).size).toBeGreaterThan(3);
    // Every question gets asked at some point.
    expect(new Set(draws.flatMap(ids))).toEqual(new Set(bank.map((q) => q.id)));
  });

  it("avoids the previous attempt's questions while the bank has others", () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const first = drawAttempt(bank, { seed });
      const retry = drawAttempt(bank, { seed: seed + 1000, avoid: ids(first) });
      expect(ids(retry).filter((id) => ids(first).includes(id))).toEqual([]);
    }
  });

  it("tops a short bank up with as few avoided questions as it must", () => {
    const small = bank.slice(0, 6);
    const retry = drawAttempt(small, { seed: 3, avoid: ["q0", "q1", "q2", "q3"] });
    expect(ids(retry)).toEqual(expect.arrayContaining(["q4", "q5"]));
    expect(ids(retry).filter((id) => ["q0", "q1", "q2", "q3"].includes(id))).toHaveLength(2);
  });

  it("asks a bank smaller than one attempt whole", () => {
    expect(ids(drawAttempt(bank.slice(0, 2), { seed: 1 })).sort()).toEqual(["q0", "q1"]);
  });

  it("recommends a bank twice the attempt size", () => {
    expect(recommendedBankSize()).toBe(8);
    expect(recommendedBankSize(5)).toBe(10);
  });
});

describe("the quiz cool-down", () => {
  const rule = { afterFailures: 3, minutes: 10 };
  const now = new Date("2026-03-01T12:00:00Z");
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

  it("waits after three failures in a row, counted from the last of them", () => {
    const recent = [1, 5, 9].map((m) => ({ passed: false, at: at(m) }));
    expect(coolDownUntil(recent, rule, now)).toEqual(new Date(now.getTime() + 9 * 60_000));
  });

  it("lets the next attempt start once the wait is over", () => {
    expect(coolDownUntil([11, 12, 13].map((m) => ({ passed: false, at: at(m) })), rule, now)).toBeNull();
  });

  it("does not wait after two failures, or when a pass broke the run", () => {
    expect(coolDownUntil([1, 2].map((m) => ({ passed: false, at: at(m) })), rule, now)).toBeNull();
    expect(coolDownUntil([{ passed: false, at: at(1) }, { passed: true, at: at(2) }, { passed: false, at: at(3) }], rule, now)).toBeNull();
  });

  it("is off when either number is zero", () => {
    const recent = [1, 2, 3].map((m) => ({ passed: false, at: at(m) }));
    expect(coolDownUntil(recent, { afterFailures: 0, minutes: 10 }, now)).toBeNull();
    expect(coolDownUntil(recent, { afterFailures: 3, minutes: 0 }, now)).toBeNull();
  });
});

describe("what an attempt's result reveals", () => {
  const question = {
    id: "q",
    options: [
      { id: "a", correct: true, explanation: "A is right." },
      { id: "b", correct: false, explanation: "B is wrong." },
      { id: "c", correct: false, explanation: "C is wrong." },
    ],
  };

  it("after a fail names your wrong answer and explains only what you chose", () => {
    const result = scoreQuiz([question], [["b"]]);
    const [feedback] = feedbackFor(result.questions, [question], result.passed);
    expect(feedback).toEqual({ questionId: "q", correct: false, chosen: ["b"], explanations: { b: "B is wrong." } });
    expect(JSON.stringify(feedback)).not.toContain("A is right");
  });

  it("after a pass shows the correct options and every explanation", () => {
    const result = scoreQuiz([question], [["a"]]);
    const [feedback] = feedbackFor(result.questions, [question], result.passed);
    expect(feedback).toEqual({
      questionId: "q",
      correct: true,
      chosen: ["a"],
      correctOptionIds: ["a"],
      explanations: { a: "A is right.", b: "B is wrong.", c: "C is wrong." },
    });
  });
});
