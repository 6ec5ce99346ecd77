/**
 * Instrument search by symbol or name: the design system's SearchCombobox
 * (src/components/ui/Combobox.tsx: ↓ moves to the first match and on, Enter picks the highlighted
 * one, or the first match when none is; decision 064) over what can be traded: active
 * instruments, never an index. The exact symbol comes first, so "HL" + Enter picks HL, not HLEN.
 */
import { useCallback, useMemo } from "react";
import { SearchCombobox } from "@/components/ui/Combobox";
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
  const tradable = useMemo(() => instruments.filter(isTradable), [instruments]);
  const matches = useCallback(
    (text: string) => {
      const q = text.trim().toLowerCase();
      const found = q
        ? [
            ...tradable.filter((i) => i.symbol.toLowerCase().startsWith(q)).sort((a, b) => Number(b.symbol.toLowerCase() === q) - Number(a.symbol.toLowerCase() === q)),
            ...tradable.filter((i) => !i.symbol.toLowerCase().startsWith(q) && i.name.toLowerCase().includes(q)),
          ]
        : tradable;
      return found.slice(0, 8).map((i) => ({
        value: i.symbol,
        content: (
          <>
            <strong>{i.symbol}</strong> <span className={styles.optionName}>{i.name}</span>
            <span className={styles.optionPrice}>{money(i.lastPrice)}</span>
          </>
        ),
      }));
    },
    [tradable],
  );
  // The field names an instrument only when its text is exactly a tradable symbol.
  const exact = useCallback((text: string) => tradable.find((i) => i.symbol.toLowerCase() === text.trim().toLowerCase())?.symbol ?? "", [tradable]);
  const selected = instruments.find((i) => i.symbol === value);
  return (
    <SearchCombobox
      label={label}
      listLabel="Instruments"
      value={value}
      onChange={(symbol) => onChange(symbol)}
      matches={matches}
      exact={exact}
      hint={selected ? `${selected.name} · last ${money(selected.lastPrice)}` : "Type to search, then pick with the arrow keys and Enter."}
      error={error}
      placeholder="Symbol or name, e.g. ACME"
    />
  );
}
