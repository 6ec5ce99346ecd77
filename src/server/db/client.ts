/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. One schema and one migration set serve both (docs/decisions/002).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "@/server/logger";
import { startupProgress } from "@/server/startup";
import type { PoolStats } from "@/server/metrics";
import * as schema from "./schema";

/** Both drivers expose the same query builder; we program against the node-postgres type. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PostgreSQL: the pool's use right now (metrics). PGlite has one connection and no pool. */
  poolStats?: () => PoolStats;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), "src/server/db/migrations");
/** Any constant shared by every instance: serialises migrations across processes (a test holds it to keep a start waiting). */
export const MIGRATION_LOCK_KEY = 724_311_001;

export interface OpenOptions {
  /** postgres://… to use a server; otherwise PGlite. */
  url?: string;
  /** PGlite folder, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** Pool size for a server. */
  maxConnections?: number;
  /** Called with every statement this handle sends (BEGIN and COMMIT included): statement counts in tests and benchmarks. */
  onQuery?: (query: string) => void;
  /** A server's session timeouts (defaults: DEFAULT_TIMEOUTS). */
  timeouts?: Partial<SessionTimeouts>;
  /**
   * In-memory PGlite only: start from this dump of a data folder (PGlite's `dumpDataDir()`)
   * instead of an empty database. The test suites migrate one template and load it in every
   * file, so each file applies no migration of its own (docs/decisions/050).
   */
  loadDataDir?: Blob;
}

/**
 * What every pooled PostgreSQL session is started with, in ms (0 = no limit), so that no
 * process, however stuck or frozen, holds a lock for long (docs/decisions/025-fail-over.md):
 * a transaction left idle is ended, a wait for a lock gives up, a runaway statement stops.
 * Configured by DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS and
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (src/env.ts). Transactions that hold a leader lease
 * bound their own idle time to the lease (src/server/jobs/lease.ts).
 */
export interface SessionTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: SessionTimeouts = { statementMs: 60_000, lockMs: 10_000, idleInTransactionMs: 10_000 };

const loggerOf = (onQuery: OpenOptions["onQuery"]) => (onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {});

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.maxConnections ?? 10, options.onQuery, { ...DEFAULT_TIMEOUTS, ...options.timeouts });
  return openPglite(options.dataDir ?? "./data", options.onQuery, options.loadDataDir);
}

async function openPostgres(url: string, max: number, onQuery: OpenOptions["onQuery"], timeouts: SessionTimeouts): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Which instance a session belongs to (pg_stat_activity, and the fail-over tests' triggers).
    application_name: `tickerlab:${process.pid}`,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client that errors must not crash the process; the pool replaces it. A server
  // restart or a terminated backend (57P01) is expected operations, not an error of ours.
  pool.on("error", (error) => {
    const expected = (error as { code?: string }).code === "57P01";
    logger()[expected ? "warn" : "error"]({ err: error }, "[db] idle connection lost");
  });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case", ...loggerOf(onQuery) });
  try {
    const lockClient = await pool.connect();
    try {
      // Waiting for another instance's migrations, and a long migration, are not stuck work:
      // this session (discarded afterwards) has no limits, and the migrations run on it.
      await lockClient.query("set lock_timeout = 0; set statement_timeout = 0; set idle_in_transaction_session_timeout = 0");
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: lockClient, schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release(true);
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
  return { db, kind: "postgres", close: () => pool.end(), poolStats };
}

/**
 * PostgreSQL's buffer pool inside PGlite's WASM heap. initdb writes 128MB, and PGlite
 * touches all of it at start, so it is resident for the life of the process (a WASM heap
 * never shrinks). The files themselves stay in the OS page cache, which PGlite reads through
 * on a miss: 32MB holds the hot pages of a small install (docs/decisions/023).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir: string, onQuery: OpenOptions["onQuery"], loadDataDir?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const inMemory = dataDir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeFolderLock(path.resolve(dataDir));
  }
  const folder = inMemory ? undefined : path.join(dataDir, "pg");
  try {
    if (folder && !fs.existsSync(path.join(folder, "PG_VERSION"))) {
      startupProgress("create-database", `Creating the embedded database in ${folder} (first start only, a few seconds)…`);
      await createPgliteFolder(folder);
    }
    if (loadDataDir && !inMemory) throw new Error("loadDataDir is for in-memory databases only.");
    const client = new PGlite(folder, { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`], ...(loadDataDir && { loadDataDir }) });
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: "snake_case", ...loggerOf(onQuery) }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Creates a new PGlite database folder (initdb) in a child process that exits. initdb in
 * WASM grows a heap to ~800 MB that a running server never needs again, and a WASM heap is
 * only given back when its instance is garbage-collected — in the server that did not
 * happen reliably (idle at ~780–940 MB after a first start against ~410 MB after a later
 * one). A process that exits gives it all back (docs/decisions/023).
 */
async function createPgliteFolder(folder: string): Promise<void> {
  // Built beside the target and renamed into place only when complete, so a start that is
  // interrupted half-way leaves no half-made database that a later start would open.
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new Error(`${folder} holds files but no database (no PG_VERSION): move it away, and the next start creates a new one.`);
  }
  const building = `${folder}.creating`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  // Resolved from the working directory, like the migrations: the project root.
  const script = 'const { PGlite } = await import("@electric-sql/pglite"); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();';
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, building], {
      cwd: process.cwd(),
      stdio: ["ignore", "ignore", "pipe"],
      env: process.env,
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database in ${folder} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
  fs.rmSync(folder, { recursive: true, force: true }); // empty, checked above
  fs.renameSync(building, folder);
}

/**
 * PGlite has no cross-process lock, and two processes on one folder corrupt it. A lock
 * file with our PID makes a second process (say `npm run user` beside a running server)
 * refuse with a clear message instead.
 */
function takeFolderLock(dir: string): () => void {
  const lockFile = path.join(dir, "server.lock");
  for (let attempt = 0; ; attempt++) {
    try {
      // "wx" creates the file only if it does not exist: two processes cannot both win.
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder} (a running Tickerlab server). ` +
            "Stop that server first, or point both at a PostgreSQL server with DATABASE_URL.",
        );
      }
      // A lock left by a process that died (or by ourselves): take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
