import Link from "next/link";
import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Alert, Badge, Button, buttonClass, Card, Field, SelectField, TextAreaField } from "@/components/ui";
import { Markdown } from "@/components/ui/Markdown";
import { useAction } from "@/components/ui/useAction";
import { QUESTIONS_PER_ATTEMPT, readingMinutes, recommendedBankSize } from "@/domain/learning";
import { api } from "@/lib/client/api";
import { withUnit } from "@/lib/format";
import { lessonInputSchema, UNLOCKABLE_FEATURES } from "@/lib/validation/learn";
import { blankOption, newKey, QuestionsEditor, type QuestionDraft } from "./QuestionsEditor";
import { CheckboxField, errorText, fieldId, serverFieldErrors, UnsavedBadge, useFieldErrors, useUnsavedChangesWarning, SlugField } from "./shared";
import type { AdminLesson } from "../../types";
import styles from "./authoring.module.css";

/** A lesson as GET /api/admin/lessons/{id} answers it, typed by its schema (../../types). */
export type { AdminLesson };

interface LessonDraft {
  title: string;
  slug: string;
  /** As typed: validation says what is wrong with "", "7.5" or "150". */
  passMark: string;
  unlocks: string;
  published: boolean;
  body: string;
  questions: QuestionDraft[];
}

const FEATURE_LABELS: Record<(typeof UNLOCKABLE_FEATURES)[number], string> = { "short-selling": "Short selling", "advanced-orders": "Advanced orders (trailing stops, bracket, OCO, OTO)" };

function toDraft(lesson: Pick<AdminLesson, "title" | "slug" | "passMark" | "unlocks" | "published" | "body" | "questions">): LessonDraft {
  return {
    title: lesson.title,
    slug: lesson.slug,
    passMark: String(lesson.passMark),
    unlocks: lesson.unlocks ?? "",
    published: lesson.published,
    body: lesson.body,
    questions: lesson.questions.map((q) => ({ key: newKey(), prompt: q.prompt, options: q.options.map((o) => ({ ...blankOption(), ...o })) })),
  };
}

/** What the API receives (before the rules trim and check it). */
function toInput(draft: LessonDraft) {
  return {
    title: draft.title,
    slug: draft.slug,
    body: draft.body,
    passMark: draft.passMark.trim() === "" ? Number.NaN : Number(draft.passMark),
    unlocks: draft.unlocks === "" ? null : draft.unlocks,
    published: draft.published,
    questions: draft.questions.map((q) => ({ prompt: q.prompt, options: q.options.map(({ text, correct, explanation }) => ({ text, correct, explanation })) })),
  };
}

const snapshot = (draft: LessonDraft) => JSON.stringify(toInput(draft));

const SIMPLE_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Address name",
  passMark: "Pass mark",
  unlocks: "Unlocks",
  published: "Published",
  body: "Lesson text",
  questions: "Quiz",
};

/** "questions.0.options.1.text" → "Question 1, answer 2: answer text". */
function describe(path: string): string {
  const simple = SIMPLE_LABELS[path];
  if (simple) return simple;
  const m = /^questions\.(\d+)(?:\.(prompt|options)(?:\.(\d+)\.(text|explanation|correct))?)?$/.exec(path);
  if (!m) return path;
  const q = `Question ${Number(m[1]) + 1}`;
  if (!m[2]) return q;
  if (m[2] === "prompt") return `${q}: question text`;
  if (m[3] === undefined) return `${q}: answers`;
  return `${q}, answer ${Number(m[3]) + 1}: ${m[4] === "text" ? "answer text" : m[4]}`;
}

/** Summary order: the order of the fields on the page. */
function pathOrder(path: string): string {
  const top = ["title", "slug", "passMark", "unlocks", "published", "body"].indexOf(path);
  if (top >= 0) return `0${top}`;
  const rank: Record<string, string> = { prompt: "0", options: "2", text: "a", correct: "b", explanation: "c" };
  return `1${path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? part.padStart(3, "0") : (rank[part] ?? part)))
    .join(".")}`;
}

