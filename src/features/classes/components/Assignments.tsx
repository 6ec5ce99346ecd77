/**
 * A class's assignments on the class page (docs/decisions/039-assignments.md). The teacher
 * sets one (title, instructions, the due time in the page's zone, a list of tasks with a
 * lesson picker) and sees how many students completed each; a student sees each assignment
 * with their own progress per task, the evidence the server found (which order, which lesson)
 * and late work marked. Progress is the server's; nothing here computes it.
 */
import { useState, type FormEvent } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Alert, Badge, Button, Card, Field, SelectField } from "@/components/ui";
import { useTimeFormat } from "@/components/ui";
import { ASSIGNMENT_ORDER_TYPES, MAX_ASSIGNMENT_TASKS, type TaskKind } from "@/domain/classes/assignments";
import { ApiError, call, endpointUrl, fetcherOf } from "@/lib/client/api";
import { classEndpoints } from "./endpoints";
import { fromWallTime, integer, type TimeFormat } from "@/lib/format";
import type { AssignmentTask, LessonChoice, StudentAssignment, TaskProgress, TeacherAssignment } from "./assignment-types";
import styles from "./assignments.module.css";

export const assignmentsKey = (classId: string) => endpointUrl(classEndpoints.assignments, { params: { id: classId } });
export const gradebookKey = (classId: string) => endpointUrl(classEndpoints.gradebook, { params: { id: classId } });

/** What a task asks, in words ("3 filled orders", "Pass “Limit orders”"). */
export function taskLabel(task: AssignmentTask, lessons: ReadonlyArray<{ id: string; title: string }> = []): string {
  const plural = (n: number, one: string, many: string) => `${integer(n)} ${n === 1 ? one : many}`;
  switch (task.kind) {
    case "lesson": {
      const lesson = lessons.find((l) => l.id === task.lessonId);
      return lesson ? `Pass the lesson “${lesson.title}”` : "Pass a lesson";
    }
    case "trades":
      return `Make ${plural(task.count, "filled order", "filled orders")}`;
    case "instruments":
      return `Hold ${plural(task.count, "instrument", "different instruments")} at once`;
    case "order-type":
      return `Fill a ${task.orderType} order`;
    case "max-weight":
      return `Keep every position at or below ${task.pct} % of equity`;
    case "journal":
      return `Write the reason for ${plural(task.count, "order", "orders")}`;
  }
}

export function ClassAssignments({ classId }: { classId: string }) {
  const { data, error, mutate } = useSWR(assignmentsKey(classId), fetcherOf(classEndpoints.assignments));
  if (error) return <Alert tone="error">The assignments could not be loaded. Reload the page to try again.</Alert>;
  if (!data) return <Card title="Assignments"><p className={styles.meta}>Loading assignments…</p></Card>;
  return data.view === "teacher" ? (
    <TeacherAssignments classId={classId} items={data.items} lessons={data.lessons} refresh={() => void mutate()} />
  ) : (
    <StudentAssignments items={data.items} lessons={data.lessons} />
  );
}

// ---------------------------------------------------------------------------------------
// The student's view

