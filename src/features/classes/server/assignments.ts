/**
 * Assignments and the gradebook (docs/decisions/039-assignments.md). The server gathers what
 * each student of the class did — one set-based query per kind of fact for the whole class,
 * never one per student — and the pure evaluator (src/domain/classes/assignments.ts) turns
 * those facts into progress, evidence, late flags and scores. Who may do what is the classes
 * use-cases' (`readable`, `managed`): teachers and admins create, read everything and override
 * scores; a student reads their own progress only; anyone else gets 404.
 */
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import {
  type AssignmentProgress,
  type AssignmentTask,
  checkAssignmentDates,
  evaluateAssignment,
  type FillFact,
  type LessonFact,
  type OrderFact,
  type StudentFacts,
  type WeightFact,
} from "@/domain/classes/assignments";
import { failures } from "@/domain/errors";
import { classContestIds } from "@/features/events";
import { lessonTitles, passedLessons, publishedLessonChoices, publishedLessonIds } from "@/features/learn";
import { countedFills, ordersSince, portfolioOwners, positionWeights } from "@/features/trading";
import { csvOf } from "@/lib/csv";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { assignmentDueWeights, assignments, assignmentScoreOverrides, classes, classMembers, users } from "@/server/db/schema";
import { managed, readable, type Viewer } from "./classes";
import type { CreateAssignmentInput } from "./schemas";

type AssignmentRow = typeof assignments.$inferSelect;

const NO_ASSIGNMENT = "This class has no such assignment.";

function assignmentView(row: AssignmentRow) {
  return {
    id: row.id,
    title: row.title,
    instructions: row.instructions,
    startsAt: row.startsAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    tasks: row.tasks as AssignmentTask[],
    createdAt: row.createdAt.toISOString(),
  };
}
export type AssignmentView = ReturnType<typeof assignmentView>;

// ---------------------------------------------------------------------------------------
// Creating

/** A new assignment of the class; a lesson task must name a published lesson. */
export async function createAssignment(db: Db, viewer: Viewer, classId: string, input: CreateAssignmentInput, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const now = options.now ?? new Date();
  const startsAt = input.startsAt ?? now;
  const problem = checkAssignmentDates(startsAt, input.dueAt);
  if (problem) throw failures.invalid(problem, { dueAt: problem });
  const lessonIds = [...new Set(input.tasks.flatMap((t) => (t.kind === "lesson" ? [t.lessonId] : [])))];
  if (lessonIds.length) {
    const found = await publishedLessonIds(db, lessonIds);
    const missing = input.tasks.findIndex((t) => t.kind === "lesson" && !found.has(t.lessonId));
    if (missing >= 0) {
      const message = "There is no published lesson with this id: choose one from the list.";
      throw failures.invalid(message, { [`tasks.${missing}.lessonId`]: message });
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assignments)
      .values({ classId, title: input.title, instructions: input.instructions ?? "", tasks: input.tasks, startsAt, dueAt: input.dueAt, createdBy: viewer.id, createdAt: now })
      .returning();
    await audit(tx, { action: "class.assignment-created", actorId: viewer.id, ip: options.ip, detail: { classId, assignmentId: row!.id, title: row!.title } });
    return assignmentView(row!);
  });
}

// ---------------------------------------------------------------------------------------
// The facts, for a whole class at once

async function assignmentsOf(db: DbOrTx, classId: string): Promise<AssignmentRow[]> {
  return db.select().from(assignments).where(eq(assignments.classId, classId)).orderBy(asc(assignments.dueAt), asc(assignments.id));
}

