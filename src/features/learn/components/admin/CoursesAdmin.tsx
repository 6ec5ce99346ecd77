import Link from "next/link";
import { useRouter } from "next/router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Badge, Button, Card, Field, TextAreaField } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { api } from "@/lib/client/api";
import { integer } from "@/lib/format";
import { courseInputSchema } from "@/lib/validation/learn";
import { errorText, focusFirstInvalid, MoveButtons, moved, refocusMove, serverFieldErrors, useFieldErrors, useSuggestedSlug, SlugField } from "./shared";
import type { AdminCourseRow, CourseRecord } from "../../types";
import styles from "./authoring.module.css";

/** A course as GET /api/admin/courses lists it, typed by its schema (../../types). */
export type { AdminCourseRow };

const lessonsWord = (n: number) => `${n} ${n === 1 ? "lesson" : "lessons"}`;

export function CoursesAdmin({ courses }: { courses: AdminCourseRow[] }) {
  const router = useRouter();
  const { busy: acting, status, run } = useAction();
  /** What is being changed: "order", or a course's id (its buttons are the busy ones). */
  const [which, setWhich] = useState<string | null>(null);
  const busy = acting ? which : null;
  const [deleting, setDeleting] = useState<AdminCourseRow | null>(null);
  const pendingFocus = useRef<{ prefix: string; direction: "up" | "down" } | null>(null);
  const refresh = () => router.replace(router.asPath, undefined, { scroll: false });

  // After a move the fresh list has arrived: give focus back to the moved row's button.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || busy !== null) return;
    pendingFocus.current = null;
    refocusMove(target.prefix, target.direction);
  }, [courses, busy]);

  async function move(from: number, to: number) {
    const course = courses[from];
    if (!course) return;
    const direction = to < from ? "up" : "down";
    setWhich("order");
    await run(
      async () => {
        try {
          await api("/api/admin/courses/reorder", { method: "POST", body: { ids: moved(courses.map((c) => c.id), from, to) } });
          pendingFocus.current = { prefix: `course-${course.id}`, direction };
        } finally {
          // The list as the server has it, whether the move worked or not.
          await refresh();
        }
      },
      { success: `Moved “${course.title}” ${direction} to position ${to + 1}.`, failure: (e) => errorText(e, "Could not change the order.") },
    );
  }

  async function togglePublished(course: AdminCourseRow) {
    setWhich(course.id);
    await run(
      async () => {
        await api(`/api/admin/courses/${course.id}`, { method: "PATCH", body: { published: !course.published } });
        await refresh();
      },
      {
        success: course.published ? `“${course.title}” is now a draft: learners no longer see it.` : `“${course.title}” is published: learners see it on /learn.`,
        failure: (e) => errorText(e, "Could not change that course."),
      },
    );
  }

  async function remove() {
    if (!deleting) return;
    setWhich(deleting.id);
    await run(
      async () => {
        await api(`/api/admin/courses/${deleting.id}`, { method: "DELETE" });
        await refresh();
      },
      { success: `Deleted “${deleting.title}”.`, failure: (e) => errorText(e, "Could not delete that course."), settle: () => setDeleting(null) },
    );
  }

  return (
    <div className={styles.stack}>
      <Card title="Courses">
        <p className="muted">Learners see published courses on /learn in this order. Open a course to edit it and its lessons.</p>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <DataTable caption="Courses, in the order learners see them" aria-busy={busy !== null}>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Title</th>
              <th scope="col" className={styles.wideOnly}>
                Address
              </th>
              <th scope="col" className={numeric}>
                Lessons
              </th>
              <th scope="col">Status</th>
              <th scope="col" className={styles.hiddenHeader}>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {courses.length === 0 && (
              <tr>
                <td colSpan={6} className={styles.empty}>
                  No courses yet. Create the first one below.
                </td>
              </tr>
            )}
            {courses.map((c, i) => (
              <tr key={c.id}>
                <td>
                  <MoveButtons name={`“${c.title}”`} index={i} count={courses.length} disabled={busy !== null} idPrefix={`course-${c.id}`} onMove={(from, to) => void move(from, to)} />
                </td>
                <td className={styles.titleCell}>
                  <Link href={`/admin/courses/${c.id}`}>{c.title}</Link>
                  <span className={`${styles.slugCell} ${styles.slugUnder} muted`}>/learn/{c.slug}</span>
                </td>
                <td className={`${styles.slugCell} ${styles.wideOnly}`}>{c.published ? <Link href={`/learn/${c.slug}`}>/learn/{c.slug}</Link> : `/learn/${c.slug}`}</td>
                <td className={numeric}>{integer(c.lessonCount)}</td>
                <td>{c.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}</td>
                <td>
                  <div className={styles.rowActions}>
                    <Button size="small" variant="secondary" busy={busy === c.id} disabled={busy !== null && busy !== c.id} onClick={() => void togglePublished(c)} aria-label={`${c.published ? "Unpublish" : "Publish"} “${c.title}”`}>
                      {c.published ? "Unpublish" : "Publish"}
                    </Button>
                    <Button size="small" variant="danger" disabled={busy !== null} onClick={() => setDeleting(c)} aria-label={`Delete “${c.title}”`}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Card>
      <NewCourseForm />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete “${deleting?.title ?? ""}”?`}
        confirmLabel="Delete course"
        cancelLabel="Keep course"
        tone="danger"
        busy={Boolean(deleting) && busy === deleting?.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        <p>
          Its {lessonsWord(deleting?.lessonCount ?? 0)}, their quizzes and every learner&apos;s progress in them are deleted too. This cannot be undone.
        </p>
        {deleting?.published && <p>The course is published: learners lose it from /learn at once.</p>}
      </ConfirmDialog>
    </div>
  );
}

function NewCourseForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState("");
  const { slug, setSlug } = useSuggestedSlug(title);
  const [summary, setSummary] = useState("");
  const { busy, status: formError, setStatus: setFormError, run } = useAction();
  const result = courseInputSchema.safeParse({ title, slug, summary, published: false });
  const errors = useFieldErrors(result);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.attempt();
    setFormError(null);
    if (!result.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const data = result.data;
    await run(
      async () => {
        const created = await api<CourseRecord>("/api/admin/courses", { method: "POST", body: data });
        await router.push(`/admin/courses/${created.id}`);
      },
      {
        failure: (e) => {
          const fields = serverFieldErrors(e);
          errors.setServer(fields);
          focusFirstInvalid(formRef.current);
          return Object.keys(fields).length === 0 ? errorText(e, "Could not create the course.") : null;
        },
      },
    );
  }

  return (
    <Card title="New course">
      <form ref={formRef} onSubmit={submit} noValidate>
        {formError && <Alert tone="error">{formError.text}</Alert>}
        <div className={styles.grid2}>
          <Field
            label="Title"
            id="new-course-title"
            value={title}
            maxLength={200}
            onChange={(e) => {
              setTitle(e.target.value);
              errors.clearServer("title");
              errors.clearServer("slug");
            }}
            onBlur={() => errors.touch("title")}
            error={errors.error("title")}
          />
          <SlugField
            errors={errors}
            id="new-course-slug"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              errors.clearServer("slug");
            }}
            hint={
              <>
                Suggested from the title. Learners open the course at <span className="mono">/learn/{slug || "…"}</span>
              </>
            }
          />
        </div>
        <TextAreaField
          label="Summary"
          id="new-course-summary"
          rows={2}
          value={summary}
          onChange={(e) => {
            setSummary(e.target.value);
            errors.clearServer("summary");
          }}
          onBlur={() => errors.touch("summary")}
          error={errors.error("summary")}
          hint={`One or two sentences for the course card (${summary.trim().length} of 400 characters).`}
        />
        <div className={styles.formActions}>
          <Button type="submit" busy={busy}>
            Create course
          </Button>
          <span className="muted">New courses start as drafts; publish them when their lessons are ready.</span>
        </div>
      </form>
    </Card>
  );
}
