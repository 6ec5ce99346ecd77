/**
 * Readiness (GET /api/ready), apart from liveness (GET /api/health): an instance is ready to
 * take traffic once its start is done — migrations, seeding and the jobs (src/boot.ts) — and
 * stops being ready when its shutdown begins (src/server/shutdown.ts owns that), so a load
 * balancer drains it first. On globalThis: boot runs in the instrumentation bundle, the route
 * in its own.
 */
import { isShuttingDown } from "@/server/shutdown";

export type StartState = "starting" | "ready" | "stopping";

const KEY = Symbol.for("tickerlab.started");
type Holder = { [KEY]?: boolean };

export function startState(): StartState {
  if (isShuttingDown()) return "stopping";
  return (globalThis as Holder)[KEY] ? "ready" : "starting";
}

/** src/boot.ts: the start is done. */
export function markReady(): void {
  (globalThis as Holder)[KEY] = true;
}