async function studentsOf(db: DbOrTx, classId: string) {
  const rows = await db
    .select({ id: users.id, name: users.name, username: users.username, email: users.email })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.role, "student")));
  return rows.map((r) => ({ ...r, name: r.name ?? "" })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** A student's facts, and the weights recorded at each due instant that has passed (by assignment). */
type GatheredFacts = StudentFacts & { dueWeights: Map<string, WeightFact[]> };

const emptyFacts = (): { orders: OrderFact[]; fills: FillFact[]; lessons: LessonFact[]; weights: WeightFact[]; dueWeights: Map<string, WeightFact[]> } => ({
  orders: [],
  fills: [],
  lessons: [],
  weights: [],
  dueWeights: new Map(),
});

/** The portfolios an assignment looks at, to their owner: a student's practice portfolio and their portfolios in the class's own contests (events.class_id). */
async function classPortfolios(db: DbOrTx, classId: string, studentIds: string[]): Promise<Map<string, string>> {
  return portfolioOwners(db, studentIds, { practice: true, eventIds: await classContestIds(db, classId) });
}

const weightFact = (w: { symbol: string; pct: string | null }): WeightFact => ({ symbol: w.symbol, pct: w.pct === null ? Infinity : Number(w.pct) });

/** How often the due-time task looks for assignments whose due instant has passed. */
export const ASSIGNMENT_DUE_EVERY_MS = 1_000;

/**
 * The due-time task (a scheduled task, src/boot.ts): for each assignment whose due instant has
 * passed, records once its students' position weights as they stand (assignment_due_weights),
 * so a max-weight task is judged at the due time, within a second of it, whatever the students
 * hold when the gradebook is read later. Returns the assignments it processed.
 */
export async function freezeDueAssignments(context: { db: Db; now: Date; fence?: (tx: Tx) => Promise<void> }): Promise<string[]> {
  const { db, now } = context;
  const due = await db
    .select({ id: assignments.id, classId: assignments.classId, tasks: assignments.tasks })
    .from(assignments)
    .where(and(isNull(assignments.weightsFrozenAt), lte(assignments.dueAt, now)))
    .orderBy(asc(assignments.dueAt))
    .limit(100);
  const done: string[] = [];
  for (const assignment of due) {
    await db.transaction(async (tx) => {
      await context.fence?.(tx);
      const [claimed] = await tx
        .update(assignments)
        .set({ weightsFrozenAt: now })
        .where(and(eq(assignments.id, assignment.id), isNull(assignments.weightsFrozenAt)))
        .returning({ id: assignments.id });
      if (!claimed) return;
      done.push(assignment.id);
      if (!(assignment.tasks as AssignmentTask[]).some((t) => t.kind === "max-weight")) return;
      const students = await tx
        .select({ id: classMembers.userId })
        .from(classMembers)
        .where(and(eq(classMembers.classId, assignment.classId), eq(classMembers.role, "student")));
      if (students.length === 0) return;
      const ownerOf = await classPortfolios(tx, assignment.classId, students.map((s) => s.id));
      if (ownerOf.size === 0) return;
      const weights = await positionWeights(tx, [...ownerOf.keys()]);
      if (weights.length === 0) return;
      await tx.insert(assignmentDueWeights).values(weights.map((w) => ({ assignmentId: assignment.id, studentId: ownerOf.get(w.portfolioId)!, portfolioId: w.portfolioId, symbol: w.symbol, pct: w.pct })));
    });
  }
  return done;
}

/**
 * What these students did that the assignments' tasks can ask about: their practice and
 * class-contest portfolios' orders (from the earliest start on), fills (all of them, when a task asks for
 * instruments held at once: holdings at the start are built from them), lessons passed (the
 * lessons the tasks name), position weights now (the valuation views) and those recorded at
 * each due instant that has passed (assignment_due_weights). One query each.
 */
async function gatherFacts(db: DbOrTx, studentIds: string[], rows: AssignmentRow[]): Promise<Map<string, GatheredFacts>> {
  const facts = new Map(studentIds.map((id) => [id, emptyFacts()]));
  if (studentIds.length === 0 || rows.length === 0) return facts;
  const tasks = rows.flatMap((r) => r.tasks as AssignmentTask[]);
  const kinds = new Set(tasks.map((t) => t.kind));
  const earliest = new Date(Math.min(...rows.map((r) => r.startsAt.getTime())));
  const ownerOf = await classPortfolios(db, rows[0]!.classId, studentIds);
  const portfolioIds = [...ownerOf.keys()];

  const queries: Promise<void>[] = [];
  if (portfolioIds.length && (kinds.has("trades") || kinds.has("order-type") || kinds.has("journal"))) {
    queries.push(
      ordersSince(db, portfolioIds, earliest).then((found) => {
        for (const o of found) {
          facts.get(ownerOf.get(o.portfolioId)!)!.orders.push({
            id: o.id,
            symbol: o.symbol,
            type: o.type,
            status: o.status,
            journaled: o.journaled,
            createdAt: o.createdAt,
            filledAt: o.status === "filled" ? o.closedAt : null,
          });
        }
      }),
    );
  }
  if (portfolioIds.length && kinds.has("instruments")) {
    queries.push(
      countedFills(db, portfolioIds).then((found) => {
        for (const f of found) facts.get(ownerOf.get(f.portfolioId)!)!.fills.push({ orderId: f.orderId, symbol: f.symbol, side: f.side, quantity: f.quantity, at: f.at });
      }),
    );
  }
  const lessonIds = [...new Set(tasks.flatMap((t) => (t.kind === "lesson" ? [t.lessonId] : [])))];
  if (lessonIds.length) {
    const wanted = new Set(lessonIds);
    queries.push(
      passedLessons(db, studentIds).then((found) => {
        for (const l of found) if (wanted.has(l.lessonId)) facts.get(l.userId)!.lessons.push({ lessonId: l.lessonId, title: l.title, passedAt: new Date(l.passedAt) });
      }),
    );
  }
  if (portfolioIds.length && kinds.has("max-weight")) {
    queries.push(
      positionWeights(db, portfolioIds).then((found) => {
        for (const w of found) facts.get(ownerOf.get(w.portfolioId)!)!.weights.push(weightFact(w));
      }),
    );
  }
  const frozen = rows.filter((r) => r.weightsFrozenAt && (r.tasks as AssignmentTask[]).some((t) => t.kind === "max-weight")).map((r) => r.id);
  if (frozen.length) {
    queries.push(
      db
        .select()
        .from(assignmentDueWeights)
        .where(and(inArray(assignmentDueWeights.assignmentId, frozen), inArray(assignmentDueWeights.studentId, studentIds)))
        .then((found) => {
          for (const w of found) {
            const dueWeights = facts.get(w.studentId)!.dueWeights;
            dueWeights.set(w.assignmentId, [...(dueWeights.get(w.assignmentId) ?? []), weightFact(w)]);
          }
        }),
    );
  }
  // One connection on PGlite: these queue there, and run side by side on PostgreSQL.
  await Promise.all(queries);
  return facts;
}

function progressOf(row: AssignmentRow, facts: GatheredFacts | undefined, now: Date): AssignmentProgress {
  const gathered = facts ?? emptyFacts();
  // Once the due instant has been recorded, max-weight is judged on the weights at that instant.
  const judged = row.weightsFrozenAt ? { ...gathered, weights: gathered.dueWeights.get(row.id) ?? [] } : gathered;
  return evaluateAssignment(row.tasks as AssignmentTask[], judged, { startsAt: row.startsAt, dueAt: row.dueAt, now });
}

async function overridesOf(db: DbOrTx, assignmentIds: string[], studentIds?: string[]) {
  if (assignmentIds.length === 0) return new Map<string, typeof assignmentScoreOverrides.$inferSelect & { byName: string | null }>();
  const rows = await db
    .select({ row: assignmentScoreOverrides, byName: users.name })
    .from(assignmentScoreOverrides)
    .leftJoin(users, eq(users.id, assignmentScoreOverrides.overriddenBy))
    .where(and(inArray(assignmentScoreOverrides.assignmentId, assignmentIds), studentIds ? inArray(assignmentScoreOverrides.studentId, studentIds) : undefined));
  return new Map(rows.map((r) => [`${r.row.assignmentId}:${r.row.studentId}`, { ...r.row, byName: r.byName }]));
}

function overrideView(o: { score: number; comment: string; overriddenAt: Date; byName?: string | null } | undefined) {
  return o ? { score: o.score, comment: o.comment, at: o.overriddenAt.toISOString(), by: o.byName ?? null } : null;
}

// ---------------------------------------------------------------------------------------
// Reading

/**
 * The class's assignments as the viewer may see them. A teacher (or admin): every assignment,
 * how many students have completed it, and the lessons to choose from. A student: every
 * assignment with their own progress (per task: done/of, evidence, late) and score.
 */
export async function listAssignments(db: Db, viewer: Viewer, classId: string, options: { now?: Date } = {}) {
  const { standing } = await readable(db, classId, viewer);
  const now = options.now ?? new Date();
  const rows = await assignmentsOf(db, classId);
  if (standing === "student") {
    const facts = await gatherFacts(db, [viewer.id], rows);
    const overrides = await overridesOf(db, rows.map((r) => r.id), [viewer.id]);
    const lessonIds = [...new Set(rows.flatMap((r) => (r.tasks as AssignmentTask[]).flatMap((t) => (t.kind === "lesson" ? [t.lessonId] : []))))];
    const named = await lessonTitles(db, lessonIds);
    return {
      view: "student" as const,
      /** The titles of the lessons the tasks name. */
      lessons: named,
      items: rows.map((row) => {
        const progress = progressOf(row, facts.get(viewer.id), now);
        const override = overrideView(overrides.get(`${row.id}:${viewer.id}`));
        return { ...assignmentView(row), open: now <= row.dueAt, progress, override, score: override?.score ?? progress.score };
      }),
    };
  }
  const [students, lessonsToChoose] = await Promise.all([studentsOf(db, classId), publishedLessonChoices(db)]);
  const facts = await gatherFacts(db, students.map((s) => s.id), rows);
  return {
    view: "teacher" as const,
    lessons: lessonsToChoose,
    items: rows.map((row) => ({
      ...assignmentView(row),
      open: now <= row.dueAt,
      students: students.length,
      completed: students.filter((s) => progressOf(row, facts.get(s.id), now).tasksDone === (row.tasks as AssignmentTask[]).length).length,
    })),
  };
}
export type AssignmentsList = Awaited<ReturnType<typeof listAssignments>>;

/** How many open assignments the dashboard lists; the rest are on the class page. */
export const OPEN_ASSIGNMENTS_SHOWN = 5;

/**
 * The person's open assignments across the classes they are a student in, for the dashboard:
 * started and not yet due, soonest due first, each with its class and the person's own progress
 * (the same evaluator and facts as the class page's, `progressOf`). One query for the
 * assignments, then the facts once per class (a student is in few). Empty for someone in no class.
 */
export async function openAssignmentsFor(db: Db, userId: string, options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const limit = options.limit ?? OPEN_ASSIGNMENTS_SHOWN;
  const found = await db
    .select({ row: assignments, className: classes.name })
    .from(assignments)
    .innerJoin(classMembers, and(eq(classMembers.classId, assignments.classId), eq(classMembers.userId, userId), eq(classMembers.role, "student")))
    .innerJoin(classes, eq(classes.id, assignments.classId))
    .where(and(lte(assignments.startsAt, now), gte(assignments.dueAt, now)))
    .orderBy(asc(assignments.dueAt), asc(assignments.id));
  const shown = found.slice(0, limit);
  const byClass = new Map<string, AssignmentRow[]>();
  for (const { row } of shown) byClass.set(row.classId, [...(byClass.get(row.classId) ?? []), row]);
  const facts = new Map<string, GatheredFacts | undefined>();
  for (const rows of byClass.values()) facts.set(rows[0]!.classId, (await gatherFacts(db, [userId], rows)).get(userId));
  return {
    items: shown.map(({ row, className }) => {
      const progress = progressOf(row, facts.get(row.classId), now);
      return {
        id: row.id,
        title: row.title,
        classId: row.classId,
        className,
        dueAt: row.dueAt.toISOString(),
        tasksDone: progress.tasksDone,
        tasksTotal: progress.tasksTotal,
        score: progress.score,
      };
    }),
    total: found.length,
  };
}
export type OpenAssignments = Awaited<ReturnType<typeof openAssignmentsFor>>;

/**
 * The gradebook: students × assignments, each cell with tasks done of tasks, late, the
 * computed score, the teacher's override (with its comment) and the score that counts.
 */
export async function gradebook(db: Db, viewer: Viewer, classId: string, options: { now?: Date } = {}) {
  const { row: klass } = await managed(db, classId, viewer);
  const now = options.now ?? new Date();
  const [rows, students] = await Promise.all([assignmentsOf(db, classId), studentsOf(db, classId)]);
  const facts = await gatherFacts(db, students.map((s) => s.id), rows);
  const overrides = await overridesOf(db, rows.map((r) => r.id));
  return {
    class: { id: klass.id, name: klass.name },
    assignments: rows.map((r) => ({ id: r.id, title: r.title, dueAt: r.dueAt.toISOString(), tasks: (r.tasks as AssignmentTask[]).length })),
    students: students.map((s) => ({
      id: s.id,
      name: s.name,
      cells: rows.map((r) => {
        const progress = progressOf(r, facts.get(s.id), now);
        const override = overrideView(overrides.get(`${r.id}:${s.id}`));
        return {
          assignmentId: r.id,
          done: progress.tasksDone,
          of: progress.tasksTotal,
          late: progress.late,
          computedScore: progress.score,
          override,
          score: override?.score ?? progress.score,
          tasks: progress.tasks,
        };
      }),
    })),
    // For the CSV's Canvas and Classroom columns; not shown in the JSON's consumers.
    people: new Map(students.map((s) => [s.id, { username: s.username, email: s.email }])),
  };
}
export type Gradebook = Omit<Awaited<ReturnType<typeof gradebook>>, "people">;

/** The gradebook as the JSON answer (without the CSV's private columns). */
export async function gradebookView(db: Db, viewer: Viewer, classId: string, options: { now?: Date } = {}): Promise<Gradebook> {
  const { people: _people, ...book } = await gradebook(db, viewer, classId, options);
  return book;
}

/** "Maya de la Cruz" → first "Maya", last "de la Cruz"; one name is a first name. */
function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first: parts[0] ?? "", last: "" };
  const first = parts[0]!;
  return { first, last: parts.slice(1).join(" ") };
}

