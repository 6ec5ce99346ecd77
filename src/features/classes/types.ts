/**
 * What the classes API answers (/api/classes/**), as zod schemas (docs/decisions/071): the
 * routes declare them, the OpenAPI document publishes them, the tests check every real answer
 * against them, and the pages take their types from them. No server code here.
 *
 * A student's portfolios in a teacher's read-only view (GET …/students/{studentId}) are the
 * portfolio's answers (a summary, orders, fills): the portfolio's own schemas.
 */
import * as z from "zod/mini";
import { ASSIGNMENT_ORDER_TYPES } from "@/domain/classes/assignments";
import { eventView, rangeFigures, teamCreated } from "@/features/events/types";
import { fillsPage, ordersPage, summaryAnswer } from "@/features/portfolio/types";
import { day, decimal, instant, int, noContent, pageOf } from "@/lib/api/answers";

export { noContent, teamCreated };

export const classStanding = z.enum(["teacher", "student", "admin"]);
export type ClassStanding = z.output<typeof classStanding>;

export const classListItem = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.nullable(day),
  endsOn: z.nullable(day),
  role: classStanding,
  teachers: z.array(z.string()),
  /** How many students. */
  students: int,
});
export type ClassListItem = z.output<typeof classListItem>;

export const classesPage = pageOf(classListItem);

export const classCreated = z.object({ id: z.string(), name: z.string(), startsOn: z.nullable(day), endsOn: z.nullable(day), joinCode: z.string() });

export const classJoined = z.object({ id: z.string(), name: z.string(), role: z.enum(["teacher", "student"]), joined: z.boolean() });

/** A class contest as the class page lists it (features/events `classContests`). */
export const classContest = z.object({
  slug: z.string(),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
  status: z.enum(["upcoming", "live", "ended", "archived"]),
  metric: z.enum(["return", "sharpe"]),
  /** A team contest's sizes; null when everyone trades alone. */
  teams: z.nullable(z.object({ min: int, max: int })),
  /** People in it, not board rows: a team of three counts three. */
  participants: int,
  /** A team contest's number of teams; null when everyone trades alone. */
  teamCount: z.nullable(int),
  joined: z.boolean(),
  /** Ended, its final standings written: the report cards are ready. */
  finalized: z.boolean(),
  /** The teacher's view: students of the class not in it yet (0: everyone is in); null for a student. */
  studentsOut: z.nullable(int),
});
export type ClassContest = z.output<typeof classContest>;

export const rosterStudent = z.object({
  id: z.string(),
  name: z.string(),
  /** Only for roster accounts this class made. */
  username: z.nullable(z.string()),
  roster: z.boolean(),
  joinedAt: instant,
  /** Their report cards in the class's ended contests, newest contest first. */
  reportCards: z.array(z.object({ slug: z.string(), title: z.string(), href: z.string() })),
});
export type RosterStudent = z.output<typeof rosterStudent>;

const teacherName = z.object({ name: z.string() });

export const teacherClassView = z.object({
  view: z.literal("teacher"),
  id: z.string(),
  name: z.string(),
  startsOn: z.nullable(day),
  endsOn: z.nullable(day),
  role: classStanding,
  teachers: z.array(teacherName),
  joinCode: z.string(),
  inviteUrl: z.string(),
  createdAt: instant,
  students: z.array(rosterStudent),
  contests: z.array(classContest),
});
export type TeacherClassView = z.output<typeof teacherClassView>;

export const studentClassView = z.object({
  view: z.literal("student"),
  id: z.string(),
  name: z.string(),
  startsOn: z.nullable(day),
  endsOn: z.nullable(day),
  role: z.literal("student"),
  teachers: z.array(teacherName),
  /** First name + initial, never more. */
  classmates: z.array(z.string()),
  contests: z.array(classContest),
});
export type StudentClassView = z.output<typeof studentClassView>;

export const classView = z.discriminatedUnion("view", [teacherClassView, studentClassView]);
export type ClassView = z.output<typeof classView>;

/** A new roster account as POST …/roster answers it: the password is shown this once. */
export const loginCard = z.object({ id: z.string(), name: z.string(), username: z.string(), password: z.string() });
export type LoginCard = z.output<typeof loginCard>;
export const rosterAdded = z.object({ students: z.array(loginCard) });
export const newPassword = z.object({ password: z.string() });

export type RangeFigures = z.output<typeof rangeFigures>;

/** GET /api/classes/{id}/dashboard, a student's row. */
export const dashboardStudent = z.object({
  id: z.string(),
  name: z.string(),
  lastActivityAt: z.nullable(instant),
  tradesThisWeek: int,
  lessonsPassed: int,
  journalEntries: int,
  practice: z.nullable(z.object({ equity: decimal, metrics: rangeFigures })),
});
export type DashboardStudent = z.output<typeof dashboardStudent>;

export const classDashboardView = z.object({ id: z.string(), name: z.string(), range: z.literal("week"), weekStart: instant, students: z.array(dashboardStudent) });
export type ClassDashboardView = z.output<typeof classDashboardView>;

export const passedLessonView = z.object({ lessonId: z.string(), title: z.string(), course: z.string(), passedAt: instant, bestScore: z.nullable(decimal) });
export type PassedLessonView = z.output<typeof passedLessonView>;

