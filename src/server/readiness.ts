/**
 * Liveness and readiness (docs/decisions/062-liveness-and-readiness.md).
 *
 * - Liveness, GET /api/live: the process answers. It asks nothing else — not the database,
 *   not the session — so an orchestrator restarts a hung process, never every instance during
 *   a database outage the app survives.
 * - Readiness, GET /api/ready: may this instance take traffic? Its start is done —
 *   migrations, seeding and the jobs (src/boot.ts) —, its shutdown has not begun
 *   (src/server/shutdown.ts owns that), and its database answers. A load balancer drains it
 *   first when it stops and sends nothing while its database is away.
 * - GET /api/health: the database's round trip for a person or a monitor (kind, latency);
 *   503 while the database is away. Not a probe.
 *
 * The start state is on globalThis: boot runs in the instrumentation bundle, the routes in
 * their own.
 */
import { sql } from "drizzle-orm";
import { getDatabase, type DatabaseHandle } from "@/server/db";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { isShuttingDown } from "@/server/shutdown";

export type StartState = "starting" | "ready" | "stopping";

const KEY = Symbol.for("tickerlab.started");
const GATE = Symbol.for("tickerlab.started.gate");
type Holder = { [KEY]?: boolean; [GATE]?: { promise: Promise<void>; open: () => void } };

export function startState(): StartState {
  if (isShuttingDown()) return "stopping";
  return (globalThis as Holder)[KEY] ? "ready" : "starting";
}

/** src/boot.ts, first thing: a start is under way; requests wait for it (whenStarted). */
export function markStarting(): void {
  const holder = globalThis as Holder;
  if (holder[GATE] || holder[KEY]) return;
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  holder[GATE] = { promise, open };
}

/** src/boot.ts: the start is done. */
export function markReady(): void {
  const holder = globalThis as Holder;
  holder[KEY] = true;
  holder[GATE]?.open();
}

/**
 * Settles once the start under way is done (at once when none is: a test or a command that
 * never boots). The server answers requests while it starts (src/instrumentation.ts does not
 * hold Next back), so the probes can say "alive, not ready"; everything else — apiRoute, the
 * page guard, next-auth's wrapper, the live stream — waits here first, as every request waited
 * for the start before.
 */
export function whenStarted(): Promise<void> {
  const holder = globalThis as Holder;
  return holder[KEY] || !holder[GATE] ? Promise.resolve() : holder[GATE].promise;
}

export type DatabaseCheck = { ok: true; kind: DatabaseHandle["kind"]; latencyMs: number } | { ok: false };

/**
 * One round trip to the database (`select 1`), for the readiness and health routes. The
 * database being away (isDatabaseUnavailable: refused, terminated, not accepting connections,
 * a pooler giving up, …) is `{ ok: false }`; any other error is a fault of ours and is thrown.
 */
export async function checkDatabase(options: { busyAnswers?: boolean } = {}): Promise<DatabaseCheck> {
  return databaseAnswers(await getDatabase(), options);
}

/**
 * With queries waiting for the pool, a connection that came back without an error this
 * recently says the database answers: readiness does not queue its `select 1` behind them.
 */
export const BUSY_ANSWERED_MS = 2000;

/**
 * `checkDatabase` on a given handle. `busyAnswers` (readiness): a busy pool whose connections
 * keep coming back is a database that answers, not one that is away — a `select 1` queued
 * behind a burst (2,000 streams reconnecting after an instance died) took longer than the load
 * balancer's check and took every survivor out of rotation (docs/decisions/080).
 */
export async function databaseAnswers(handle: DatabaseHandle, { busyAnswers = false }: { busyAnswers?: boolean } = {}): Promise<DatabaseCheck> {
  const started = performance.now();
  const { db, kind } = handle;
  const stats = busyAnswers ? handle.poolStats?.() : undefined;
  if (stats && stats.waiting > 0 && Date.now() - stats.answeredAt < BUSY_ANSWERED_MS) return { ok: true, kind, latencyMs: 0 };
  try {
    await db.execute(sql`select 1`);
    return { ok: true, kind, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { ok: false };
    throw error;
  }
}
