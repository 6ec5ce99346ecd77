import { useSession } from "next-auth/react";
import { useCallback, useState, type ReactNode } from "react";
import { Skeleton } from "@/components/ui";
import { DatabaseUnavailable, probeSession } from "./DatabaseUnavailable";

/**
 * Client half of the guard. The server already refused a missing session; this covers a
 * session that ends while the page is open (sign-out in another tab, revocation): next-auth
 * then sends the browser to sign-in with error=SessionRequired and this address.
 *
 * next-auth's client reads any failed session fetch as "signed out", a 503 from a database
 * outage included. So before leaving for sign-in, ask once more: an outage shows the
 * "retrying" state instead, and the person stays signed in (docs/decisions/026).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [outage, setOutage] = useState<number | null>(null);
  const onUnauthenticated = useCallback(() => {
    void probeSession().then((result) => {
      if (result.kind === "down") setOutage(result.waitSeconds);
      // What next-auth does without onUnauthenticated.
      else window.location.href = `/api/auth/signin?${new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })}`;
    });
  }, []);
  const { status, data } = useSession({ required: true, onUnauthenticated });
  if (outage !== null) return <DatabaseUnavailable firstWaitSeconds={outage} />;
  // "loading" also covers a session update (e.g. a new display name): keep the page, and
  // whatever the person typed, on screen while it runs.
  if (status !== "authenticated" && !data) return <PageSkeleton />;
  return <>{children}</>;
}

export function PageSkeleton() {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <Skeleton height={32} width="40%" />
      <div style={{ height: 16 }} />
      <Skeleton height={120} />
      <div style={{ height: 16 }} />
      <Skeleton height={120} />
    </div>
  );
}
