/**
 * A search field with a list of matches: a WAI-ARIA combobox with a listbox popup on Ariakit's
 * Combobox (docs/decisions/034-accessible-components.md). Typing filters (the caller decides what
 * matches, best first); ↓ moves to the first match and on, Enter picks the highlighted one, or
 * the first match when none is; Escape closes. No match is highlighted until ↓: with an
 * auto-selected first match ↓ skipped to the second, and with a single match ↓ left nothing
 * highlighted (decision 064). The field names a value only when its text is exactly one
 * (`exact`). The instruments' search (portfolio) and the time-zone picker (settings) are this one
 * component. Imported from this module, not the `ui` barrel, so pages without it do not load Ariakit's combobox.
 */
import { Combobox, ComboboxItem, ComboboxLabel, ComboboxPopover, ComboboxProvider, useComboboxStore } from "@ariakit/react";
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./ui.module.css";

export interface ComboboxMatch {
  value: string;
  /** What the option shows (its value when absent). */
  content?: ReactNode;
}

export interface SearchComboboxProps {
  label: string;
  /** The list's accessible name ("Instruments", "Time zones"). */
  listLabel: string;
  value: string;
  /** The value the text names (or "" when it names none), and the text itself. */
  onChange: (value: string, text: string) => void;
  /** The options that match the text, best first (a few: the list shows them all). */
  matches: (text: string) => readonly ComboboxMatch[];
  /** The value `text` names exactly, or "". */
  exact: (text: string) => string;
  /** Under the field: what the value is, or how to search. */
  hint: ReactNode;
  error?: string;
  placeholder?: string;
}

export function SearchCombobox({ label, listLabel, value, onChange, matches: matching, exact, hint, error, placeholder }: SearchComboboxProps) {
  const id = useId();
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const [prevValue, setPrevValue] = useState(value);
  // Follow a value picked elsewhere; typing (which clears the value) keeps its text.
  if (value !== prevValue) {
    setPrevValue(value);
    if (value) setQuery(value);
  }
  const matches = useMemo(() => matching(query), [matching, query]);
  // Typing and picking both land here (a picked option's value is its text).
  const type = (text: string) => {
    setQuery(text);
    onChange(exact(text), text);
  };
  const store = useComboboxStore({ value: query, setValue: type, open: open && matches.length > 0, setOpen, placement: "bottom-start" });
  const pickFirstWhenNoneHighlighted = (event: KeyboardEvent<HTMLInputElement>) => {
    const first = matches[0];
    if (event.key !== "Enter" || !first || !store.getState().open || store.getState().activeId) return;
    event.preventDefault();
    type(first.value);
    setOpen(false);
  };
  return (
    <div className={styles.combo}>
      {/* An empty list is closed, so the field never points at a listbox that is not there. */}
      <ComboboxProvider store={store}>
        <ComboboxLabel className={styles.label}>{label}</ComboboxLabel>
        <Combobox
          className={styles.input}
          onKeyDown={pickFirstWhenNoneHighlighted}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          placeholder={placeholder}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
        {error && <span className={styles.fieldError}>{error}</span>}
        <ComboboxPopover className={styles.listbox} aria-label={listLabel} gutter={4} sameWidth unmountOnHide>
          {matches.map((m) => (
            <ComboboxItem key={m.value} value={m.value} className={styles.option}>
              {m.content ?? m.value}
            </ComboboxItem>
          ))}
        </ComboboxPopover>
      </ComboboxProvider>
    </div>
  );
}
