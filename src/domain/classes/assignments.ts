/**
 * Assignments that check themselves (docs/decisions/039-assignments.md). Pure: the facts of
 * what one student did come in (their fills, orders, lessons passed, the weights of their
 * positions), the progress of each task goes out, with the evidence (which order, which
 * lesson) and whether it was done late. Nothing a student says about themselves counts.
 *
 * The window: work from the assignment's `startsAt` counts; work after `dueAt` counts too,
 * flagged late. A task is done at the instant its last needed piece happened; it is late
 * when that instant is after `dueAt` (the due instant itself is on time).
 */
import { type Side, signedQuantity } from "@/domain/trading";

export const ASSIGNMENT_TITLE_MAX_LENGTH = 120;
export const ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH = 4000;
export const MAX_ASSIGNMENT_TASKS = 12;
/** The largest count a trades, instruments or journal task may ask for. */
export const MAX_TASK_COUNT = 100;
export const ASSIGNMENT_ORDER_TYPES = ["market", "limit", "stop", "stop-limit"] as const;
export type AssignmentOrderType = (typeof ASSIGNMENT_ORDER_TYPES)[number];
export const TASK_KINDS = ["lesson", "trades", "instruments", "order-type", "max-weight", "journal"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export type AssignmentTask =
  | { kind: "lesson"; lessonId: string }
  | { kind: "trades"; count: number }
  | { kind: "instruments"; count: number }
  | { kind: "order-type"; orderType: AssignmentOrderType }
  | { kind: "max-weight"; pct: number }
  | { kind: "journal"; count: number };

/** One order of the student's, as the evaluator needs it. */
export interface OrderFact {
  id: string;
  symbol: string;
  type: string;
  status: string;
  /** Whether its journal note is non-empty after trimming. */
  journaled: boolean;
  createdAt: Date;
  /** When it filled (orders fill whole here); null unless filled. */
  filledAt: Date | null;
}

/** One fill, all of the student's history (holdings at the window's start are built from it). */
export interface FillFact {
  orderId: string;
  symbol: string;
  side: Side;
  quantity: number;
  at: Date;
}

export interface LessonFact {
  lessonId: string;
  title: string;
  passedAt: Date;
}

/** A position's share of its portfolio's equity (the engine's valuation), at the instant checked. */
export interface WeightFact {
  symbol: string;
  /** |market value| / equity × 100; Infinity when equity is not positive. */
  pct: number;
}

export interface StudentFacts {
  orders: readonly OrderFact[];
  fills: readonly FillFact[];
  lessons: readonly LessonFact[];
  /** Position weights: now while the assignment is open, at the due instant once it was recorded (decision 039). */
  weights: readonly WeightFact[];
}

export type Evidence =
  | { kind: "order"; orderId: string; symbol: string; type: string; at: string }
  | { kind: "lesson"; lessonId: string; title: string; at: string }
  | { kind: "holding"; symbols: string[]; at: string | null }
  | { kind: "weight"; symbol: string; pct: number | null };

export interface TaskProgress {
  task: AssignmentTask;
  done: number;
  of: number;
  complete: boolean;
  late: boolean;
  /** When the task was complete (ISO), or null. */
  completedAt: string | null;
  evidence: Evidence[];
}

export interface AssignmentProgress {
  tasks: TaskProgress[];
  tasksDone: number;
  tasksTotal: number;
  late: boolean;
  /** Percent of tasks complete, whole number (late work counts; the teacher may override). */
  score: number;
}

export interface Window {
  startsAt: Date;
  dueAt: Date;
  now: Date;
}

const iso = (d: Date) => d.toISOString();
const inWindow = (at: Date | null, w: Window): at is Date => at !== null && at >= w.startsAt && at <= w.now;
const byTime = <T>(at: (x: T) => Date) => (a: T, b: T) => at(a).getTime() - at(b).getTime();

function orderEvidence(o: OrderFact, at: Date): Evidence {
  return { kind: "order", orderId: o.id, symbol: o.symbol, type: o.type, at: iso(at) };
}

/** The first `count` of these (sorted by time) complete the task: done/of, and when. */
function counted<T>(items: T[], count: number, at: (x: T) => Date, evidence: (x: T) => Evidence, task: AssignmentTask, w: Window): TaskProgress {
  const sorted = [...items].sort(byTime(at));
  const used = sorted.slice(0, count);
  const complete = sorted.length >= count;
  const completedAt = complete ? at(sorted[count - 1]!) : null;
  return {
    task,
    done: Math.min(sorted.length, count),
    of: count,
    complete,
    late: completedAt !== null && completedAt > w.dueAt,
    completedAt: completedAt && iso(completedAt),
    evidence: used.map(evidence),
  };
}

/**
 * The first instant from `startsAt` at which `count` instruments were held at once (long or
 * short), replaying the fills in time order; with the symbols held then.
 */
function heldAtOnce(fills: readonly FillFact[], count: number, w: Window): { at: Date; symbols: string[] } | { best: number; symbols: string[] } {
  const quantity = new Map<string, number>();
  const held = () => [...quantity].filter(([, q]) => q !== 0).map(([s]) => s).sort();
  let best: string[] = [];
  let startChecked = false;
  for (const fill of [...fills].sort(byTime((f: FillFact) => f.at))) {
    if (fill.at > w.now) break;
    if (!startChecked && fill.at >= w.startsAt) {
      // Holdings as they stood when the window opened count too.
      startChecked = true;
      const before = held();
      if (before.length >= count) return { at: w.startsAt, symbols: before };
      if (before.length > best.length) best = before;
    }
    quantity.set(fill.symbol, (quantity.get(fill.symbol) ?? 0) + signedQuantity(fill.side, fill.quantity));
    if (fill.at < w.startsAt) continue;
    const now = held();
    if (now.length >= count) return { at: fill.at, symbols: now };
    if (now.length > best.length) best = now;
  }
  if (!startChecked) {
    const before = held();
    if (before.length >= count) return { at: w.startsAt, symbols: before };
    if (before.length > best.length) best = before;
  }
  return { best: best.length, symbols: best };
}

export function evaluateTask(task: AssignmentTask, facts: StudentFacts, w: Window): TaskProgress {
  switch (task.kind) {
    case "trades": {
      const filled = facts.orders.filter((o) => o.status === "filled" && inWindow(o.filledAt, w));
      return counted(filled, task.count, (o) => o.filledAt!, (o) => orderEvidence(o, o.filledAt!), task, w);
    }
    case "order-type": {
      const filled = facts.orders.filter((o) => o.status === "filled" && o.type === task.orderType && inWindow(o.filledAt, w));
      return counted(filled, 1, (o) => o.filledAt!, (o) => orderEvidence(o, o.filledAt!), task, w);
    }
    case "journal": {
      const written = facts.orders.filter((o) => o.journaled && o.status !== "rejected" && inWindow(o.createdAt, w));
      return counted(written, task.count, (o) => o.createdAt, (o) => orderEvidence(o, o.createdAt), task, w);
    }
    case "lesson": {
      // Passing is a state: a lesson passed before the assignment was set counts.
      const passed = facts.lessons.filter((l) => l.lessonId === task.lessonId && l.passedAt <= w.now);
      return counted(passed, 1, (l) => l.passedAt, (l) => ({ kind: "lesson", lessonId: l.lessonId, title: l.title, at: iso(l.passedAt) }), task, w);
    }
    case "instruments": {
      const found = heldAtOnce(facts.fills, task.count, w);
      if ("at" in found) {
        return { task, done: task.count, of: task.count, complete: true, late: found.at > w.dueAt, completedAt: iso(found.at), evidence: [{ kind: "holding", symbols: found.symbols, at: iso(found.at) }] };
      }
      return { task, done: Math.min(found.best, task.count), of: task.count, complete: false, late: false, completedAt: null, evidence: found.symbols.length ? [{ kind: "holding", symbols: found.symbols, at: null }] : [] };
    }
    case "max-weight": {
      // Holding nothing meets no limit: the task is about a portfolio, so it wants one.
      const over = facts.weights.filter((p) => p.pct > task.pct).sort((a, b) => b.pct - a.pct);
      const complete = facts.weights.length > 0 && over.length === 0;
      return {
        task,
        done: complete ? 1 : 0,
        of: 1,
        complete,
        late: false,
        completedAt: complete ? iso(w.now < w.dueAt ? w.now : w.dueAt) : null,
        evidence: (complete ? [...facts.weights].sort((a, b) => b.pct - a.pct).slice(0, 1) : over).map((p) => ({ kind: "weight" as const, symbol: p.symbol, pct: roundPct(p.pct) })),
      };
    }
  }
}

/** A weight to show: two decimals, toward the larger number (a limit is never shown as met when it was not). */
export function roundPct(pct: number): number | null {
  return Number.isFinite(pct) ? Math.ceil(pct * 100 - 1e-9) / 100 : null;
}

export function evaluateAssignment(tasks: readonly AssignmentTask[], facts: StudentFacts, w: Window): AssignmentProgress {
  const progress = tasks.map((t) => evaluateTask(t, facts, w));
  const tasksDone = progress.filter((p) => p.complete).length;
  return {
    tasks: progress,
    tasksDone,
    tasksTotal: tasks.length,
    late: progress.some((p) => p.late),
    score: scoreOf(tasksDone, tasks.length),
  };
}

/** Tasks complete over tasks, as a whole percent rounded down (never a point the student did not earn). */
export function scoreOf(done: number, total: number): number {
  return total === 0 ? 0 : Math.floor((done * 100) / total);
}

/** The checks zod cannot do alone: the due instant after the start. */
export function checkAssignmentDates(startsAt: Date, dueAt: Date): string | null {
  if (!(dueAt.getTime() > startsAt.getTime())) return "The due time must be after the assignment starts.";
  return null;
}
