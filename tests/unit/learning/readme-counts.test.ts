/**
 * The README tells a newcomer what the first start loads ("3 courses, 12 lessons, N quiz
 * questions"): the figures are the shipped curriculum's own, so a lesson added without the
 * README changing fails here (it said 48 questions when there were 96).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { curriculum } from "@/features/learn/content";

const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../../README.md"), "utf8").replace(/\s+/g, " ");

describe("the README's account of the demo curriculum", () => {
  it("gives the shipped numbers of courses, lessons and quiz questions", () => {
    const lessons = curriculum.flatMap((c) => c.lessons);
    const questions = lessons.reduce((n, l) => n + l.questions.length, 0);
    const said = readme.match(/the Learn curriculum \((\d+) courses, (\d+) lessons, (\d+) quiz questions/);
    expect(said, "README names the curriculum's size").not.toBeNull();
    expect(said!.slice(1).map(Number)).toEqual([curriculum.length, lessons.length, questions]);
  });
});
