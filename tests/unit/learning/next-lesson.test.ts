/**
 * "Up next": the lesson in progress first, else the earliest unfinished lesson in course
 * order — a later course's lesson never comes before an earlier course's unfinished one.
 */
import { describe, expect, it } from "vitest";
import { nextLesson } from "@/domain/learning";

/** Three courses of two lessons in order: a1 a2, b1 b2, c1 c2; `passed` lists the passed ones. */
function lessons(passed: string[]) {
  return ["a1", "a2", "b1", "b2", "c1", "c2"].map((id) => ({ id, passed: passed.includes(id) }));
}
const pick = (passed: string[], recent?: string) => {
  const next = nextLesson(lessons(passed), recent);
  return next && { id: next.lesson.id, resume: next.resume };
};

describe("nextLesson", () => {
  it("starts at the first lesson, and resumes a lesson in progress wherever it is", () => {
    expect(pick([])).toEqual({ id: "a1", resume: false });
    expect(pick(["a1"], "c1")).toEqual({ id: "c1", resume: true });
  });

  it("goes on in order after a passed lesson", () => {
    expect(pick(["a1"], "a1")).toEqual({ id: "a2", resume: false });
    expect(pick(["a1", "a2"], "a2")).toEqual({ id: "b1", resume: false });
  });

  it("comes back to an earlier course's unfinished lesson instead of the lesson after the one just passed", () => {
    // a2 was skipped; passing the last lesson of course b must not make c1 "up next".
    expect(pick(["a1", "b1", "b2"], "b2")).toEqual({ id: "a2", resume: false });
    // Jumped ahead into course c and passed c1: a2 still comes first.
    expect(pick(["a1", "c1"], "c1")).toEqual({ id: "a2", resume: false });
  });

  it("starts from the beginning when the latest lesson is no longer published, and is null when all are passed", () => {
    expect(pick(["a1"], "gone")).toEqual({ id: "a2", resume: false });
    expect(pick(["a1", "a2", "b1", "b2", "c1", "c2"], "c2")).toBeNull();
  });
});