/**
 * The gradebook as CSV (formula-safe through `csvOf`), in the shape a gradebook import takes
 * (docs/gradebook-csv.md): `canvas` — Student, ID, SIS User ID, SIS Login ID, Section, then a
 * column per assignment, a "Points Possible" row first; `classroom` — Last Name, First Name,
 * Email Address, then a column per assignment. A cell is the score that counts (0–100).
 */
export async function gradebookCsv(db: Db, viewer: Viewer, classId: string, shape: "canvas" | "classroom", options: { now?: Date } = {}) {
  const book = await gradebook(db, viewer, classId, options);
  const titles = book.assignments.map((a) => a.title);
  const scores = (s: (typeof book.students)[number]) => s.cells.map((c) => c.score);
  const lines: (string | number | null)[][] =
    shape === "canvas"
      ? [
          ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", ...titles],
          ["Points Possible", "", "", "", "", ...titles.map(() => 100)],
          ...book.students.map((s) => {
            const { first, last } = splitName(s.name);
            const person = book.people.get(s.id)!;
            return [last ? `${last}, ${first}` : first, "", s.id, person.username ?? person.email ?? "", book.class.name, ...scores(s)];
          }),
        ]
      : [
          ["Last Name", "First Name", "Email Address", ...titles],
          ...book.students.map((s) => {
            const { first, last } = splitName(s.name);
            return [last, first, book.people.get(s.id)!.email ?? "", ...scores(s)];
          }),
        ];
  const slug = book.class.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "class";
  return { filename: `${slug}-gradebook-${shape}.csv`, body: csvOf(lines) };
}

