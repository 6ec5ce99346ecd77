/**
 * The gradebook on the class page (docs/decisions/039-assignments.md): students × assignments,
 * each cell tasks done of tasks, late, and the score that counts; an override shows beside the
 * computed score, with its comment. The teacher overrides a score in a dialog (audited on the
 * server) and downloads the CSV with one click (docs/gradebook-csv.md).
 */
import { useState } from "react";
import useSWR from "swr";
import { Alert, Badge, Button, buttonClass, Card, Field } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { DataTable } from "@/components/ui/DataTable";
import { ApiError, call, fetcherOf } from "@/lib/client/api";
import { classEndpoints } from "./endpoints";
import { integer } from "@/lib/format";
import { gradebookKey } from "./Assignments";
import type { GradebookCell } from "./assignment-types";
import styles from "./assignments.module.css";

type Editing = { studentId: string; studentName: string; assignmentId: string; title: string; cell: GradebookCell } | null;

export function Gradebook({ classId }: { classId: string }) {
  const { data, error, mutate } = useSWR(gradebookKey(classId), fetcherOf(classEndpoints.gradebook));
  const [editing, setEditing] = useState<Editing>(null);
  const [score, setScore] = useState("");
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (error) return <Alert tone="error">The gradebook could not be loaded. Reload the page to try again.</Alert>;
  if (!data) return <Card title="Gradebook"><p className={styles.meta}>Loading the gradebook…</p></Card>;

  function open(next: NonNullable<Editing>) {
    setEditing(next);
    setScore(String(next.cell.score));
    setComment(next.cell.override?.comment ?? "");
    setErrors({});
  }

  async function save() {
    if (!editing) return;
    const value = Number(score);
    if (score.trim() === "" || !Number.isInteger(value) || value < 0 || value > 100) return setErrors({ score: "Give the score as a whole percent, 0–100." });
    if (!comment.trim()) return setErrors({ comment: "Say why you changed the score (the student sees it)." });
    setBusy(true);
    try {
      await call(classEndpoints.overrideScore, { params: { id: classId, assignmentId: editing.assignmentId, studentId: editing.studentId }, body: { score: value, comment } });
      setEditing(null);
      void mutate();
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.fields, _: err.message } : { _: "Could not save the score. Try again." });
    } finally {
      setBusy(false);
    }
  }

  const csv = `/api/classes/${classId}/gradebook.csv`;
  return (
    <Card
      title="Gradebook"
      actions={
        data.assignments.length > 0 && (
          <a className={buttonClass({ variant: "secondary", size: "small" })} href={csv} download>
            Download CSV
          </a>
        )
      }
    >
      {data.assignments.length === 0 || data.students.length === 0 ? (
        <p className={styles.meta}>{data.assignments.length === 0 ? "Set an assignment and its progress shows here." : "No students yet."}</p>
      ) : (
        <>
          <p className={styles.meta}>
            Each cell: tasks done of tasks and the score. The CSV imports into Canvas (<a href={csv}>as is</a>) or Google Classroom (<a href={`${csv}?shape=classroom`}>classroom columns</a>).
          </p>
          <DataTable caption={`Gradebook of ${data.class.name}`} className={styles.gradebook} density="compact">
            <thead>
              <tr>
                <th scope="col">Student</th>
                {data.assignments.map((a) => (
                  <th scope="col" key={a.id}>
                    {a.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  {s.cells.map((cell, i) => {
                    const assignment = data.assignments[i]!;
                    return (
                      <td key={cell.assignmentId}>
                        <span className={styles.cellLabel}>{assignment.title}: </span>
                        <span className={styles.cell}>
                          <span>
                            {integer(cell.done)}/{integer(cell.of)} · <strong>{integer(cell.score)} %</strong>
                          </span>
                          {cell.override && (
                            <span className={styles.meta} title={cell.override.comment}>
                              (computed {integer(cell.computedScore)} %)
                            </span>
                          )}
                          {cell.late && <Badge tone="danger">Late</Badge>}
                          <Button
                            size="small"
                            variant="secondary"
                            onClick={() => open({ studentId: s.id, studentName: s.name, assignmentId: assignment.id, title: assignment.title, cell })}
                            aria-label={`Change ${s.name}'s score for ${assignment.title}`}
                          >
                            Change
                          </Button>
                        </span>
                        {cell.override && <span className={styles.overrideNote}>“{cell.override.comment}”</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      )}
      <ConfirmDialog
        open={Boolean(editing)}
        title={editing ? `${editing.studentName}: ${editing.title}` : ""}
        confirmLabel="Save score"
        cancelLabel="Keep score"
        busy={busy}
        onCancel={() => setEditing(null)}
        onConfirm={() => void save()}
      >
        {editing && (
          <>
            <p className={styles.meta}>
              Computed from their work: {integer(editing.cell.computedScore)} % ({integer(editing.cell.done)} of {integer(editing.cell.of)} tasks{editing.cell.late ? ", late" : ""}). Your score replaces it; the change is recorded.
            </p>
            <Field label="Score (%)" inputMode="numeric" value={score} onChange={(e) => setScore(e.target.value)} error={errors.score} />
            <Field label="Comment (the student sees it)" value={comment} onChange={(e) => setComment(e.target.value)} error={errors.comment} maxLength={500} />
            {errors._ && (
              <p className={styles.error} role="alert">
                {errors._}
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </Card>
  );
}
