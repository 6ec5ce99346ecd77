import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Alert, Badge, Button, buttonClass } from "@/components/ui";
import { Markdown } from "@/components/ui/Markdown";
import { api, ApiError } from "@/lib/client/api";
import { percent as percentText, percentFigure, withUnit } from "@/lib/format";
import styles from "./learn.module.css";

export interface LessonView {
  id: string;
  slug: string;
  title: string;
  body: string;
  minutes: number;
  passMark: number;
  unlocks: string | null;
  course: { slug: string; title: string };
  position: { index: number; of: number };
  previous: { id: string; title: string; slug: string } | null;
  next: { id: string; title: string; slug: string } | null;
  questions: Array<{ id: string; prompt: string; multiple: boolean; options: Array<{ id: string; text: string }> }>;
  progress: { status: "not-started" | "read" | "passed"; attempts: number; bestScore: string | null };
}

interface AttemptResult {
  score: string;
  passed: boolean;
  passMark: number;
  correctCount: number;
  questionCount: number;
  bestScore: string;
  xpAwarded: number;
  unlocked: string | null;
  feedback: Array<{ questionId: string; correct: boolean; chosen: string[]; correctOptionIds: string[]; explanations: Record<string, string> }>;
}

const FEATURE_NAMES: Record<string, string> = { "short-selling": "short selling" };

/** A quiz score in whole percent ("50 %"). */
const percent = (fraction: string | number) => percentText(fraction, { signed: false, digits: 0 });

