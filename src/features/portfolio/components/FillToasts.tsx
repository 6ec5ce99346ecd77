/**
 * "Your limit order filled": a resting order that fills while the page is open says so, in a
 * polite live region (screen readers announce it), for a few seconds or until dismissed.
 * Fills the page itself asked for (a market order's answer) are never announced twice: the
 * live message brings only what the page did not know.
 */
import { useCallback, useEffect, useState } from "react";
import { money } from "@/lib/format";
import { SIDE_LABEL } from "./format";
import type { Fill } from "./types";
import styles from "./portfolio.module.css";

const SHOW_MS = 10_000;

interface Toast {
  id: string;
  text: string;
}

const describeFill = (f: Fill) => `${SIDE_LABEL[f.side]} ${f.quantity} ${f.symbol} filled at ${money(f.price)}${f.commission !== "0.00" ? ` (commission ${money(f.commission)})` : ""}.`;

export function useFillToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const announce = useCallback((fills: Fill[]) => setToasts((now) => [...now, ...fills.map((f) => ({ id: f.id, text: `Order filled: ${describeFill(f)}` }))].slice(-4)), []);
  const dismiss = useCallback((id: string) => setToasts((now) => now.filter((t) => t.id !== id)), []);
  return { toasts, announce, dismiss };
}

export function FillToasts({ toasts }: { toasts: ReturnType<typeof useFillToasts> }) {
  const { toasts: items, dismiss } = toasts;
  useEffect(() => {
    if (items.length === 0) return;
    const timer = setTimeout(() => dismiss(items[0]!.id), SHOW_MS);
    return () => clearTimeout(timer);
  }, [items, dismiss]);
  return (
    <div className={styles.toasts} role="status" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={styles.toast}>
          <span>{t.text}</span>
          <button type="button" className={styles.toastClose} onClick={() => dismiss(t.id)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