// ---------------------------------------------------------------------------------------
// Overriding a score

async function assignmentIn(db: DbOrTx, classId: string, assignmentId: string) {
  const [row] = await db.select().from(assignments).where(and(eq(assignments.id, assignmentId), eq(assignments.classId, classId)));
  if (!row) throw failures.notFound(NO_ASSIGNMENT);
  return row;
}

async function assertStudent(db: DbOrTx, classId: string, studentId: string) {
  const [member] = await db
    .select({ id: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId), eq(classMembers.role, "student")));
  if (!member) throw failures.notFound("This class has no such student.");
}

/** The teacher's score for one student's assignment, with a comment; audited with the score it replaced. */
export async function overrideScore(db: Db, viewer: Viewer, classId: string, assignmentId: string, studentId: string, input: { score: number; comment: string }, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const row = await assignmentIn(db, classId, assignmentId);
  await assertStudent(db, classId, studentId);
  const now = options.now ?? new Date();
  const computed = progressOf(row, (await gatherFacts(db, [studentId], [row])).get(studentId), now).score;
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ score: assignmentScoreOverrides.score })
      .from(assignmentScoreOverrides)
      .where(and(eq(assignmentScoreOverrides.assignmentId, assignmentId), eq(assignmentScoreOverrides.studentId, studentId)));
    const values = { score: input.score, comment: input.comment, overriddenBy: viewer.id, overriddenAt: now };
    await tx
      .insert(assignmentScoreOverrides)
      .values({ assignmentId, studentId, ...values })
      .onConflictDoUpdate({ target: [assignmentScoreOverrides.assignmentId, assignmentScoreOverrides.studentId], set: values });
    await audit(tx, {
      action: "class.score-overridden",
      actorId: viewer.id,
      subjectId: studentId,
      ip: options.ip,
      detail: { classId, assignmentId, computed, from: previous?.score ?? null, to: input.score, comment: input.comment },
    });
    return { assignmentId, studentId, computedScore: computed, override: { score: input.score, comment: input.comment, at: now.toISOString() }, score: input.score };
  });
}

/** Takes the override back: the computed score counts again (audited, with `to: null`). */
export async function clearScoreOverride(db: Db, viewer: Viewer, classId: string, assignmentId: string, studentId: string, options: { ip?: string } = {}) {
  await managed(db, classId, viewer);
  await assignmentIn(db, classId, assignmentId);
  await assertStudent(db, classId, studentId);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(assignmentScoreOverrides)
      .where(and(eq(assignmentScoreOverrides.assignmentId, assignmentId), eq(assignmentScoreOverrides.studentId, studentId)))
      .returning({ score: assignmentScoreOverrides.score });
    if (removed.length) {
      await audit(tx, { action: "class.score-overridden", actorId: viewer.id, subjectId: studentId, ip: options.ip, detail: { classId, assignmentId, from: removed[0]!.score, to: null } });
    }
  });
}
