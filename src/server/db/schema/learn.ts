import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const courses = pgTable(
  "courses",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(false),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("courses_slug_unique").on(t.slug), index("courses_position_idx").on(t.position)],
);

export interface QuestionOption {
  id: string;
  text: string;
  correct: boolean;
  explanation: string;
}

export const lessons = pgTable(
  "lessons",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(false),
    /** Share of questions needed to pass, in percent. */
    passMark: integer("pass_mark").notNull().default(70),
    /** A trading feature this lesson unlocks when passed (e.g. "short-selling"). */
    unlocks: text("unlocks"),
    updatedAt: timestamp("updated_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lessons_slug_unique").on(t.slug), index("lessons_course_position_idx").on(t.courseId, t.position), index("lessons_unlocks_idx").on(t.unlocks)],
);

export const questions = pgTable(
  "questions",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    prompt: text("prompt").notNull(),
    options: jsonb("options").$type<QuestionOption[]>().notNull(),
  },
  (t) => [index("questions_lesson_position_idx").on(t.lessonId, t.position)],
);

/** One row per person and lesson: read, attempts, best and first scores, passed. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { mode: "date", withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    firstScore: numeric("first_score", { precision: 5, scale: 4 }),
    bestScore: numeric("best_score", { precision: 5, scale: 4 }),
    passedAt: timestamp("passed_at", { mode: "date", withTimezone: true }),
    lastActivityAt: timestamp("last_activity_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index("lesson_progress_user_activity_idx").on(t.userId, t.lastActivityAt)],
);

/** A drawn question of an attempt: which question, and its options in the order shown. */
export interface DrawnQuestionRow {
  questionId: string;
  optionIds: string[];
}

/**
 * One row per attempt. Drawn open (answers, score, passed and submitted_at null) with the
 * questions and option order shown; the submit scores against exactly that and closes it.
 * At most one open attempt per person and lesson (docs/decisions/043-quiz-banks.md).
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    /** The questions shown, in order, each with its options' order (empty for attempts before banks). */
    drawn: jsonb("drawn").$type<DrawnQuestionRow[]>().notNull().default([]),
    answers: jsonb("answers").$type<string[][]>(),
    score: numeric("score", { precision: 5, scale: 4 }),
    passed: boolean("passed"),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { mode: "date", withTimezone: true }),
  },
  (t) => [
    index("quiz_attempts_user_lesson_idx").on(t.userId, t.lessonId, t.createdAt),
    uniqueIndex("quiz_attempts_one_open_unique").on(t.userId, t.lessonId).where(sql`${t.answers} is null`),
  ],
);

export const XP_KINDS = ["read", "pass"] as const;

/** The XP ledger. The unique index is what makes "never twice for the same thing" hold under races. */
export const xpEvents = pgTable(
  "xp_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    kind: text("kind", { enum: XP_KINDS }).notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { mode: "date", withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("xp_events_once_unique").on(t.userId, t.lessonId, t.kind), index("xp_events_user_created_idx").on(t.userId, t.createdAt)],
);

/** Days with learning activity, as calendar days in the learner's time zone at that moment. */
export const learningDays = pgTable(
  "learning_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Every piece of shipped content ever inserted, by key. A key seen once is never seeded
 * again: an admin's edit, unpublish or deletion survives every later start and upgrade.
 */
export const seededContent = pgTable("seeded_content", {
  key: text("key").primaryKey(),
  seededAt: timestamp("seeded_at", { mode: "date", withTimezone: true }).notNull().default(sql`now()`),
});
