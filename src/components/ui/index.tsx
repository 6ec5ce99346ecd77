/** Design-system primitives. No data fetching here: features pass data in. */
import {
  forwardRef,
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { hasRole, ROLE_LABELS, type Role } from "@/lib/roles";
import { integer } from "@/lib/format";
import styles from "./ui.module.css";

type Variant = "primary" | "secondary" | "danger" | "ghost";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "normal" | "small";
  block?: boolean;
  busy?: boolean;
}

export function buttonClass({ variant = "primary", size = "normal", block = false }: Pick<ButtonProps, "variant" | "size" | "block"> = {}) {
  return [styles.button, styles[variant], size === "small" && styles.small, block && styles.block].filter(Boolean).join(" ");
}

/**
 * A busy button is aria-disabled, not disabled: a disabled button that has focus loses it to
 * the page (after "Place order" a keyboard user was back at the top), so while busy it keeps
 * focus and swallows clicks and Enter (a click on a submit button submits nothing).
 */
export function Button({ variant, size, block, busy, disabled, children, type = "button", className, onClick, ...rest }: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className].filter(Boolean).join(" ");
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) return event.preventDefault();
        onClick?.(event);
      }}
      {...rest}
    >
      {children}
    </button>
  );
}

/** The ids of a form control's hint and error, which FieldNotes renders under it. */
const noteIds = (control: string) => ({ hint: `${control}-hint`, error: `${control}-error` });

/** A control's aria-describedby: its hint and its error, those it has. */
function describedBy(control: string, hint: ReactNode, error: string | undefined): string | undefined {
  const ids = noteIds(control);
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ") || undefined;
}

/** The hint and the error under a form control (Field, SelectField), named by describedBy. */
function FieldNotes({ control, hint, error }: { control: string; hint?: ReactNode; error?: string }) {
  const ids = noteIds(control);
  return (
    <>
      {hint && (
        <span id={ids.hint} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.error} className={styles.fieldError}>
          {error}
        </span>
      )}
    </>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, id, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        {...rest}
      />
      <FieldNotes control={inputId} hint={hint} error={error} />
    </div>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Monospaced, for text written in a markup (a lesson's Markdown). */
  mono?: boolean;
  /** Keep the label for screen readers only (the surrounding heading says it already). */
  hideLabel?: boolean;
}

/** A multi-line text field with its label, hint and error, like Field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField({ label, error, hint, id, mono, hideLabel, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={styles.field}>
      <label className={hideLabel ? "visually-hidden" : styles.label} htmlFor={inputId}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        className={[styles.input, styles.textarea, mono && styles.mono, className].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        {...rest}
      />
      <FieldNotes control={inputId} hint={hint} error={error} />
    </div>
  );
});

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, error, hint, id, children, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, hint, error)}
        {...rest}
      >
        {children}
      </select>
      <FieldNotes control={selectId} hint={hint} error={error} />
    </div>
  );
});

export function Alert({ tone = "info", children, title }: { tone?: "info" | "error" | "success" | "warning"; children: ReactNode; title?: string }) {
  return (
    <div className={`${styles.alert} ${styles[`alert-${tone}`]}`} role={tone === "error" ? "alert" : "status"}>
      {title && <strong>{title} </strong>}
      {children}
    </div>
  );
}

export function Card({ title, children, id, actions }: { title?: string; children: ReactNode; id?: string; actions?: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.card} id={id} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: "0.5rem" }}>
          <h2 id={headingId} className={styles.cardTitle}>
            {title}
          </h2>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function Skeleton({ height = 20, width = "100%" }: { height?: number; width?: number | string }) {
  return <div className={styles.skeleton} style={{ height, width }} aria-hidden="true" />;
}

export function Badge({ tone, children }: { tone?: "admin" | "danger" | "success"; children: ReactNode }) {
  return <span className={`${styles.badge} ${tone ? styles[`badge-${tone}`] : ""}`}>{children}</span>;
}

/** A person's role, worded once (src/lib/roles.ts): organisers and admins stand out. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={hasRole(role, "organiser") ? "admin" : undefined}>{ROLE_LABELS[role]}</Badge>;
}

/**
 * Previous and next page of a list, with where the reader is between them ("Page 3 of 12"
 * unless `label` says more). Every paged list and board uses it.
 */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label?: ReactNode }) {
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="muted">{label ?? `Page ${integer(page)} of ${integer(pages)}`}</span>
      <Button size="small" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

export { TimeZoneNote, TimeZoneProvider, useTimeFormat } from "./TimeZone";
export { JoinCodeForm, type JoinCodeFormProps } from "./JoinCodeForm";
