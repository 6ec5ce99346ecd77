/**
 * "Have a join code?": a titled box with one code field and a button, for events and classes.
 * It holds the typing, busy and error states; what a code opens is the caller's `onSubmit`
 * (which throws an Error whose message the box shows).
 */
import { useId, useState, type FormEvent } from "react";
import { Button, Field } from "./index";
import styles from "./ui.module.css";

export interface JoinCodeFormProps {
  title: string;
  hint: string;
  label: string;
  submitLabel: string;
  /** Said when the field is empty. */
  emptyMessage: string;
  onSubmit: (code: string) => Promise<void>;
  initialCode?: string;
}

export function JoinCodeForm({ title, hint, label, submitLabel, emptyMessage, onSubmit, initialCode = "" }: JoinCodeFormProps) {
  const headingId = useId();
  const errorId = useId();
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(emptyMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(code);
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.codeBox} aria-labelledby={headingId} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={headingId} className={styles.codeTitle}>
        {title}
      </h2>
      <p className={styles.codeHint}>{hint}</p>
      <div className={styles.codeRow}>
        {/* The error goes under the whole row, so the button stays level with the field. */}
        <Field
          label={label}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="ABCD-EFGH"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" variant="secondary" busy={busy}>
          {submitLabel}
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.codeError} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