/** GET /api/classes/{id}/students/{studentId}: a teacher's read-only view of one student. */
export const studentPortfolioView = z.object({
  id: z.string(),
  kind: z.string(),
  /** `reportCard`: the student's report card, once the event has ended and its standings are final. */
  event: z.nullable(z.object({ slug: z.string(), title: z.string(), startsAt: instant, endsAt: instant, reportCard: z.nullable(z.string()) })),
  summary: summaryAnswer,
  orders: ordersPage,
  fills: fillsPage,
});
export type StudentPortfolioView = z.output<typeof studentPortfolioView>;

export const studentViewData = z.object({
  class: z.object({ id: z.string(), name: z.string() }),
  student: z.object({ id: z.string(), name: z.string() }),
  portfolios: z.array(studentPortfolioView),
  lessons: z.array(passedLessonView),
});
export type StudentViewData = z.output<typeof studentViewData>;

// Assignments (docs/decisions/039-assignments.md; the evaluator: src/domain/classes/assignments.ts).

export const assignmentTask = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("lesson"), lessonId: z.string() }),
  z.object({ kind: z.literal("trades"), count: int }),
  z.object({ kind: z.literal("instruments"), count: int }),
  z.object({ kind: z.literal("order-type"), orderType: z.enum(ASSIGNMENT_ORDER_TYPES) }),
  z.object({ kind: z.literal("max-weight"), pct: z.number() }),
  z.object({ kind: z.literal("journal"), count: int }),
]);
export type AssignmentTask = z.output<typeof assignmentTask>;

export const evidence = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("order"), orderId: z.string(), symbol: z.string(), type: z.string(), at: instant }),
  z.object({ kind: z.literal("lesson"), lessonId: z.string(), title: z.string(), at: instant }),
  z.object({ kind: z.literal("holding"), symbols: z.array(z.string()), at: z.nullable(instant) }),
  z.object({ kind: z.literal("weight"), symbol: z.string(), pct: z.nullable(z.number()) }),
]);

export const taskProgress = z.object({
  task: assignmentTask,
  done: int,
  of: int,
  complete: z.boolean(),
  late: z.boolean(),
  /** When the task was complete, or null. */
  completedAt: z.nullable(instant),
  evidence: z.array(evidence),
});
export type TaskProgress = z.output<typeof taskProgress>;

export const assignmentProgress = z.object({
  tasks: z.array(taskProgress),
  tasksDone: int,
  tasksTotal: int,
  late: z.boolean(),
  /** Percent of tasks complete, whole number (late work counts; the teacher may override). */
  score: int,
});
export type AssignmentProgress = z.output<typeof assignmentProgress>;

export const scoreOverride = z.object({ score: int, comment: z.string(), at: instant, by: z.optional(z.nullable(z.string())) });
export type ScoreOverride = z.output<typeof scoreOverride>;

export const assignmentView = z.object({
  id: z.string(),
  title: z.string(),
  instructions: z.string(),
  startsAt: instant,
  dueAt: instant,
  tasks: z.array(assignmentTask),
  createdAt: instant,
});

export const teacherAssignment = z.extend(assignmentView, { open: z.boolean(), students: int, completed: int });
export type TeacherAssignment = z.output<typeof teacherAssignment>;
export const studentAssignment = z.extend(assignmentView, { open: z.boolean(), progress: assignmentProgress, override: z.nullable(scoreOverride), score: int });
export type StudentAssignment = z.output<typeof studentAssignment>;

export const lessonChoice = z.object({ id: z.string(), title: z.string(), course: z.string() });
export type LessonChoice = z.output<typeof lessonChoice>;

export const assignmentsAnswer = z.discriminatedUnion("view", [
  z.object({ view: z.literal("teacher"), lessons: z.array(lessonChoice), items: z.array(teacherAssignment) }),
  z.object({ view: z.literal("student"), lessons: z.array(z.object({ id: z.string(), title: z.string() })), items: z.array(studentAssignment) }),
]);
export type AssignmentsAnswer = z.output<typeof assignmentsAnswer>;

export const scoreOverridden = z.object({ assignmentId: z.string(), studentId: z.string(), computedScore: int, override: scoreOverride, score: int });

export const gradebookCell = z.object({
  assignmentId: z.string(),
  done: int,
  of: int,
  late: z.boolean(),
  computedScore: int,
  override: z.nullable(scoreOverride),
  score: int,
  tasks: z.array(taskProgress),
});
export type GradebookCell = z.output<typeof gradebookCell>;

export const gradebookAnswer = z.object({
  class: z.object({ id: z.string(), name: z.string() }),
  assignments: z.array(z.object({ id: z.string(), title: z.string(), dueAt: instant, tasks: int })),
  students: z.array(z.object({ id: z.string(), name: z.string(), cells: z.array(gradebookCell) })),
});
export type GradebookAnswer = z.output<typeof gradebookAnswer>;

/** The gradebook as CSV (text/csv): documented as a string; the handler writes it itself. */
export const gradebookCsvAnswer = z.string();

// Class contests (docs/decisions/061).

export const classContestCreated = z.object({ event: eventView, slug: z.string(), joinCode: z.optional(z.string()) });
export const classEnrolled = z.object({ enrolled: int, already: int, refused: z.array(z.object({ userId: z.string(), code: z.string() })) });
export const randomTeams = z.object({ teams: z.array(z.object({ id: z.string(), name: z.string(), size: int })), placed: int, leftOut: int, alreadyInTeams: int });
