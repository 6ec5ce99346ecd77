/**
 * Instrument search by symbol or name: an ARIA combobox (arrows move, Enter picks, Escape
 * closes). It offers what can be traded: active instruments, never an index.
 */
import { useId, useMemo, useState } from "react";
import { money } from "@/lib/format";
import type { Instrument } from "./types";
import styles from "./portfolio.module.css";

/** Withdrawn instruments and the benchmark index are listed elsewhere but cannot be traded. */
const isTradable = (i: Instrument) => i.active && i.kind !== "index";

export function InstrumentCombobox({
  instruments,
  value,
  onChange,
  error,
  label = "Instrument",
}: {
  instruments: Instrument[];
  value: string;
  onChange: (symbol: string) => void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [prevValue, setPrevValue] = useState(value);
  // Follow a symbol picked elsewhere; typing (which clears the value) keeps its text.
  if (value !== prevValue) {
    setPrevValue(value);
    if (value) setQuery(value);
  }
  const tradable = useMemo(() => instruments.filter(isTradable), [instruments]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = tradable;
    if (!q) return list.slice(0, 8);
    const starts = list.filter((i) => i.symbol.toLowerCase().startsWith(q));
    const rest = list.filter((i) => !i.symbol.toLowerCase().startsWith(q) && i.name.toLowerCase().includes(q));
    return [...starts, ...rest].slice(0, 8);
  }, [tradable, query]);

  const pick = (instrument: Instrument) => {
    onChange(instrument.symbol);
    setQuery(instrument.symbol);
    setOpen(false);
  };
  const selected = instruments.find((i) => i.symbol === value);
  return (
    <div className={styles.combo}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        role="combobox"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-opt-${matches[active].symbol}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Symbol or name, e.g. ACME"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
          const exact = tradable.find((i) => i.symbol.toLowerCase() === e.target.value.trim().toLowerCase());
          onChange(exact ? exact.symbol : "");
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, matches.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === "Enter" && open && matches.length > 0) {
            // The highlighted option, or the last one if the list got shorter under it.
            e.preventDefault();
            pick(matches[Math.min(active, matches.length - 1)]!);
          } else if (e.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      <span id={`${id}-hint`} className={styles.hint}>
        {selected ? `${selected.name} · last ${money(selected.lastPrice)}` : "Type to search, then pick with the arrow keys and Enter."}
      </span>
      {error && <span className={styles.fieldError}>{error}</span>}
      {open && matches.length > 0 && (
        <ul id={listId} role="listbox" className={styles.listbox} aria-label="Instruments">
          {matches.map((i, index) => (
            <li
              key={i.symbol}
              id={`${id}-opt-${i.symbol}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? styles.optionActive : styles.option}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(i);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <strong>{i.symbol}</strong> <span className={styles.optionName}>{i.name}</span>
              <span className={styles.optionPrice}>{money(i.lastPrice)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
