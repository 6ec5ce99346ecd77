import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, Badge, Button, buttonClass } from "@/components/ui";
import { Markdown } from "@/components/ui/Markdown";
import { durationParts } from "@/domain/events";
import { ApiError, call } from "@/lib/client/api";
import { countdown, percent as percentText, percentFigure, withUnit } from "@/lib/format";
import { learnEndpoints } from "./endpoints";
import styles from "./learn.module.css";

// The lesson's answers as the browser receives them: the routes' own schemas (../types; decision 071).
export type { LessonAnswer as LessonView, QuizView } from "../types";
import type { AttemptResult, LessonAnswer as LessonView, QuizView } from "../types";

/**
 * Milliseconds until `at`, ticking every second on the browser's clock (the server refuses an
 * early attempt whatever this says); null without a target and before mounting, so the
 * server's HTML and the first render agree.
 */
function useTimeLeft(at: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!at) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [at]);
  if (!at || now === null) return null;
  return Math.max(0, new Date(at).getTime() - now);
}

const FEATURE_NAMES: Record<string, string> = { "short-selling": "short selling", "advanced-orders": "trailing stops, brackets, OCO and OTO" };

/** A quiz score in whole percent ("50 %"). */
const percent = (fraction: string | number) => percentText(fraction, { signed: false, digits: 0 });

