import Head from "next/head";
import { useEffect, useState } from "react";
import { Button, Card } from "@/components/ui";
import styles from "./shell.module.css";

/** When the server does not say (Retry-After), and the bounds on what it says. */
const DEFAULT_WAIT_SECONDS = 5;
const MIN_WAIT_SECONDS = 2;
const MAX_WAIT_SECONDS = 30;

type Probe = { kind: "down"; waitSeconds: number } | { kind: "up" };

/**
 * Asks next-auth's session call, the one thing a signed-in page needs: 503 means the server
 * still cannot reach its database; any other answer that arrives means it can decide again.
 */
export async function probeSession(): Promise<Probe> {
  try {
    const res = await fetch("/api/auth/session", { cache: "no-store", headers: { "Content-Type": "application/json" } });
    if (res.status === 503 || res.status >= 500) {
      const retryAfter = Number(res.headers.get("Retry-After"));
      const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : DEFAULT_WAIT_SECONDS;
      return { kind: "down", waitSeconds: Math.min(MAX_WAIT_SECONDS, Math.max(MIN_WAIT_SECONDS, wait)) };
    }
    return { kind: "up" };
  } catch {
    // The server itself is out of reach (restarting, the network): wait as for an outage.
    return { kind: "down", waitSeconds: DEFAULT_WAIT_SECONDS };
  }
}

/**
 * The calm outage state (docs/decisions/026): shown in place of a page when the server cannot
 * reach its database. The person stays signed in; the page keeps asking, and when the server
 * answers again it reloads itself once, so the page and the session are read afresh.
 */
export function DatabaseUnavailable({ firstWaitSeconds = DEFAULT_WAIT_SECONDS }: { firstWaitSeconds?: number }) {
  const [checking, setChecking] = useState(false);
  const [back, setBack] = useState(false);
  // "Try now" bumps it: the loop below starts again with a try at once.
  const [nudges, setNudges] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async () => {
      setChecking(true);
      const result = await probeSession();
      if (stopped) return;
      setChecking(false);
      if (result.kind === "up") {
        setBack(true);
        window.location.reload();
        return;
      }
      timer = setTimeout(() => void attempt(), result.waitSeconds * 1000);
    };
    timer = setTimeout(() => void attempt(), nudges === 0 ? firstWaitSeconds * 1000 : 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [nudges, firstWaitSeconds]);

  return (
    <>
      <Head>
        <title>Reconnecting · Tickerlab</title>
      </Head>
      <Card>
        <div role="status" aria-live="polite" className={styles.outage}>
          <h1>{back ? "Tickerlab is back — loading the page" : "Tickerlab can't reach its database — retrying"}</h1>
          {!back && <p>You are still signed in. This page tries again by itself every few seconds and comes back as soon as the database answers.</p>}
        </div>
        <Button variant="secondary" onClick={() => setNudges((n) => n + 1)} busy={checking} disabled={checking || back}>
          Try now
        </Button>
      </Card>
    </>
  );
}
