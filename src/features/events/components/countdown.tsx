/**
 * Countdowns to an event's start or end, ticking in the browser on the server's clock: the
 * event page and the dashboard's "my events". The text is lib/format's (`remaining`).
 */
import { useRouter } from "next/router";
import { useEffect, useRef, useState } from "react";
import { remaining } from "./format";

/**
 * The server's clock, ticking every second: `serverNow` (when the page was rendered) plus the
 * time since (the offset is taken once, so a wrong browser clock does not matter). Null until
 * mounted, so the server's HTML and the first render in the browser agree.
 */
export function useServerClock(serverNow: string): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const offset = new Date(serverNow).getTime() - Date.now();
    const tick = () => setNow(Date.now() + offset);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [serverNow]);
  return now;
}

/**
 * Reads the page again a moment after `due` becomes true (a countdown reached zero: a phase
 * changed, and the server decides what the page shows now; an end needs a second to freeze).
 * Once per rendering of the page (`serverNow`), so a page left open follows every change.
 */
export function useRefreshWhenDue(due: boolean, serverNow: string): void {
  const router = useRouter();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!due || done.current === serverNow) return;
    done.current = serverNow;
    setTimeout(() => void router.replace(router.asPath, undefined, { scroll: false }), 1500);
  }, [due, serverNow, router]);
}

/** Milliseconds from `now` (the server's clock, or null before it ticks) to `target`; `ms` is the server's figure for the first render. */
export function timeLeft(countdown: { target: string | null; ms: number | null }, now: number | null): number | null {
  if (countdown.target === null) return null;
  return now === null ? countdown.ms : new Date(countdown.target).getTime() - now;
}

/** The ticking figure: "1 d 2:03:04". A timer a screen reader reads when asked, not every second. */
export function CountdownText({ left, className }: { left: number | null; className?: string }) {
  return (
    <span className={className} role="timer" aria-live="off">
      {remaining(Math.max(0, left ?? 0))}
    </span>
  );
}
