/**
 * One action of a screen (save, delete, import, …): busy while it runs, then a status line —
 * its success text, or the server's error message (an `ApiError`'s), else the fallback.
 * Hand `busy` to the `Button` that started it: a busy Button is aria-disabled, not disabled,
 * so it keeps the keyboard's focus and swallows clicks (docs/decisions/064).
 */
import { useCallback, useState } from "react";
import { ApiError } from "@/lib/client/api";

export type ActionStatus = { tone: "success" | "error"; text: string } | null;

export interface ActionOptions<T> {
  /** The status once it worked: a text, or one made from the result (null: leave the status as it is). */
  success?: string | ((result: T) => string | null);
  /**
   * The status when it failed: an ApiError's message, else this text. A function decides for
   * itself (a form that shows the server's field errors beside its fields returns null: no line).
   */
  failure: string | ((error: unknown) => string | null);
  /** Runs after the action, worked or not (e.g. close a dialog). */
  settle?: () => void;
}

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** What a person reads when an action failed: the server's message, else the fallback. */
export const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The hook's logic, apart from React's state (tests/unit/use-action.test.ts). */
export async function runAction<T>(work: () => Promise<T>, options: ActionOptions<T>, set: { busy(value: boolean): void; status(value: ActionStatus): void }): Promise<ActionOutcome<T>> {
  set.busy(true);
  try {
    const value = await work();
    const text = typeof options.success === "function" ? options.success(value) : options.success;
    if (text != null) set.status({ tone: "success", text });
    return { ok: true, value };
  } catch (error) {
    const text = typeof options.failure === "function" ? options.failure(error) : errorText(error, options.failure);
    set.status(text === null ? null : { tone: "error", text });
    return { ok: false, error };
  } finally {
    set.busy(false);
    options.settle?.();
  }
}

/** `run(work, options)` runs one action; `busy` and `status` are what the screen shows of it. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ActionStatus>(null);
  const run = useCallback(<T>(work: () => Promise<T>, options: ActionOptions<T>) => runAction(work, options, { busy: setBusy, status: setStatus }), []);
  return { busy, status, setStatus, run };
}
