/** Small pieces the authoring pages share: slug suggestions, labelled inputs, the unsaved-changes guard. */
import Router, { useRouter } from "next/router";
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type InputHTMLAttributes, type ReactNode } from "react";
import { Field } from "@/components/ui";
import { ApiError } from "@/lib/client/api";
import { fieldErrors } from "@/lib/validation/field-errors";
import styles from "./authoring.module.css";

/** "Order types: a primer!" → "order-types-a-primer" (fits slugSchema; may be empty). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** A slug that follows the title until the person types their own (emptying it follows the title again). */
export function useSuggestedSlug(title: string) {
  const [own, setOwn] = useState("");
  const slug = own === "" ? slugify(title) : own;
  return { slug, setSlug: setOwn, reset: () => setOwn("") };
}

interface ParseResult {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}

/**
 * Per-field messages for a form: the zod rules' messages appear once a field has been left
 * (or after a save attempt) and update as the person types; the server's messages (e.g. a
 * taken slug) stay until that field changes.
 */
export function useFieldErrors(result: ParseResult) {
  const all = useMemo(() => (result.success || !result.error ? {} : fieldErrors(result.error)), [result]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const visible = useMemo(() => {
    const out: Record<string, string> = { ...server };
    for (const [path, message] of Object.entries(all)) if (submitted || touched.has(path)) out[path] = message;
    return out;
  }, [all, server, submitted, touched]);
  return {
    /** Every rule broken now, shown or not. */
    all,
    /** What is on screen: the server's messages and the client's for fields left or submitted. */
    visible,
    error: (path: string): string | undefined => visible[path],
    submitted,
    touch: (path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))),
    clearServer: (path?: string) =>
      setServer((s) => {
        if (path === undefined) return Object.keys(s).length ? {} : s;
        if (!(path in s)) return s;
        const { [path]: _gone, ...rest } = s;
        return rest;
      }),
    setServer,
    attempt: () => setSubmitted(true),
    reset: () => {
      setTouched(new Set());
      setSubmitted(false);
      setServer({});
    },
  };
}

/** Moves focus to the first input marked invalid (after a failed submit). */
export function focusFirstInvalid(container: HTMLElement | null) {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/** The message to show for a failed call. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Field errors from the server (400 fields, 409 SLUG_TAKEN on the slug). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (error.code === "SLUG_TAKEN") return { slug: error.message };
  return error.fields;
}

/** Turns a dotted error path into an element id, so messages and the summary can point at inputs. */
export function fieldId(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/\./g, "-")}`;
}


interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: string;
  hint?: ReactNode;
}

export function CheckboxField({ label, hint, id, ...rest }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={styles.checkField}>
      <input type="checkbox" id={inputId} aria-describedby={hintId} {...rest} />
      <div>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {hint && (
          <div id={hintId} className={styles.hint}>
            {hint}
          </div>
        )}
      </div>
    </div>
  );
}

export function UnsavedBadge({ dirty, saved }: { dirty: boolean; saved?: boolean }) {
  return (
    <span role="status" className={styles.saveState}>
      {dirty ? (
        <span className={styles.unsaved}>
          <span className={styles.dot} aria-hidden="true" />
          You have unsaved changes
        </span>
      ) : saved ? (
        <span className={styles.saved}>Saved</span>
      ) : null}
    </span>
  );
}

const LEAVE_MESSAGE = "You have unsaved changes. Leave this page and lose them?";

/** Path and query of a URL or an app path, for comparing addresses. */
function pathOf(url: string): string {
  const u = new URL(url, window.location.href);
  return u.pathname + u.search;
}

/**
 * While `dirty`: the browser asks before closing or reloading the tab (beforeunload), and
 * in-app navigation asks first.
 * - Link clicks are asked about before Next sees them, so "stay" costs nothing.
 * - Back/forward: Next's beforePopState asks; on "stay" the address is put back.
 * - Any other route change (router.push) is cancelled the standard pages-router way: emit
 *   routeChangeError and throw in routeChangeStart.
 * Refreshing the same address (router.replace(router.asPath)) is never asked about.
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  const router = useRouter();
  const confirmedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!dirty) return;
    // This page's own history entry, to restore when someone presses Back and then stays.
    const here: unknown = window.history.state;
    const current = () => pathOf(Router.asPath);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return; // beforeunload covers leaving the site
      if (pathOf(url.href) === current()) return; // same page (e.g. #anchors)
      if (window.confirm(LEAVE_MESSAGE)) {
        confirmedFor.current = pathOf(url.href);
      } else {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    router.beforePopState(({ as }) => {
      const target = pathOf(as);
      if (target === current()) return true;
      if (window.confirm(LEAVE_MESSAGE)) {
        confirmedFor.current = target;
        return true;
      }
      // The browser already moved to the other entry: put this page's address back.
      window.history.pushState(here, "", Router.asPath);
      return false;
    });
    const onRouteChangeStart = (url: string) => {
      const target = pathOf(url);
      if (target === current()) return;
      if (confirmedFor.current === target) {
        confirmedFor.current = null;
        return;
      }
      if (window.confirm(LEAVE_MESSAGE)) return;
      router.events.emit("routeChangeError", new Error("Navigation cancelled: unsaved changes."), url, { shallow: false });
      // Next has no API to cancel a route change; throwing here is the accepted way.
      throw "Navigation cancelled: unsaved changes.";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    router.events.on("routeChangeStart", onRouteChangeStart);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      router.events.off("routeChangeStart", onRouteChangeStart);
      router.beforePopState(() => true);
    };
  }, [dirty, router]);
}

/** Up/down buttons for a row in an ordered list; names say what moves where. */
export function MoveButtons({
  name,
  index,
  count,
  disabled,
  idPrefix,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  idPrefix: string;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <span className={styles.move}>
      <button
        type="button"
        id={`${idPrefix}-up`}
        className={styles.iconButton}
        aria-label={`Move ${name} up`}
        title="Move up"
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        id={`${idPrefix}-down`}
        className={styles.iconButton}
        aria-label={`Move ${name} down`}
        title="Move down"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
    </span>
  );
}

/** The list with one item moved from `from` to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/**
 * After a move the row's buttons may have been re-rendered elsewhere: put focus back on the
 * same button (or its partner when the row reached an end), so keyboard users keep their place.
 */
export function refocusMove(idPrefix: string, direction: "up" | "down") {
  const same = document.getElementById(`${idPrefix}-${direction}`) as HTMLButtonElement | null;
  const other = document.getElementById(`${idPrefix}-${direction === "up" ? "down" : "up"}`) as HTMLButtonElement | null;
  (same && !same.disabled ? same : other)?.focus();
}

type FieldErrors = ReturnType<typeof useFieldErrors>;

/**
 * The address-name (slug) input every authoring form has: no auto-correction, and the
 * rules' message once the field has been left.
 */
export function SlugField({ errors, label = "Address name", ...rest }: Omit<ComponentProps<typeof Field>, "label" | "onBlur" | "error"> & { errors: FieldErrors; label?: string }) {
  return <Field label={label} autoCapitalize="none" autoCorrect="off" spellCheck={false} onBlur={() => errors.touch("slug")} error={errors.error("slug")} {...rest} />;
}

