import { flushSync } from "react-dom";
import { Button, Field, TextAreaField } from "@/components/ui";
import { CheckboxField, fieldId, MoveButtons, moved, refocusMove } from "./shared";
import styles from "./authoring.module.css";

export interface OptionDraft {
  key: string;
  text: string;
  correct: boolean;
  explanation: string;
}

export interface QuestionDraft {
  key: string;
  prompt: string;
  options: OptionDraft[];
}

export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 8;
export const MAX_QUESTIONS = 50;

// Keys only tell React which row is which; they never reach the server or the HTML.
let lastKey = 0;
export const newKey = () => `d${++lastKey}`;
export const blankOption = (): OptionDraft => ({ key: newKey(), text: "", correct: false, explanation: "" });
export const blankQuestion = (): QuestionDraft => ({ key: newKey(), prompt: "", options: [blankOption(), blankOption()] });

const id = (path: string) => fieldId("lesson", path);

/** Add, remove and reorder questions and their answers. Input ids follow the validation paths. */
export function QuestionsEditor({
  questions,
  onChange,
  error,
  touch,
}: {
  questions: QuestionDraft[];
  onChange: (next: QuestionDraft[]) => void;
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
}) {
  /** Applies a change that adds, removes or moves a row now, then puts focus where the person expects it. */
  function restructure(next: QuestionDraft[], focus: () => void) {
    flushSync(() => onChange(next));
    focus();
  }
  const focusId = (target: string) => () => document.getElementById(target)?.focus();

  const updateQuestion = (i: number, patch: Partial<QuestionDraft>) => onChange(questions.map((q, k) => (k === i ? { ...q, ...patch } : q)));
  const updateOption = (i: number, j: number, patch: Partial<OptionDraft>) =>
    updateQuestion(i, { options: (questions[i]?.options ?? []).map((o, k) => (k === j ? { ...o, ...patch } : o)) });

  return (
    <div className={styles.questions} id={id("questions")} tabIndex={-1}>
      {questions.length === 0 && <p className="muted">No questions yet. A lesson without questions has no quiz: learners only mark it read.</p>}
      {questions.map((q, i) => {
        const base = `questions.${i}`;
        const correctCount = q.options.filter((o) => o.correct).length;
        const groupError = error(`${base}.options`);
        return (
          <fieldset key={q.key} id={id(base)} tabIndex={-1} className={styles.question}>
            <legend>Question {i + 1}</legend>
            <div className={styles.groupActions}>
              <MoveButtons
                name={`question ${i + 1}`}
                index={i}
                count={questions.length}
                idPrefix={`lesson-q${i}-move`}
                onMove={(from, to) => restructure(moved(questions, from, to), () => refocusMove(`lesson-q${to}-move`, to < from ? "up" : "down"))}
              />
              <Button
                size="small"
                variant="ghost"
                className={styles.removeButton}
                onClick={() => {
                  const next = questions.filter((_, k) => k !== i);
                  restructure(next, focusId(next.length === 0 ? "lesson-add-question" : id(`questions.${Math.min(i, next.length - 1)}.prompt`)));
                }}
              >
                Remove<span className="visually-hidden"> question {i + 1}</span>
              </Button>
            </div>
            <div className={styles.groupBody}>
              <TextAreaField
                label="Question text"
                id={id(`${base}.prompt`)}
                rows={2}
                value={q.prompt}
                onChange={(e) => updateQuestion(i, { prompt: e.target.value })}
                onBlur={() => touch(`${base}.prompt`)}
                error={error(`${base}.prompt`)}
                hint={
                  correctCount > 1
                    ? `${correctCount} answers are marked correct: learners see checkboxes and must choose exactly these.`
                    : "Mark one answer correct for a single-choice question, or several for “choose every answer that applies”."
                }
              />
              <div className={styles.answers} id={id(`${base}.options`)} tabIndex={-1} aria-describedby={groupError ? `${id(`${base}.options`)}-error` : undefined}>
                {q.options.map((o, j) => {
                  const path = `${base}.options.${j}`;
                  return (
                    <fieldset key={o.key} className={`${styles.answer} ${o.correct ? styles.answerCorrect : ""}`}>
                      <legend>Answer {j + 1}</legend>
                      <div className={styles.groupActions}>
                        <MoveButtons
                          name={`answer ${j + 1}`}
                          index={j}
                          count={q.options.length}
                          idPrefix={`lesson-q${i}-a${j}-move`}
                          onMove={(from, to) =>
                            restructure(
                              questions.map((qq, k) => (k === i ? { ...qq, options: moved(qq.options, from, to) } : qq)),
                              () => refocusMove(`lesson-q${i}-a${to}-move`, to < from ? "up" : "down"),
                            )
                          }
                        />
                        <Button
                          size="small"
                          variant="ghost"
                          className={styles.removeButton}
                          disabled={q.options.length <= MIN_ANSWERS}
                          title={q.options.length <= MIN_ANSWERS ? `A question needs at least ${MIN_ANSWERS} answers.` : undefined}
                          onClick={() => {
                            touch(`${base}.options`);
                            restructure(
                              questions.map((qq, k) => (k === i ? { ...qq, options: qq.options.filter((_, m) => m !== j) } : qq)),
                              focusId(`lesson-q${i}-add-answer`),
                            );
                          }}
                        >
                          Remove<span className="visually-hidden"> answer {j + 1}</span>
                        </Button>
                      </div>
                      <div className={`${styles.groupBody} ${styles.answerBody}`}>
                        <Field
                          label="Answer text"
                          id={id(`${path}.text`)}
                          value={o.text}
                          onChange={(e) => updateOption(i, j, { text: e.target.value })}
                          onBlur={() => touch(`${path}.text`)}
                          error={error(`${path}.text`)}
                        />
                        <CheckboxField
                          label="Correct answer"
                          id={id(`${path}.correct`)}
                          checked={o.correct}
                          onChange={(e) => {
                            touch(`${base}.options`);
                            updateOption(i, j, { correct: e.target.checked });
                          }}
                        />
                        <TextAreaField
                          label="Explanation"
                          id={id(`${path}.explanation`)}
                          rows={2}
                          placeholder="Why is this answer right or wrong? Learners see it after answering."
                          value={o.explanation}
                          onChange={(e) => updateOption(i, j, { explanation: e.target.value })}
                          onBlur={() => touch(`${path}.explanation`)}
                          error={error(`${path}.explanation`)}
                        />
                      </div>
                    </fieldset>
                  );
                })}
              </div>
              {groupError && (
                <p className={styles.groupError} id={`${id(`${base}.options`)}-error`}>
                  {groupError}
                </p>
              )}
              <div className={styles.addRow}>
                <Button
                  size="small"
                  variant="secondary"
                  id={`lesson-q${i}-add-answer`}
                  disabled={q.options.length >= MAX_ANSWERS}
                  onClick={() =>
                    restructure(
                      questions.map((qq, k) => (k === i ? { ...qq, options: [...qq.options, blankOption()] } : qq)),
                      focusId(id(`${base}.options.${q.options.length}.text`)),
                    )
                  }
                >
                  Add answer<span className="visually-hidden"> to question {i + 1}</span>
                </Button>
                <span className="muted">
                  {q.options.length} of {MAX_ANSWERS} answers at most
                </span>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div className={styles.addRow}>
        <Button
          variant="secondary"
          id="lesson-add-question"
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => restructure([...questions, blankQuestion()], focusId(id(`questions.${questions.length}.prompt`)))}
        >
          Add question
        </Button>
        {questions.length >= MAX_QUESTIONS && <span className="muted">{MAX_QUESTIONS} questions at most.</span>}
      </div>
    </div>
  );
}