export function LessonReader({ lesson }: { lesson: LessonView }) {
  const [status, setStatus] = useState(lesson.progress.status);
  const [readMessage, setReadMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<"read" | "quiz" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<AttemptResult | null>(null);

  async function markRead() {
    setBusy("read");
    setError(null);
    try {
      const { xpAwarded } = await api<{ xpAwarded: number }>(`/api/lessons/${lesson.id}/read`, { method: "POST" });
      if (status === "not-started") setStatus("read");
      setReadMessage(xpAwarded > 0 ? `Marked as read: +${xpAwarded} XP.` : "Marked as read.");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not save that. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  function choose(questionId: string, optionId: string, multiple: boolean, checked: boolean) {
    setAnswers((current) => {
      const before = current[questionId] ?? [];
      const after = multiple ? (checked ? [...before, optionId] : before.filter((id) => id !== optionId)) : [optionId];
      return { ...current, [questionId]: after };
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const unanswered = lesson.questions.findIndex((q) => !(answers[q.id]?.length));
    if (unanswered >= 0) {
      setError(`Answer question ${unanswered + 1} first.`);
      return;
    }
    setBusy("quiz");
    setError(null);
    try {
      const attempt = await api<AttemptResult>(`/api/lessons/${lesson.id}/attempts`, {
        method: "POST",
        body: { answers: lesson.questions.map((q) => answers[q.id] ?? []) },
      });
      setResult(attempt);
      if (attempt.passed) setStatus("passed");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not submit your answers. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  function retry() {
    setResult(null);
    setAnswers({});
    document.getElementById("quiz")?.scrollIntoView({ behavior: "smooth" });
  }

  const feedbackFor = (questionId: string) => result?.feedback.find((f) => f.questionId === questionId);

  return (
    <article>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <Link href="/learn">Learn</Link> / <Link href={`/learn/${lesson.course.slug}`}>{lesson.course.title}</Link> / Lesson {lesson.position.index} of{" "}
        {lesson.position.of}
      </nav>
      <h1>{lesson.title}</h1>
      <p className={styles.readerMeta}>
        {withUnit(lesson.minutes, "min")} read · {lesson.questions.length} quiz questions · pass mark {percentFigure(lesson.passMark)}{" "}
        {status === "passed" ? <Badge tone="success">Passed</Badge> : status === "read" ? <Badge tone="admin">Read</Badge> : null}
      </p>
      <div className={styles.reader}>
        <Markdown>{lesson.body}</Markdown>
        <div className={styles.endOfLesson}>
          <Button variant={status === "not-started" ? "primary" : "secondary"} busy={busy === "read"} onClick={() => void markRead()}>
            {status === "not-started" ? "I have read this lesson" : "Read ✓"}
          </Button>
          {readMessage && (
            <span role="status" className="muted">
              {readMessage}
            </span>
          )}
        </div>
      </div>

      {lesson.questions.length > 0 && (
        <section id="quiz" className={styles.quiz} aria-labelledby="quiz-title">
          <h2 id="quiz-title">Quiz</h2>
          <p className="muted">
            Pass with {percentFigure(lesson.passMark)} or more. Retries are allowed; your best score counts.
            {lesson.progress.bestScore && !result && ` Your best so far: ${percent(lesson.progress.bestScore)}.`}
          </p>
          {result && (
            <Alert tone={result.passed ? "success" : "warning"}>
              {result.passed ? "Passed!" : "Not passed yet."} You got {result.correctCount} of {result.questionCount} ({percent(result.score)}).
              {result.xpAwarded > 0 && ` +${result.xpAwarded} XP.`}
              {result.unlocked && ` You unlocked ${FEATURE_NAMES[result.unlocked] ?? result.unlocked}.`}
              {!result.passed && ` You need ${percentFigure(result.passMark)}. Read the explanations below, then try again.`}
            </Alert>
          )}
          {error && <Alert tone="error">{error}</Alert>}
          <form onSubmit={submit} noValidate>
            {lesson.questions.map((q, i) => {
              const feedback = feedbackFor(q.id);
              return (
                <fieldset key={q.id} className={styles.question} disabled={Boolean(result)}>
                  <legend>
                    {i + 1}. {q.prompt}
                  </legend>
                  {q.multiple && <p className="muted" style={{ margin: "0 0 0.4rem" }}>Choose every answer that applies.</p>}
                  {q.options.map((o) => {
                    const chosen = (answers[q.id] ?? []).includes(o.id);
                    const isRight = feedback?.correctOptionIds.includes(o.id);
                    const marker = feedback && (isRight ? styles.optionRight : chosen ? styles.optionWrong : "");
                    return (
                      <div key={o.id}>
                        <label className={`${styles.option} ${marker ?? ""}`}>
                          <input
                            type={q.multiple ? "checkbox" : "radio"}
                            name={q.id}
                            value={o.id}
                            checked={chosen}
                            onChange={(e) => choose(q.id, o.id, q.multiple, e.target.checked)}
                          />
                          <span>
                            {o.text}
                            {feedback && isRight && <span className="visually-hidden"> (correct answer)</span>}
                          </span>
                        </label>
                        {feedback && (chosen || isRight) && <p className={styles.explanation}>{feedback.explanations[o.id]}</p>}
                      </div>
                    );
                  })}
                  {feedback && (
                    <p className={`${styles.verdict} ${feedback.correct ? styles.verdictRight : styles.verdictWrong}`}>
                      {feedback.correct ? "Correct" : "Not quite"}
                    </p>
                  )}
                </fieldset>
              );
            })}
            {result ? (
              <Button variant="secondary" onClick={retry}>
                Try the quiz again
              </Button>
            ) : (
              <Button type="submit" busy={busy === "quiz"}>
                Submit answers
              </Button>
            )}
          </form>
        </section>
      )}

      <nav aria-label="Lessons" className={styles.pager}>
        {lesson.previous ? (
          <Link className={buttonClass({ variant: "secondary" })} href={`/learn/${lesson.course.slug}/${lesson.previous.slug}`}>
            ← {lesson.previous.title}
          </Link>
        ) : (
          <span />
        )}
        {lesson.next ? (
          <Link className={buttonClass({ variant: "secondary" })} href={`/learn/${lesson.course.slug}/${lesson.next.slug}`}>
            {lesson.next.title} →
          </Link>
        ) : (
          <Link className={buttonClass({ variant: "secondary" })} href={`/learn/${lesson.course.slug}`}>
            Back to the course
          </Link>
        )}
      </nav>
    </article>
  );
}
