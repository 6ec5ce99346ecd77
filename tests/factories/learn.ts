import { randomBytes } from "node:crypto";
import type { SeedCourse, SeedLesson } from "@/features/learn/content/types";

const tag = () => randomBytes(4).toString("hex");

/** A lesson with `questions` questions; the right answer of each is "Right n". */
export function buildLesson(overrides: Partial<SeedLesson> = {}, questions = 4): SeedLesson {
  return {
    slug: `lesson-${tag()}`,
    title: "A test lesson",
    body: "## Heading\n\nSome words to read.",
    questions: Array.from({ length: questions }, (_, n) => ({
      prompt: `Question ${n + 1}?`,
      options: [
        { text: `Right ${n + 1}`, correct: true, explanation: "Because it is right." },
        { text: `Wrong ${n + 1}`, correct: false, explanation: "Because it is wrong." },
      ],
    })),
    ...overrides,
  };
}

export function buildCourse(overrides: Partial<SeedCourse> = {}, lessonCount = 2): SeedCourse {
  return {
    slug: `course-${tag()}`,
    title: "A test course",
    summary: "For tests.",
    lessons: Array.from({ length: lessonCount }, () => buildLesson()),
    ...overrides,
  };
}
