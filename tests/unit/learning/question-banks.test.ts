/**
 * The shipped question banks (issue #13): every lesson holds at least twice an attempt's
 * questions, so a retry asks a fresh set, and every question is well formed.
 */
import { describe, expect, it } from "vitest";
import { QUESTIONS_PER_ATTEMPT, recommendedBankSize } from "@/domain/learning";
import { curriculum } from "@/features/learn/content";
import { QUESTIONS_BEFORE_BANKS } from "@/features/learn/server/seed";

const lessons = curriculum.flatMap((course) => course.lessons);

describe("the shipped question banks", () => {
  it.each(lessons.map((l) => [l.slug, l] as const))("%s has a bank of at least twice an attempt", (_slug, lesson) => {
    expect(lesson.questions.length).toBeGreaterThanOrEqual(recommendedBankSize(QUESTIONS_PER_ATTEMPT));
  });

  it.each(lessons.map((l) => [l.slug, l] as const))("%s asks well-formed questions", (_slug, lesson) => {
    const prompts = new Set<string>();
    for (const q of lesson.questions) {
      expect(prompts.has(q.prompt), `"${q.prompt}" is asked twice`).toBe(false);
      prompts.add(q.prompt);
      expect(q.options.length).toBeGreaterThanOrEqual(2);
      expect(q.options.length).toBeLessThanOrEqual(6);
      const correct = q.options.filter((o) => o.correct).length;
      expect(correct, q.prompt).toBeGreaterThanOrEqual(1);
      // A several-answer question says so; a one-answer question does not.
      expect(/Select all that apply/.test(q.prompt), q.prompt).toBe(correct > 1);
      for (const o of q.options) expect(o.explanation.trim(), o.text).not.toBe("");
      expect(new Set(q.options.map((o) => o.text)).size).toBe(q.options.length);
    }
  });

  it("keeps the questions shipped before banks first, where an upgrade expects them", () => {
    // seed.ts treats a lesson's first QUESTIONS_BEFORE_BANKS questions as already on old installs.
    expect(QUESTIONS_BEFORE_BANKS).toBe(4);
    expect(lessons.find((l) => l.slug === "what-is-a-share")!.questions[0]!.prompt).toBe("What does owning one share of Orchard Robotics (ORCH) give you?");
    expect(lessons.find((l) => l.slug === "investor-behaviour")!.questions[3]!.prompt).toMatch(/^Why does a short contest ranked by total return/);
  });
});
