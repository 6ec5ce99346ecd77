import { useSession } from "next-auth/react";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui";

/**
 * Client half of the guard. The server already refused a missing session; this covers a
 * session that ends while the page is open (sign-out in another tab, revocation): next-auth
 * then sends the browser to sign-in with error=SessionRequired and this address.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, data } = useSession({ required: true });
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
