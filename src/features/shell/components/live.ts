/**
 * Live updates from /api/stream. ONE EventSource per browser tab, shared by every component
 * through a small module-level store; EventSource reconnects by itself after a network drop.
 * When the endpoint is missing or refuses (the connection closes for good: a 503 while the
 * database is away), we say so and retry, soon at first and less often the longer it lasts
 * (`offlineRetryMs`), and at once when the browser comes back online; the data hooks fall back
 * to polling meanwhile. The messages are the
 * ones lib/live-messages.ts defines, every one of them listened for (the portfolio's
 * LIVE_HANDLERS). It sits in the app frame because the market's views and the portfolio's
 * both listen (decision 074).
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { LIVE_MESSAGE_TYPES, type LiveMessage } from "@/lib/live-messages";

export type LiveStatus = "connecting" | "live" | "reconnecting" | "offline";

/** The first retry after a refusal, doubled after each refusal up to the last. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

/**
 * How long to wait before the `attempt`-th retry (0: the first) after the stream was refused:
 * 2 s, 4 s, 8 s, 16 s, then every 30 s, each ±25 % (`random` in [0, 1)) so that the pages of
 * an instance that came back do not all arrive in the same second. A short outage (a restart,
 * a fail-over: seconds) ends with the page live again seconds later, a long one costs the
 * server one refused request a page every 30 s.
 */
export function offlineRetryMs(attempt: number, random: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + random / 2));
}

let refusals = 0;

let source: EventSource | null = null;
let status: LiveStatus = "connecting";
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(event: LiveMessage) => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function connect() {
  if (source || typeof EventSource === "undefined") return;
  const es = new EventSource("/api/stream");
  source = es;
  setStatus(status === "offline" ? "offline" : "connecting");
  es.onopen = () => {
    refusals = 0;
    setStatus("live");
  };
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) {
      // A 503, a 404 or another refusal: EventSource gives up. Poll, and try again later.
      es.close();
      if (source === es) source = null;
      setStatus("offline");
      if (!retryTimer && eventListeners.size > 0) {
        retryTimer = setTimeout(retryNow, offlineRetryMs(refusals++, Math.random()));
      }
    } else setStatus("reconnecting");
  };
  for (const type of LIVE_MESSAGE_TYPES) {
    es.addEventListener(type, (message) => {
      let data: unknown;
      try {
        data = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      const event = { type, data } as LiveMessage;
      for (const listener of eventListeners) listener(event);
    });
  }
}

/** Tries the stream again now (the retry's time came, or the browser is back online). */
function retryNow() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (eventListeners.size > 0) connect();
}

// Back online: no need to wait for the next retry.
if (typeof window !== "undefined") window.addEventListener("online", () => status === "offline" && retryNow());

function disconnect() {
  source?.close();
  source = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  refusals = 0;
  status = "connecting";
}

function subscribe(listener: (event: LiveMessage) => void): () => void {
  eventListeners.add(listener);
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  connect();
  return () => {
    eventListeners.delete(listener);
    // Pages swap components on navigation: keep the connection across the gap.
    if (eventListeners.size === 0) closeTimer = setTimeout(() => eventListeners.size === 0 && disconnect(), 2_000);
  };
}

/** Calls `handler` for every live event while the component is mounted. */
export function useLiveEvents(handler: (event: LiveMessage) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribe((event) => ref.current(event)), []);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => "connecting",
  );
}

/** Poll every 5 s while the stream is not connected. */
export function usePollInterval(): number {
  const status = useLiveStatus();
  return status === "live" ? 0 : 5_000;
}

/** Where a page goes when the stream says its session ended elsewhere: sign-in, and back here after. */
export function sessionEndedPath(): string {
  return `/login?error=SessionRequired&callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}
