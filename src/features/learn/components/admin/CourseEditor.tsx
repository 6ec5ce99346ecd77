import Link from "next/link";
import { useRouter } from "next/router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Badge, Button, buttonClass, Card, Field, TextAreaField } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { useAction } from "@/components/ui/useAction";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { api } from "@/lib/client/api";
import { integer, withUnit } from "@/lib/format";
import { courseInputSchema, newLessonSchema } from "@/lib/validation/learn";
import { CheckboxField, errorText, focusFirstInvalid, MoveButtons, moved, refocusMove, serverFieldErrors, UnsavedBadge, useFieldErrors, useSuggestedSlug, SlugField, useUnsavedChangesWarning } from "./shared";
import type { AdminCourse, AdminLessonRow, LessonCreated } from "../../types";
import styles from "./authoring.module.css";

/** The authoring API's answers (GET /api/admin/courses/{id}), typed by their schemas (../../types). */
export type { AdminCourse, AdminLessonRow };

export function CourseEditor({ course }: { course: AdminCourse }) {
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link href="/admin/courses">Courses</Link> / {course.title}
      </nav>
      <div className={styles.pageHead}>
        <h1>{course.title}</h1>
        <div className={styles.headActions}>
          {course.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
          {course.published ? (
            <Link className={buttonClass({ variant: "secondary", size: "small" })} href={`/learn/${course.slug}`}>
              Learner&apos;s view
            </Link>
          ) : (
            <span className="muted">Learners cannot see a draft course.</span>
          )}
        </div>
      </div>
      <div className={styles.stack}>
        <CourseDetails course={course} />
        <LessonList course={course} />
        <NewLessonForm courseId={course.id} />
      </div>
    </>
  );
}

interface Details {
  title: string;
  slug: string;
  summary: string;
  published: boolean;
}

