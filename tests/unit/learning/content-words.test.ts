/**
 * A lesson speaks to a learner in words, never in the API's error codes: the ticket says "Short
 * selling is locked.", so the lesson must not say SHORTING_LOCKED (issue #23 §5).
 */
import { describe, expect, it } from "vitest";
import { curriculum } from "@/features/learn/content";

/** An API code: upper-case words joined by underscores (SHORTING_LOCKED, INSUFFICIENT_FUNDS). */
const CODE = /\b[A-Z]{2,}(?:_[A-Z]{2,})+\b/g;

describe("the shipped lessons' words", () => {
  it("name no API error code, in a lesson's body or in its quiz", () => {
    const found = curriculum
      .flatMap((course) => course.lessons)
      .flatMap((lesson) => [...JSON.stringify(lesson).matchAll(CODE)].map((m) => `${lesson.slug}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
