/**
 * Readiness (GET /api/ready), apart from liveness (GET /api/health): an instance is ready to
 * take traffic once its start is done — migrations, seeding and the jobs (src/boot.ts) — and
 * stops being ready when it begins to shut down, so a load balancer drains it first.
 * On globalThis: boot runs in the instrumentation bundle, the route in its own.
 */
export type StartState = "starting" | "ready" | "stopping";

const KEY = Symbol.for("tickerlab.startState");
type Holder = { [KEY]?: StartState };

export function startState(): StartState {
  return (globalThis as Holder)[KEY] ?? "starting";
}

/** src/boot.ts: the start is done. */
export function markReady(): void {
  const holder = globalThis as Holder;
  if (holder[KEY] !== "stopping") holder[KEY] = "ready";
}

/** src/boot.ts: shutting down; never ready again. */
export function markStopping(): void {
  (globalThis as Holder)[KEY] = "stopping";
}