function CourseDetails({ course }: { course: AdminCourse }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Details>({ title: course.title, slug: course.slug, summary: course.summary, published: course.published });
  const [baseline, setBaseline] = useState(draft);
  const { busy, status: formError, setStatus: setFormError, run } = useAction();
  const [saved, setSaved] = useState(false);
  const result = courseInputSchema.safeParse(draft);
  const errors = useFieldErrors(result);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  useUnsavedChangesWarning(dirty);

  function change<K extends keyof Details>(key: K, value: Details[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    errors.clearServer(key);
  }

  async function save(event: FormEvent) {
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
        await api(`/api/admin/courses/${course.id}`, { method: "PATCH", body: data });
        const clean = { title: data.title, slug: data.slug, summary: data.summary, published: data.published };
        setDraft(clean);
        setBaseline(clean);
        setSaved(true);
        errors.reset();
        await router.replace(router.asPath, undefined, { scroll: false });
      },
      {
        failure: (e) => {
          const fields = serverFieldErrors(e);
          errors.setServer(fields);
          focusFirstInvalid(formRef.current);
          return Object.keys(fields).length === 0 ? errorText(e, "Could not save the course.") : null;
        },
      },
    );
  }

  return (
    <Card title="Course details" actions={<UnsavedBadge dirty={dirty} saved={saved} />}>
      <form ref={formRef} onSubmit={save} noValidate>
        {formError && <Alert tone="error">{formError.text}</Alert>}
        <div className={styles.grid2}>
          <Field label="Title" id="course-title" value={draft.title} onChange={(e) => change("title", e.target.value)} onBlur={() => errors.touch("title")} error={errors.error("title")} />
          <SlugField
            errors={errors}
            id="course-slug"
            value={draft.slug}
            onChange={(e) => change("slug", e.target.value)}
            hint={
              <>
                Learners open the course at <span className="mono">/learn/{draft.slug || "…"}</span>. Changing it breaks links people saved.
              </>
            }
          />
        </div>
        <TextAreaField
          label="Summary"
          id="course-summary"
          rows={2}
          value={draft.summary}
          onChange={(e) => change("summary", e.target.value)}
          onBlur={() => errors.touch("summary")}
          error={errors.error("summary")}
          hint={`Shown on the course card (${draft.summary.trim().length} of 400 characters).`}
        />
        <CheckboxField
          label="Published"
          id="course-published"
          checked={draft.published}
          onChange={(e) => change("published", e.target.checked)}
          hint="Learners see a published course and its published lessons on /learn."
        />
        <div className={styles.formActions}>
          <Button type="submit" busy={busy}>
            Save course
          </Button>
          {dirty && (
            <Button variant="ghost" onClick={() => { setDraft(baseline); errors.reset(); }}>
              Discard changes
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function LessonList({ course }: { course: AdminCourse }) {
  const router = useRouter();
  const lessons = course.lessons;
  const { busy: acting, status, run } = useAction();
  /** What is being changed: "order", or a lesson's id (its buttons are the busy ones). */
  const [which, setWhich] = useState<string | null>(null);
  const busy = acting ? which : null;
  const [deleting, setDeleting] = useState<AdminLessonRow | null>(null);
  const pendingFocus = useRef<{ prefix: string; direction: "up" | "down" } | null>(null);
  const refresh = () => router.replace(router.asPath, undefined, { scroll: false });

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || busy !== null) return;
    pendingFocus.current = null;
    refocusMove(target.prefix, target.direction);
  }, [lessons, busy]);

  async function move(from: number, to: number) {
    const lesson = lessons[from];
    if (!lesson) return;
    const direction = to < from ? "up" : "down";
    setWhich("order");
    await run(
      async () => {
        try {
          await api(`/api/admin/courses/${course.id}/lessons/reorder`, { method: "POST", body: { ids: moved(lessons.map((l) => l.id), from, to) } });
          pendingFocus.current = { prefix: `lesson-${lesson.id}`, direction };
        } finally {
          // The list as the server has it, whether the move worked or not.
          await refresh();
        }
      },
      { success: `Moved “${lesson.title}” ${direction} to position ${to + 1}.`, failure: (e) => errorText(e, "Could not change the order.") },
    );
  }

  async function remove() {
    if (!deleting) return;
    setWhich(deleting.id);
    await run(
      async () => {
        await api(`/api/admin/lessons/${deleting.id}`, { method: "DELETE" });
        await refresh();
      },
      { success: `Deleted “${deleting.title}”.`, failure: (e) => errorText(e, "Could not delete that lesson."), settle: () => setDeleting(null) },
    );
  }

  return (
    <Card title={`Lessons (${lessons.length})`}>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <DataTable caption={`Lessons of ${course.title}, in the order learners see them`} aria-busy={busy !== null}>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col" className={`${numeric} ${styles.wideOnly}`}>
              Questions
            </th>
            <th scope="col" className={`${numeric} ${styles.wideOnly}`}>
              Reading
            </th>
            <th scope="col" className={styles.hiddenHeader}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lessons.length === 0 && (
            <tr>
              <td colSpan={6} className={styles.empty}>
                No lessons yet. Add the first one below.
              </td>
            </tr>
          )}
          {lessons.map((l, i) => (
            <tr key={l.id}>
              <td>
                <MoveButtons name={`“${l.title}”`} index={i} count={lessons.length} disabled={busy !== null} idPrefix={`lesson-${l.id}`} onMove={(from, to) => void move(from, to)} />
              </td>
              <td className={styles.titleCell}>
                <Link href={`/admin/lessons/${l.id}`}>{l.title}</Link>
                <div className={styles.slugCell} style={{ fontWeight: 400 }}>
                  <span className="muted">{l.slug}</span>
                </div>
                <span className={`${styles.slugUnder} muted`}>
                  {l.questionCount} {l.questionCount === 1 ? "question" : "questions"} · {withUnit(l.minutes, "min")}
                </span>
              </td>
              <td>{l.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}</td>
              <td className={`${numeric} ${styles.wideOnly}`}>{integer(l.questionCount)}</td>
              <td className={`${numeric} ${styles.wideOnly}`}>{withUnit(l.minutes, "min")}</td>
              <td>
                <div className={styles.rowActions}>
                  {l.published && course.published && (
                    <Link href={`/learn/${course.slug}/${l.slug}`} className={buttonClass({ variant: "ghost", size: "small" })} aria-label={`Learner's view of “${l.title}”`}>
                      View
                    </Link>
                  )}
                  <Link href={`/admin/lessons/${l.id}`} className={buttonClass({ variant: "secondary", size: "small" })} aria-label={`Edit “${l.title}”`}>
                    Edit
                  </Link>
                  <Button size="small" variant="danger" disabled={busy !== null} onClick={() => setDeleting(l)} aria-label={`Delete “${l.title}”`}>
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete “${deleting?.title ?? ""}”?`}
        confirmLabel="Delete lesson"
        cancelLabel="Keep lesson"
        tone="danger"
        busy={Boolean(deleting) && busy === deleting?.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        <p>
          Its quiz ({deleting?.questionCount ?? 0} {deleting?.questionCount === 1 ? "question" : "questions"}) and every learner&apos;s progress in it are deleted too. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function NewLessonForm({ courseId }: { courseId: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState("");
  const { slug, setSlug } = useSuggestedSlug(title);
  const { busy, status: formError, setStatus: setFormError, run } = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const result = newLessonSchema.safeParse({ title, slug });
  const errors = useFieldErrors(result);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.attempt();
    setFormError(null);
    setNotice(null);
    if (!result.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const data = result.data;
    const made = await run(
      async () => {
        const created = await api<LessonCreated>(`/api/admin/courses/${courseId}/lessons`, { method: "POST", body: data });
        // False: the person chose to stay (unsaved course details); the lesson exists all the same.
        return router.push(`/admin/lessons/${created.id}`).then(
          () => true,
          () => false,
        );
      },
      {
        failure: (e) => {
          const fields = serverFieldErrors(e);
          errors.setServer(fields);
          focusFirstInvalid(formRef.current);
          return Object.keys(fields).length === 0 ? errorText(e, "Could not create the lesson.") : null;
        },
      },
    );
    if (made.ok && !made.value) {
      // Show the new lesson in the list instead.
      setTitle("");
      setSlug("");
      errors.reset();
      setNotice("The lesson was created; open it from the list when you are ready.");
      await router.replace(router.asPath, undefined, { scroll: false });
    }
  }

  return (
    <Card title="New lesson">
      <form ref={formRef} onSubmit={submit} noValidate>
        {formError && <Alert tone="error">{formError.text}</Alert>}
        {notice && <Alert tone="info">{notice}</Alert>}
        <div className={styles.inlineForm}>
          <Field
            label="Lesson title"
            id="new-lesson-title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              errors.clearServer("title");
              errors.clearServer("slug");
            }}
            onBlur={() => errors.touch("title")}
            error={errors.error("title")}
          />
          <SlugField
            label="Lesson address name"
            errors={errors}
            id="new-lesson-slug"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              errors.clearServer("slug");
            }}
            hint="Suggested from the title; unique across all courses."
          />
          <div className={styles.submitCell}>
            <Button type="submit" busy={busy}>
              Create and edit
            </Button>
          </div>
        </div>
        <p className="muted" style={{ margin: 0 }}>
          The lesson starts as an empty draft; its editor opens next.
        </p>
      </form>
    </Card>
  );
}
