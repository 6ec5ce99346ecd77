/** The learn feature's public surface for other features: what a lesson unlocks. */
export { ADVANCED_ORDERS, featureGate, SHORT_SELLING, unlockedFor, type FeatureGate } from "./server/unlocks";
export { learnPersonalData } from "./server/personal-data";
export { learnerSummary } from "./server/learning";
export { lastLearningActivity, passedLessons, type PassedLesson } from "./server/passed";
export { hasPassedLesson, lessonIdOf, lessonLink, lessonTitles, publishedLessonChoices, publishedLessonIds, publishedLessonsByCourse } from "./server/catalogue";
