/**
 * Starts the built app as a real server on a free loopback port, with its own data folder
 * (or its own PostgreSQL database when DATABASE_URL is set), and stops it by PID.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error: a plain ES module shared with scripts/start.mjs
import { ensureBuilt, nextBin, root } from "../../scripts/lib/build.mjs";
import { withServerRuntime } from "../../scripts/lib/server-runtime.mjs";
import { seedDataDir } from "./db-template";
import { directUrlFor } from "./server-database";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The secret every test server signs with, so a test can craft a session cookie (e.g. an old one). */
export const TEST_SERVER_SECRET = "integration-secret-that-is-at-least-32-characters";

export interface RunningApp {
  url: string;
  dataDir: string;
  logFile: string;
  /** The server process (for benchmarks that read its CPU time). */
  pid: number;
  /** Settles when the process has exited, with its exit code (null when a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** False once the process has exited. */
  readonly running: boolean;
  /** SIGTERM, then SIGKILL after 10 s; resolves with how the process ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How long a test server keeps an idle connection (see startApp). */
const TEST_KEEP_ALIVE_MS = 60_000;

/**
 * `checkout`: serve another checkout of the app instead (benchmarks compare two builds in one
 * run); it must already be built into the same NEXT_DIST_DIR. `until`: "healthy" (default)
 * returns once the start is done (GET /api/health, which waits for it, is 200); "live" as soon
 * as the server answers GET /api/live, while it may still be starting.
 */
export async function startApp(extraEnv: Record<string, string> = {}, { checkout, until = "healthy" }: { checkout?: string; until?: "healthy" | "live" } = {}): Promise<RunningApp> {
  const appRoot = checkout ? path.resolve(checkout) : (root as string);
  const bin = checkout ? path.join(appRoot, "node_modules", ".bin", "next") : (nextBin as string);
  if (checkout) {
    if (!fs.existsSync(path.join(appRoot, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) throw new Error(`${appRoot} is not built (NEXT_DIST_DIR=${process.env.NEXT_DIST_DIR || ".next"})`);
  } else if (!(ensureBuilt as (o: { quiet: boolean }) => boolean)({ quiet: false })) throw new Error("next build failed");
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-app-"));
  // On PGlite, start from the run's migrated data folder (./db-template.ts) instead of creating
  // one: a server's first start spends most of its time there, which no test here is about
  // (first-start.test.ts runs `npm start` on an empty folder for that). Not when the test gives
  // its own DATA_DIR (a restart on the same data) or a database server.
  if (!extraEnv.DATA_DIR && !(extraEnv.DATABASE_URL ?? process.env.DATABASE_URL)) seedDataDir(dataDir);
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  // Through a pooler (the pooler pass): the server itself for the same database, unless given.
  const direct = extraEnv.DATABASE_URL && !extraEnv.DATABASE_DIRECT_URL ? directUrlFor(extraEnv.DATABASE_URL) : undefined;
  // Idle connections kept a minute, not Node's 5 s: a test process's event loop can be blocked
  // for seconds (an in-process PGlite database being made), and a write sent on a pooled socket
  // the server closed meanwhile fails with ECONNRESET (reads are retried, writes never). fetch
  // takes the server's Keep-Alive hint, so the client lets go of a socket first.
  const child: ChildProcess = spawn(bin, ["start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", String(TEST_KEEP_ALIVE_MS)], {
    cwd: appRoot,
    stdio: ["ignore", log, log],
    // As `npm start` runs it (scripts/lib/server-runtime.mjs).
    env: withServerRuntime({
      ...process.env,
      NODE_ENV: "production" as const,
      PORT: String(port),
      NEXTAUTH_URL: url,
      NEXTAUTH_SECRET: TEST_SERVER_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // Like `npm start` (scripts/start.mjs): the app's own shutdown handles SIGTERM/SIGINT.
      NEXT_MANUAL_SIG_HANDLE: "true",
      RATE_LIMIT_PER_ADDRESS: "3",
      RATE_LIMIT_PER_IP: "1000",
      // Every answer is checked against its route's declared schema (docs/decisions/071).
      CHECK_ANSWERS: "1",
      // Low enough for tests/integration/api-tokens.test.ts to reach; every other test's tokens stay far below it.
      RATE_LIMIT_API_TOKEN_PER_MINUTE: "40",
      ADMIN_EMAILS: "admin@tickerlab.test",
      ...(extraEnv.DATABASE_URL && { DATABASE_DIRECT_URL: direct ?? "" }),
      ...extraEnv,
    }),
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      fs.closeSync(log);
      resolve({ code, signal });
    }),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start-up:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const res = await fetch(`${url}${until === "live" ? "/api/live" : "/api/health"}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The app did not become ${until} within 60 s:\n${fs.readFileSync(logFile, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    logFile,
    pid: child.pid!,
    exited,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** `npm start` (scripts/start.mjs) as a person runs it, on the embedded database. */
export interface NpmStart {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed (stdout and stderr, in one file). */
  logFile: string;
  output(): string;
}

/**
 * Starts `npm start` on the embedded database in `dataDir` and waits until it is healthy, or
 * (`until: "ready-line"`) until it has printed its "Ready: …" line. Without ADMIN_EMAILS unless
 * `env` sets it, like a fresh install.
 */
export async function npmStart(dataDir: string, options: { until?: "healthy" | "ready-line"; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<NpmStart> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, `npm-start-${port}.log`);
  const log = fs.openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXTAUTH_URL: url, NEXTAUTH_SECRET: TEST_SERVER_SECRET, DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "production", ...options.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_DIRECT_URL;
  delete env.NEXT_MANUAL_SIG_HANDLE;
  if (!options.env?.ADMIN_EMAILS) delete env.ADMIN_EMAILS;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, stdio: ["ignore", log, log], env });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      fs.closeSync(log);
      resolve({ code, signal });
    }),
  );
  const output = () => fs.readFileSync(logFile, "utf8");
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output()}`);
    const done = options.until === "ready-line" ? /^Ready: /m.test(output()) : await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (done) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`npm start was not ${options.until === "ready-line" ? "ready" : "healthy"} in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, exited, logFile, output };
}

/** The admin every test server starts with (ADMIN_EMAILS names it; tests never rely on "first account"). */
export const TEST_ADMIN = { name: "Test Admin", email: "admin@tickerlab.test", password: "admin password 123" };

export async function createTestAdmin(url: string) {
  const res = await fetch(`${url}/api/account/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(TEST_ADMIN),
  });
  if (res.status !== 201) throw new Error(`Could not create the test admin: ${res.status} ${await res.text()}`);
}
