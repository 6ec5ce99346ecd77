/**
 * Figures every money page shows: a gain or loss (signed, coloured, and in words for screen
 * readers — never colour alone) and the stat tiles of a key-figures list. Shared by the
 * market's views and the portfolio's, and by the pages that show a portfolio's figures.
 */
import type { ReactNode } from "react";
import { money, percent } from "@/lib/format";
import styles from "./figures.module.css";

export type Tone = "up" | "down" | "flat";

/** Amounts below a cent (or, for fractions, 0.005 %) count as no change. */
export function toneOf(value: string | number | null | undefined, kind: "money" | "percent" = "money"): Tone {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || Math.abs(n) < (kind === "percent" ? 0.00005 : 0.005)) return "flat";
  return n > 0 ? "up" : "down";
}

/** Words for screen readers and for anyone who cannot tell the colours apart. */
export function toneWord(tone: Tone): string {
  return tone === "up" ? "gain" : tone === "down" ? "loss" : "no change";
}

/**
 * A gain or loss: coloured, signed, and with words for screen readers (never colour alone).
 * `arrow`: a ▲ or ▼ in front as well; off in tables of figures, where the sign says it and the
 * column has no room to spare.
 */
export function Signed({ value, kind = "money", suffix, arrow = true }: { value: string | null | undefined; kind?: "money" | "percent"; suffix?: ReactNode; arrow?: boolean }) {
  const tone = toneOf(value, kind);
  const text = kind === "money" ? money(value, { signed: true }) : percent(value);
  return (
    <span className={styles[tone]}>
      {arrow && <span aria-hidden="true">{tone === "up" ? "▲ " : tone === "down" ? "▼ " : ""}</span>}
      {text}
      {suffix}
      <span className="visually-hidden"> ({toneWord(tone)})</span>
    </span>
  );
}

/** One tile of a key-figures list (`<dl className={figureStyles.stats}>`). */
export function Stat({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>
        {children}
        {hint && <span className={styles.statHint}>{hint}</span>}
      </dd>
    </div>
  );
}

export { styles as figureStyles };