export function LessonReader({ lesson }: { lesson: LessonView }) {
  const [status, setStatus] = useState(lesson.progress.status);
  const [readMessage, setReadMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<"read" | "quiz" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [quiz, setQuiz] = useState<QuizView>(lesson.quiz);
  const retryAt = result?.retryAt ?? quiz.retryAt;
  const left = useTimeLeft(retryAt);
  const cooling = left !== null && left > 0;

  async function markRead() {
    setBusy("read");
    setError(null);
    try {
      const { xpAwarded } = await call(learnEndpoints.read, { params: { id: lesson.id } });
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
    const unanswered = quiz.questions.findIndex((q) => !(answers[q.id]?.length));
    if (unanswered >= 0) {
      setError(`Answer question ${unanswered + 1} first.`);
      return;
    }
    setBusy("quiz");
    setError(null);
    try {
      const attempt = await call(learnEndpoints.attempt, {
        params: { id: lesson.id },
        body: { attemptId: quiz.attemptId, answers: quiz.questions.map((q) => answers[q.id] ?? []) },
      });
      setResult(attempt);
      if (attempt.passed) setStatus("passed");
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not submit your answers. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  /** A fresh set of questions: the server draws it when the lesson is read again. */
  async function retry() {
    setBusy("quiz");
    setError(null);
    try {
      const fresh = await call(learnEndpoints.lesson, { params: { id: lesson.id } });
      setQuiz(fresh.quiz);
      setResult(null);
      setAnswers({});
      document.getElementById("quiz")?.scrollIntoView({ behavior: "smooth" });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not load new questions. Please try again.");
    } finally {
      setBusy(null);
    }
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
        {withUnit(lesson.minutes, "min")} read · {quiz.size} quiz questions · pass mark {percentFigure(lesson.passMark)}{" "}
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

      {quiz.size > 0 && (
        <section id="quiz" className={styles.quiz} aria-labelledby="quiz-title">
          <h2 id="quiz-title">Quiz</h2>
          <p className="muted">
            Pass with {percentFigure(lesson.passMark)} or more. Each try asks a fresh set of questions; your best score counts.
            {lesson.progress.bestScore && !result && ` Your best so far: ${percent(lesson.progress.bestScore)}.`}
          </p>
          {result && (
            <Alert tone={result.passed ? "success" : "warning"}>
              {result.passed ? "Passed!" : "Not passed yet."} You got {result.correctCount} of {result.questionCount} ({percent(result.score)}).
              {result.xpAwarded > 0 && ` +${result.xpAwarded} XP.`}
              {result.unlocked && ` You unlocked ${FEATURE_NAMES[result.unlocked] ?? result.unlocked}.`}
              {!result.passed && ` You need ${percentFigure(result.passMark)}. See which of your answers were wrong and why, re-read the lesson, then try a fresh set.`}
            </Alert>
          )}
          {cooling && (
            <Alert tone="info">
              Take a short break after several tries: re-read the lesson, and the next set of questions opens in{" "}
              <span role="timer" aria-live="off">
                {countdown(durationParts(left))}
              </span>
              .
            </Alert>
          )}
          {error && <Alert tone="error">{error}</Alert>}
          {quiz.questions.length > 0 && (
            <form onSubmit={submit} noValidate>
              {quiz.questions.map((q, i) => (
                <QuestionField
                  key={q.id}
                  number={i + 1}
                  question={q}
                  chosen={answers[q.id] ?? []}
                  feedback={feedbackFor(q.id)}
                  locked={Boolean(result)}
                  onChoose={(optionId, checked) => choose(q.id, optionId, q.multiple, checked)}
                />
              ))}
              {result ? (
                <Button variant="secondary" busy={busy === "quiz"} disabled={cooling} onClick={() => void retry()}>
                  Try a fresh set of questions
                </Button>
              ) : (
                <Button type="submit" busy={busy === "quiz"}>
                  Submit answers
                </Button>
              )}
            </form>
          )}
          {quiz.questions.length === 0 && (
            // The page opened during a cool-down: nothing drawn yet.
            <Button variant="secondary" busy={busy === "quiz"} disabled={left === null || cooling} onClick={() => void retry()}>
              Try a fresh set of questions
            </Button>
          )}
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

type Feedback = AttemptResult["feedback"][number];

/**
 * One question. After a pass the correct options are marked and every option explained; after
 * a fail only the verdict on the person's answer and the explanations of what they chose.
 */
function QuestionField({
  number,
  question: q,
  chosen,
  feedback,
  locked,
  onChoose,
}: {
  number: number;
  question: QuizView["questions"][number];
  chosen: string[];
  feedback: Feedback | undefined;
  locked: boolean;
  onChoose: (optionId: string, checked: boolean) => void;
}) {
  return (
    <fieldset className={styles.question} disabled={locked}>
      <legend>
        {number}. {q.prompt}
      </legend>
      {q.multiple && <p className="muted" style={{ margin: "0 0 0.4rem" }}>Choose every answer that applies.</p>}
      {q.options.map((o) => {
        const isChosen = chosen.includes(o.id);
        const isRight = feedback?.correctOptionIds?.includes(o.id) ?? false;
        // Without the key (a fail), a chosen option is marked wrong only when it surely is: the
        // question was missed and it was its only answer.
        const surelyWrong = feedback && !feedback.correct && isChosen && !q.multiple;
        const marker = feedback && (isRight || (feedback.correct && isChosen) ? styles.optionRight : surelyWrong ? styles.optionWrong : "");
        const explanation = feedback?.explanations[o.id];
        return (
          <div key={o.id}>
            <label className={`${styles.option} ${marker ?? ""}`}>
              <input type={q.multiple ? "checkbox" : "radio"} name={q.id} value={o.id} checked={isChosen} onChange={(e) => onChoose(o.id, e.target.checked)} />
              <span>
                {o.text}
                {feedback && isChosen && <span className="visually-hidden"> (your answer)</span>}
                {isRight && <span className="visually-hidden"> (correct answer)</span>}
              </span>
            </label>
            {explanation && <p className={styles.explanation}>{explanation}</p>}
          </div>
        );
      })}
      {feedback && (
        <p className={`${styles.verdict} ${feedback.correct ? styles.verdictRight : styles.verdictWrong}`}>
          {feedback.correct ? "Correct" : feedback.correctOptionIds ? "Not quite" : "Your answer is not right"}
        </p>
      )}
    </fieldset>
  );
}
