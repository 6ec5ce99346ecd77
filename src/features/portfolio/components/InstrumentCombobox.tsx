/**
 * Instrument search by symbol or name: a WAI-ARIA combobox with a listbox popup, on Ariakit's
 * Combobox (typing filters and highlights the first match, the arrow keys move, Enter picks,
 * Escape closes; docs/decisions/034-accessible-components.md). It offers what can be traded:
 * active instruments, never an index.
 */
import { Combobox, ComboboxItem, ComboboxLabel, ComboboxPopover, ComboboxProvider } from "@ariakit/react";
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
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
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

  // Typing and picking both land here (a picked option's value is its symbol): the field names an
  // instrument only when its text is exactly a tradable symbol.
  const type = (text: string) => {
    setQuery(text);
    const exact = tradable.find((i) => i.symbol.toLowerCase() === text.trim().toLowerCase());
    onChange(exact ? exact.symbol : "");
  };
  const selected = instruments.find((i) => i.symbol === value);
  return (
    <div className={styles.combo}>
      {/* An empty list is closed, so the field never points at a listbox that is not there. */}
      <ComboboxProvider value={query} setValue={type} open={open && matches.length > 0} setOpen={setOpen} placement="bottom-start">
        <ComboboxLabel className={styles.label}>{label}</ComboboxLabel>
        <Combobox
          className={styles.input}
          autoSelect
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          placeholder="Symbol or name, e.g. ACME"
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {selected ? `${selected.name} · last ${money(selected.lastPrice)}` : "Type to search, then pick with the arrow keys and Enter."}
        </span>
        {error && <span className={styles.fieldError}>{error}</span>}
        <ComboboxPopover className={styles.listbox} aria-label="Instruments" gutter={4} sameWidth unmountOnHide>
          {matches.map((i) => (
            <ComboboxItem key={i.symbol} value={i.symbol} className={styles.option}>
              <strong>{i.symbol}</strong> <span className={styles.optionName}>{i.name}</span>
              <span className={styles.optionPrice}>{money(i.lastPrice)}</span>
            </ComboboxItem>
          ))}
        </ComboboxPopover>
      </ComboboxProvider>
    </div>
  );
}