export function LessonEditor({ lesson }: { lesson: AdminLesson }) {
  const [draft, setDraft] = useState<LessonDraft>(() => toDraft(lesson));
  const [baseline, setBaseline] = useState(() => snapshot(toDraft(lesson)));
  const [savedAs, setSavedAs] = useState({ title: lesson.title, slug: lesson.slug, published: lesson.published });
  const [saved, setSaved] = useState(false);
  const { busy: saving, status, setStatus, run } = useAction();
  /** The save's error line (the hook's status holds only errors here: a saved lesson shows its badge). */
  const formError = status?.text ?? null;
  const [view, setView] = useState<"write" | "preview">("write");
  const input = useMemo(() => toInput(draft), [draft]);
  const current = useMemo(() => JSON.stringify(input), [input]);
  const result = useMemo(() => lessonInputSchema.safeParse(input), [input]);
  const errors = useFieldErrors(result);
  const dirty = current !== baseline;
  useUnsavedChangesWarning(dirty);
  const preview = useDeferredValue(draft.body);
  const minutes = useMemo(() => readingMinutes(preview), [preview]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ draft, save: () => {} });

  const problems = Object.entries(errors.visible).sort(([a], [b]) => pathOrder(a).localeCompare(pathOrder(b)));
  const showSummary = errors.submitted && problems.length > 0;

  function change<K extends keyof LessonDraft>(key: K, value: LessonDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    errors.clearServer(key);
  }

  async function save() {
    if (saving) return;
    errors.attempt();
    setStatus(null);
    if (!result.success) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const sent = draft;
    const data = result.data;
    await run(
      async () => {
        await api(`/api/admin/lessons/${lesson.id}`, { method: "PUT", body: data });
        // Show what was stored (trimmed, lower-case slug), unless the person kept typing meanwhile.
        const stored = toDraft({ ...data, unlocks: data.unlocks });
        const storedSnapshot = snapshot(stored);
        if (latest.current.draft === sent) setDraft({ ...stored, questions: stored.questions.map((q, i) => ({ ...q, key: sent.questions[i]?.key ?? q.key })) });
        setBaseline(storedSnapshot);
        setSavedAs({ title: data.title, slug: data.slug, published: data.published });
        setSaved(true);
        errors.reset();
      },
      {
        failure: (e) => {
          errors.setServer(serverFieldErrors(e));
          requestAnimationFrame(() => summaryRef.current?.focus());
          return errorText(e, "Could not save the lesson.");
        },
      },
    );
  }

  useEffect(() => {
    latest.current = { draft, save: () => void save() };
  });

  // Ctrl+S / Cmd+S saves instead of downloading the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        latest.current.save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function jumpTo(path: string) {
    if (path === "body") setView("write");
    requestAnimationFrame(() => {
      const target = document.getElementById(fieldId("lesson", path));
      target?.scrollIntoView({ block: "center" });
      target?.focus({ preventScroll: true });
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  const learnerHref = `/learn/${lesson.course.slug}/${savedAs.slug}`;
  const id = (path: string) => fieldId("lesson", path);

  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link href="/admin/courses">Courses</Link> / <Link href={`/admin/courses/${lesson.course.id}`}>{lesson.course.title}</Link> / {savedAs.title}
      </nav>
      <div className={styles.pageHead}>
        <h1>{savedAs.title}</h1>
        <div className={styles.headActions}>
          {savedAs.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
          {savedAs.published ? (
            <Link className={buttonClass({ variant: "secondary", size: "small" })} href={learnerHref}>
              Learner&apos;s view
            </Link>
          ) : (
            <span className="muted">Learners cannot see a draft lesson.</span>
          )}
        </div>
      </div>

      <form onSubmit={submit} noValidate aria-label="Lesson">
        <div className={styles.saveBar}>
          <UnsavedBadge dirty={dirty} saved={saved} />
          <div className={styles.formActions}>
            <Link href={`/admin/courses/${lesson.course.id}`} className={`${buttonClass({ variant: "ghost" })} ${styles.hideOnPhone}`}>
              Back to the course
            </Link>
            <Button type="submit" busy={saving}>
              Save lesson
            </Button>
          </div>
        </div>

        {formError && !showSummary && <Alert tone="error">{formError}</Alert>}
        {showSummary && (
          <div ref={summaryRef} tabIndex={-1} style={{ outline: "none" }}>
            <Alert tone="error" title={problems.length === 1 ? "There is 1 problem with this lesson." : `There are ${problems.length} problems with this lesson.`}>
              {formError && formError !== problems[0]?.[1] ? `${formError} ` : ""}Fix {problems.length === 1 ? "it" : "them"} and save again:
              <ul className={styles.errorList}>
                {problems.map(([path, message]) => (
                  <li key={path}>
                    <a
                      href={`#${id(path)}`}
                      onClick={(e) => {
                        e.preventDefault();
                        jumpTo(path);
                      }}
                    >
                      {describe(path)}
                    </a>
                    : {message}
                  </li>
                ))}
              </ul>
            </Alert>
          </div>
        )}

        <div className={styles.stack}>
          <Card title="Lesson details">
            <div className={styles.grid2}>
              <Field label="Title" id={id("title")} value={draft.title} onChange={(e) => change("title", e.target.value)} onBlur={() => errors.touch("title")} error={errors.error("title")} />
              <SlugField
                errors={errors}
                id={id("slug")}
                value={draft.slug}
                onChange={(e) => change("slug", e.target.value)}
                hint={
                  <>
                    Learners read it at{" "}
                    <span className="mono">
                      /learn/{lesson.course.slug}/{draft.slug || "…"}
                    </span>
                  </>
                }
              />
              <Field
                label="Pass mark (%)"
                id={id("passMark")}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                value={draft.passMark}
                onChange={(e) => change("passMark", e.target.value)}
                onBlur={() => errors.touch("passMark")}
                error={errors.error("passMark")}
                hint="The share of questions to get right, 1 to 100."
              />
              <SelectField label="Unlocks" id={id("unlocks")} value={draft.unlocks} onChange={(e) => change("unlocks", e.target.value)} error={errors.error("unlocks")}>
                <option value="">Nothing</option>
                {UNLOCKABLE_FEATURES.map((f) => (
                  <option key={f} value={f}>
                    {FEATURE_LABELS[f]}
                  </option>
                ))}
              </SelectField>
            </div>
            <CheckboxField
              label="Published"
              id={id("published")}
              checked={draft.published}
              onChange={(e) => change("published", e.target.checked)}
              hint="Learners see a published lesson when its course is published too."
            />
          </Card>

          <Card title="Lesson text">
            <div className={styles.tabs} role="group" aria-label="Show">
              <button type="button" className={styles.tab} aria-pressed={view === "write"} onClick={() => setView("write")}>
                Write
              </button>
              <button type="button" className={styles.tab} aria-pressed={view === "preview"} onClick={() => setView("preview")}>
                Preview
              </button>
            </div>
            <div className={styles.writer}>
              <div className={`${styles.pane} ${view === "write" ? "" : styles.hiddenOnNarrow}`}>
                <TextAreaField
                  label="Lesson text (Markdown)"
                  id={id("body")}
                  mono
                  className={styles.bodyInput}
                  value={draft.body}
                  onChange={(e) => change("body", e.target.value)}
                  onBlur={() => errors.touch("body")}
                  error={errors.error("body")}
                  spellCheck
                  hint={
                    <>
                      <span className="mono">## Heading</span>, <span className="mono">**bold**</span>, <span className="mono">- list</span>,{" "}
                      <span className="mono">[link](https://…)</span>, tables. HTML and images are not shown. About {withUnit(minutes, "min")} read.
                    </>
                  }
                />
              </div>
              <section className={`${styles.pane} ${view === "preview" ? "" : styles.hiddenOnNarrow}`} aria-label="Preview">
                <p className={styles.paneTitle} aria-hidden="true">
                  Preview
                </p>
                <div className={styles.preview}>{preview.trim() ? <Markdown>{preview}</Markdown> : <p className={styles.previewEmpty}>Nothing to preview yet.</p>}</div>
              </section>
            </div>
          </Card>

          <Card title={`Quiz: question bank of ${draft.questions.length} ${draft.questions.length === 1 ? "question" : "questions"}`}>
            <p className="muted">
              Each question needs 2 to 8 answers, at least one of them correct, and an explanation for every answer. Each attempt asks {QUESTIONS_PER_ATTEMPT} questions drawn
              from this bank, with the answers shuffled; learners pass with {withUnit(draft.passMark || "…", "%")} of them right.
            </p>
            {draft.questions.length > 0 && draft.questions.length < recommendedBankSize() && (
              <Alert tone="warning">
                The bank has {draft.questions.length} {draft.questions.length === 1 ? "question" : "questions"}: add at least {recommendedBankSize() - draft.questions.length} more (
                {recommendedBankSize()} in all, twice an attempt) so that a retry asks a fresh set instead of the same questions.
              </Alert>
            )}
            {errors.error("questions") && <p className={styles.groupError}>{errors.error("questions")}</p>}
            <QuestionsEditor
              questions={draft.questions}
              onChange={(next) => {
                setDraft((d) => ({ ...d, questions: next }));
                // Question paths shift when questions move: keep only the server's slug message.
                errors.setServer((s) => (Object.keys(s).some((k) => k !== "slug") ? (s.slug ? { slug: s.slug } : {}) : s));
              }}
              error={errors.error}
              touch={errors.touch}
            />
          </Card>

          <div className={styles.formActions}>
            <Button type="submit" busy={saving}>
              Save lesson
            </Button>
            <span className="muted">Ctrl+S (⌘S) saves too.</span>
          </div>
        </div>
      </form>
    </>
  );
}
