import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { AssignmentTask } from "@/domain/classes/assignments";
import { users } from "./auth";

const at = (name: string) => timestamp(name, { mode: "date", withTimezone: true });

/** A person's place in a class (docs/decisions/038-classes.md). */
export const CLASS_ROLES = ["teacher", "student"] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];
/** How a member came in: made the class, typed its code (or followed its link), or was put on its roster. */
export const CLASS_JOINED_VIA = ["created", "code", "roster"] as const;

/**
 * A class an organiser runs. What hangs off it later (assignments, class events, the
 * gradebook) points at its id; who is in it, and as what, is class_members.
 */
export const classes = pgTable(
  "classes",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name").notNull(),
    /** Calendar dates, informative (the class is not closed by them). */
    startsOn: date("starts_on", { mode: "string" }),
    endsOn: date("ends_on", { mode: "string" }),
    /** Stored normalised (src/lib/readable-codes.ts): upper case, no dash. */
    joinCode: text("join_code").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("classes_join_code_unique").on(t.joinCode)],
);

export const classMembers = pgTable(
  "class_members",
  {
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLASS_ROLES }).notNull(),
    via: text("via", { enum: CLASS_JOINED_VIA }).notNull(),
    joinedAt: at("joined_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classId, t.userId] }),
    // "Which classes is this person in?": the list, the session's Classes link.
    index("class_members_user_idx").on(t.userId),
  ],
);

/**
 * An assignment of a class: tasks the server checks against what each student did between
 * `startsAt` and `dueAt` (work after `dueAt` counts, flagged late). Never self-reported.
 * The tasks' shapes are src/domain/classes/assignments.ts's, checked by zod on the way in.
 */
export const assignments = pgTable(
  "assignments",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    classId: text("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    instructions: text("instructions").notNull().default(""),
    tasks: jsonb("tasks").$type<AssignmentTask[]>().notNull(),
    startsAt: at("starts_at").notNull(),
    dueAt: at("due_at").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    /** When the due-time task recorded the position weights at the due instant (assignment_due_weights). */
    weightsFrozenAt: at("weights_frozen_at"),
  },
  (t) => [
    index("assignments_class_due_idx").on(t.classId, t.dueAt),
    // Assignments whose due instant has not been processed yet: the due-time task looks here every second.
    index("assignments_unfrozen_due_idx").on(t.dueAt).where(sql`${t.weightsFrozenAt} is null`),
  ],
);

/**
 * Each student's position weights at an assignment's due instant, recorded by the due-time
 * task (features/classes assignments.ts): a max-weight task is judged on these once they
 * exist, not on the holdings of whenever the gradebook is read (docs/decisions/039).
 */
export const assignmentDueWeights = pgTable(
  "assignment_due_weights",
  {
    assignmentId: text("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Not a foreign key: the rows are a record of that instant, kept if the portfolio is reset. */
    portfolioId: text("portfolio_id").notNull(),
    symbol: text("symbol").notNull(),
    /** Percent of the portfolio's equity; null when the equity was not positive. */
    pct: numeric("pct", { precision: 12, scale: 4 }),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.portfolioId, t.symbol] })],
);

/** A teacher's score for one student's assignment, in place of the computed one (audited: class.score-overridden). */
export const assignmentScoreOverrides = pgTable(
  "assignment_score_overrides",
  {
    assignmentId: text("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Percent, 0–100. */
    score: integer("score").notNull(),
    comment: text("comment").notNull(),
    overriddenBy: text("overridden_by").references(() => users.id, { onDelete: "set null" }),
    overriddenAt: at("overridden_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.studentId] }), check("assignment_score_overrides_score_range", sql`${t.score} between 0 and 100`)],
);
