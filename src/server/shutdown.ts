/**
 * The server's own shutdown on SIGTERM and SIGINT (docs/decisions/025-fail-over.md). Next's
 * built-in handler exits with 143 before anything of ours has run, so our start paths set
 * NEXT_MANUAL_SIG_HANDLE=true and this module handles the signals instead; when `next start`
 * is run directly without it, Next's listeners are taken off first, so it behaves the same.
 *
 * In order:
 * 1. stop taking connections; answers on kept-alive connections say `Connection: close`;
 * 2. give up leadership (simulator, scheduler: the work in flight finishes, the lease is
 *    released so another instance takes over at its next look) and, meanwhile, end every
 *    open event stream (their clients reconnect, to another instance behind a balancer);
 * 3. wait for the requests in flight, at most SHUTDOWN_TIMEOUT_MS;
 * 4. close what is left (the realtime hub, the database: PGlite closes cleanly and removes
 *    its lock file), and exit 0 (1 if a step failed; a hung step is cut off).
 *
 * Requests are counted through Node's `http.server.request.start` diagnostics channel, which
 * also hands us Next's HTTP server. State lives on globalThis: Next bundles the routes and
 * the instrumentation hook separately, and an event stream registers from a route bundle.
 */
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { logger } from "@/server/logger";

export interface ShutdownSteps {
  /** Hands leadership over (the simulator's and the scheduler's leases). */
  releaseLeadership: () => Promise<void>;
  /** Last, once requests are done: the hub and the database. */
  closeResources: () => Promise<void>;
  /** How long requests in flight may take. */
  drainMs: number;
}

const SIGNALS = ["SIGTERM", "SIGINT"] as const;
/** On top of the drain: how long the closing steps may take before the process exits anyway. */
const CLOSE_GRACE_MS = 5000;

interface State {
  shuttingDown: boolean;
  installed: boolean;
  servers: Set<Server>;
  inFlight: Set<ServerResponse>;
  streams: Set<() => void>;
}

const KEY = Symbol.for("tickerlab.shutdown");

function state(): State {
  const holder = globalThis as { [KEY]?: State };
  holder[KEY] ??= { shuttingDown: false, installed: false, servers: new Set(), inFlight: new Set(), streams: new Set() };
  return holder[KEY];
}

/** True once a shutdown has begun (new event streams are refused; the health check says so). */
export function isShuttingDown(): boolean {
  return state().shuttingDown;
}

/**
 * Registers a long-lived response (an event stream) to be ended when the shutdown begins.
 * Returns the function that unregisters it (call it when the stream ends by itself).
 */
export function endOnShutdown(end: () => void): () => void {
  const { streams } = state();
  streams.add(end);
  return () => void streams.delete(end);
}

/** Requests still being answered (tests). */
export function requestsInFlight(): number {
  return state().inFlight.size;
}

interface RequestStart {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

/** Takes the process's SIGTERM and SIGINT over. Once per process. */
export function installShutdown(steps: ShutdownSteps): void {
  const current = state();
  if (current.installed) return;
  current.installed = true;

  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { response, server } = message as RequestStart;
    current.servers.add(server);
    if (current.shuttingDown) response.setHeader("Connection", "close");
    current.inFlight.add(response);
    response.once("close", () => current.inFlight.delete(response));
  });

  const nextsOwn = !process.env.NEXT_MANUAL_SIG_HANDLE;
  for (const signal of SIGNALS) {
    // `next start` without NEXT_MANUAL_SIG_HANDLE installed listeners that exit with 143.
    if (nextsOwn) for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void shutDown(signal, steps));
  }
  if (nextsOwn) logger().info("[shutdown] NEXT_MANUAL_SIG_HANDLE is not set: Next's own signal handlers were replaced by the app's shutdown");
}

async function shutDown(signal: NodeJS.Signals, steps: ShutdownSteps): Promise<void> {
  const current = state();
  // A second signal (Ctrl-C reaches `npm start` and the server both) changes nothing.
  if (current.shuttingDown) return;
  current.shuttingDown = true;
  const started = performance.now();
  const log = logger();
  log.info({ signal, requests: current.inFlight.size, streams: current.streams.size }, "[shutdown] stopping");
  setTimeout(() => {
    log.error("[shutdown] did not finish in time; exiting");
    process.exit(1);
  }, steps.drainMs + CLOSE_GRACE_MS).unref();

  let failed = false;
  const step = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      failed = true;
      log.error({ err: error }, `[shutdown] ${name} failed`);
    }
  };

  // 1. No new connections; idle kept-alive ones are closed by Node.
  for (const server of current.servers) server.close();
  // 2. Leadership first (another instance takes over at its next look), streams meanwhile.
  const streams = [...current.streams];
  current.streams.clear();
  for (const end of streams) {
    try {
      end();
    } catch (error) {
      log.warn({ err: error }, "[shutdown] could not end an event stream");
    }
  }
  await step("releasing leadership", steps.releaseLeadership);
  // 3. Requests in flight.
  const drained = await waitFor(() => current.inFlight.size === 0, steps.drainMs);
  if (!drained) log.warn({ requests: current.inFlight.size }, "[shutdown] requests still in flight after SHUTDOWN_TIMEOUT_MS; closing them");
  for (const server of current.servers) server.closeAllConnections();
  // 4. The rest.
  await step("closing the database", steps.closeResources);
  log.info({ ms: Math.round(performance.now() - started), signal }, "[shutdown] done");
  process.exit(failed ? 1 : 0);
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