function StudentAssignments({ items, lessons }: { items: StudentAssignment[]; lessons: ReadonlyArray<{ id: string; title: string }> }) {
  const zone = useTimeFormat();
  return (
    <Card title={`Assignments (${integer(items.length)})`}>
      {items.length === 0 ? (
        <p className={styles.meta}>No assignments yet.</p>
      ) : (
        <ul className={styles.list}>
          {items.map((a) => (
            <li key={a.id} className={styles.item}>
              <div className={styles.itemHead}>
                <h3>{a.title}</h3>
                <span className={styles.badges}>
                  <Badge tone={a.progress.tasksDone === a.progress.tasksTotal ? "success" : undefined}>
                    {integer(a.progress.tasksDone)} of {integer(a.progress.tasksTotal)} done
                  </Badge>
                  {a.progress.late && <Badge tone="danger">Late</Badge>}
                </span>
              </div>
              <p className={styles.meta}>
                Due {zone.dateTimeYear(a.dueAt)} ({zone.timeZone}) · {a.open ? "open" : "closed; work now counts as late"} · Score {integer(a.score)} %
              </p>
              {a.instructions && <p className={styles.instructions}>{a.instructions}</p>}
              {a.override && (
                <p className={styles.override}>
                  Your teacher set the score to {integer(a.override.score)} % (computed: {integer(a.progress.score)} %): {a.override.comment}
                </p>
              )}
              <ol className={styles.tasks}>
                {a.progress.tasks.map((t, i) => (
                  <TaskLine key={i} progress={t} zone={zone} lessons={lessons} open={a.open} />
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function TaskLine({ progress, zone, lessons, open }: { progress: TaskProgress; zone: TimeFormat; lessons: ReadonlyArray<{ id: string; title: string }>; open: boolean }) {
  return (
    <li className={styles.task}>
      <span className={styles.taskHead}>
        <span aria-hidden="true" className={progress.complete ? styles.tick : styles.open}>
          {progress.complete ? "✓" : "○"}
        </span>
        <span>
          {taskLabel(progress.task, lessons)}{" "}
          <span className={styles.meta}>
            {integer(progress.done)}/{integer(progress.of)}
            {progress.complete ? " · done" : " · not yet"}
          </span>{" "}
          {progress.late && <Badge tone="danger">Late</Badge>}
        </span>
      </span>
      {progress.evidence.length > 0 && (
        <ul className={styles.evidence} aria-label="Evidence">
          {progress.evidence.map((e, i) => (
            <li key={i}>
              {e.kind === "order" && (
                <>
                  {e.type} order, {e.symbol}, {zone.dateTime(e.at)}
                </>
              )}
              {e.kind === "lesson" && (
                <>
                  Passed “{e.title}”, {zone.dateTime(e.at)}
                </>
              )}
              {e.kind === "holding" && (
                <>
                  Held {e.symbols.join(", ")}
                  {e.at && <>, {zone.dateTime(e.at)}</>}
                </>
              )}
              {e.kind === "weight" && (
                <>
                  {e.symbol}: {e.pct === null ? "more than the equity" : `${e.pct.toFixed(2)} % of equity`} {open ? "now" : "at the due time"}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

// ---------------------------------------------------------------------------------------
// The teacher's view

function TeacherAssignments({ classId, items, lessons, refresh }: { classId: string; items: TeacherAssignment[]; lessons: LessonChoice[]; refresh: () => void }) {
  const zone = useTimeFormat();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  return (
    <Card
      title={`Assignments (${integer(items.length)})`}
      actions={
        !creating && (
          <Button size="small" onClick={() => (setCreating(true), setNotice(null))}>
            New assignment
          </Button>
        )
      }
    >
      {notice && (
        <p role="status" className={styles.meta}>
          {notice}
        </p>
      )}
      {creating && (
        <AssignmentForm
          classId={classId}
          lessons={lessons}
          onCancel={() => setCreating(false)}
          onCreated={(title) => {
            setCreating(false);
            setNotice(`“${title}” was set. Progress shows as your students work.`);
            refresh();
            void mutate(gradebookKey(classId));
          }}
        />
      )}
      {items.length === 0 && !creating ? (
        <p className={styles.meta}>No assignments yet. Set one: the tasks check themselves from what each student does.</p>
      ) : (
        <ul className={styles.list}>
          {items.map((a) => (
            <li key={a.id} className={styles.item}>
              <div className={styles.itemHead}>
                <h3>{a.title}</h3>
                <span className={styles.badges}>
                  <Badge tone={a.students > 0 && a.completed === a.students ? "success" : undefined}>
                    {integer(a.completed)} of {integer(a.students)} complete
                  </Badge>
                  {!a.open && <Badge>Past due</Badge>}
                </span>
              </div>
              <p className={styles.meta}>Due {zone.dateTimeYear(a.dueAt)} ({zone.timeZone})</p>
              <ul className={styles.taskNames}>
                {a.tasks.map((t, i) => (
                  <li key={i}>{taskLabel(t, lessons)}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type TaskDraft = { kind: TaskKind; value: string };
const DEFAULT_VALUE: Record<TaskKind, string> = { lesson: "", trades: "3", instruments: "3", "order-type": "limit", "max-weight": "25", journal: "3" };
const KIND_NAMES: Record<TaskKind, string> = {
  trades: "Filled orders",
  instruments: "Instruments held at once",
  "order-type": "An order of a type",
  "max-weight": "Largest position (% of equity)",
  journal: "Orders with a written reason",
  lesson: "Pass a lesson",
};

function taskOf(draft: TaskDraft): AssignmentTask {
  switch (draft.kind) {
    case "lesson":
      return { kind: "lesson", lessonId: draft.value };
    case "order-type":
      return { kind: "order-type", orderType: draft.value as (typeof ASSIGNMENT_ORDER_TYPES)[number] };
    case "max-weight":
      return { kind: "max-weight", pct: Number(draft.value) };
    default:
      return { kind: draft.kind, count: Number(draft.value) };
  }
}

/** Tomorrow 17:00 in the page's zone, as a datetime-local value. */
function defaultDue(zone: TimeFormat): string {
  const tomorrow = zone.day(new Date(Date.now() + 86_400_000));
  return `${tomorrow}T17:00`;
}

function AssignmentForm({ classId, lessons, onCancel, onCreated }: { classId: string; lessons: LessonChoice[]; onCancel: () => void; onCreated: (title: string) => void }) {
  const zone = useTimeFormat();
  const [title, setTitle] = useState("");
  const [instructions, setInstructions] = useState("");
  const [due, setDue] = useState(() => defaultDue(zone));
  const [tasks, setTasks] = useState<TaskDraft[]>([{ kind: "trades", value: "3" }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const setTask = (i: number, change: Partial<TaskDraft>) => setTasks((all) => all.map((t, j) => (j === i ? { ...t, ...change } : t)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const dueAt = fromWallTime(due, zone.timeZone);
    if (!title.trim()) return setErrors({ title: "Give the assignment a title." });
    if (!dueAt) return setErrors({ dueAt: "Enter the due date and time." });
    setBusy(true);
    setErrors({});
    try {
      await call(classEndpoints.createAssignment, { params: { id: classId }, body: { title, instructions: instructions || undefined, dueAt, tasks: tasks.map(taskOf) } });
      onCreated(title.trim());
    } catch (error) {
      if (error instanceof ApiError) setErrors({ ...error.fields, _: error.message });
      else setErrors({ _: "Could not set the assignment. Try again." });
    } finally {
      setBusy(false);
    }
  }

  const taskError = (i: number) => Object.entries(errors).find(([k]) => k.startsWith(`tasks.${i}`))?.[1];
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="New assignment">
      <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={120} required />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`instructions-${classId}`}>
          Instructions (optional)
        </label>
        <textarea id={`instructions-${classId}`} className={styles.textarea} rows={3} value={instructions} onChange={(e) => setInstructions(e.target.value)} maxLength={4000} />
      </div>
      <Field label={`Due (${zone.timeZone} time)`} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} error={errors.dueAt} required hint="Work after this still counts, marked late." />
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Tasks</legend>
        <ol className={styles.taskEditor}>
          {tasks.map((t, i) => (
            <li key={i} className={styles.taskRow}>
              <SelectField label={`Task ${i + 1}`} value={t.kind} onChange={(e) => setTask(i, { kind: e.target.value as TaskKind, value: DEFAULT_VALUE[e.target.value as TaskKind] })}>
                {(Object.keys(KIND_NAMES) as TaskKind[]).map((k) => (
                  <option key={k} value={k}>
                    {KIND_NAMES[k]}
                  </option>
                ))}
              </SelectField>
              {t.kind === "lesson" ? (
                <SelectField label="Lesson" value={t.value} onChange={(e) => setTask(i, { value: e.target.value })} error={taskError(i)}>
                  <option value="">Choose a lesson…</option>
                  {lessons.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.course}: {l.title}
                    </option>
                  ))}
                </SelectField>
              ) : t.kind === "order-type" ? (
                <SelectField label="Order type" value={t.value} onChange={(e) => setTask(i, { value: e.target.value })} error={taskError(i)}>
                  {ASSIGNMENT_ORDER_TYPES.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <Field
                  label={t.kind === "max-weight" ? "Largest weight (%)" : "How many"}
                  inputMode="decimal"
                  value={t.value}
                  onChange={(e) => setTask(i, { value: e.target.value })}
                  error={taskError(i)}
                />
              )}
              <Button variant="secondary" size="small" onClick={() => setTasks((all) => all.filter((_, j) => j !== i))} disabled={tasks.length === 1} aria-label={`Remove task ${i + 1}`}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <Button variant="secondary" size="small" onClick={() => setTasks((all) => [...all, { kind: "trades", value: "3" }])} disabled={tasks.length >= MAX_ASSIGNMENT_TASKS}>
          Add a task
        </Button>
      </fieldset>
      {errors._ && (
        <p className={styles.error} role="alert">
          {errors._}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={busy}>
          Set assignment
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Discard
        </Button>
      </div>
    </form>
  );
}
