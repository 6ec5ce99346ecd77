/** Small shared pieces: signed amounts, the live indicator, the stat tiles. */
import type { ReactNode } from "react";
import { useLiveStatus } from "./live";
import { money, percent } from "@/lib/format";
import { toneOf, toneWord } from "./format";
import styles from "./portfolio.module.css";

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

export function LiveIndicator() {
  const status = useLiveStatus();
  const label = status === "live" ? "Live" : status === "reconnecting" ? "Reconnecting…" : status === "offline" ? "Updating every 5 s" : "Connecting…";
  return (
    <span className={styles.live} data-status={status} role="status" title={status === "offline" ? "Live updates are unavailable; the page refreshes every 5 seconds." : undefined}>
      <span className={styles.liveDot} aria-hidden="true" />
      {label}
    </span>
  );
}

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
