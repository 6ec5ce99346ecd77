/**
 * "Up next" / "Continue where you left off": which lesson a learner opens next (/learn and the
 * dashboard). Pure: the published lessons in course order, which are passed, and the lesson
 * of the learner's latest activity.
 */
export interface LessonInOrder {
  id: string;
  passed: boolean;
}

/**
 * The lesson in progress (the latest activity, not passed yet); else the first unpassed lesson
 * in course order, so an earlier course's unfinished lessons are never skipped for a later
 * course's (the curriculum builds on itself). Null when every lesson is passed.
 */
export function nextLesson<T extends LessonInOrder>(lessons: readonly T[], recentId: string | undefined): { lesson: T; resume: boolean } | null {
  const recent = recentId === undefined ? undefined : lessons.find((l) => l.id === recentId);
  if (recent && !recent.passed) return { lesson: recent, resume: true };
  const lesson = lessons.find((l) => !l.passed);
  return lesson ? { lesson, resume: false } : null;
}
