/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set, possibly through a transaction-mode pooler (DATABASE_DIRECT_URL then
 * names the server itself; docs/decisions/075). One schema and one migration set serve both
 * (docs/decisions/002).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDialect, PgTransactionConfig } from "drizzle-orm/pg-core";
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
  /** postgres://… to use a server (or a pooler in front of it); otherwise PGlite. */
  url?: string;
  /**
   * The server itself, when `url` is a pooler: the migrations' advisory lock needs a session
   * of its own (so does LISTEN, src/server/realtime/hub.ts). Default: `url`, i.e. no pooler.
   */
  directUrl?: string;
  /** PGlite folder, or "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** Pool size for a server (DB_POOL_MAX; default 10). */
  maxConnections?: number;
  /**
   * Whether the pool may send named prepared statements (./named.ts, the session check).
   * Default: only without a pooler (`directUrl` equal to `url`); docs/decisions/075.
   */
  preparedStatements?: boolean;
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
 * The limits every PostgreSQL transaction runs under, in ms (0 = no limit), so that no
 * process, however stuck or frozen, holds a lock for long (docs/decisions/025-fail-over.md):
 * a transaction left idle is ended, a wait for a lock gives up, a runaway statement stops.
 * Configured by DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS and
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (src/env.ts). Transactions that hold a leader lease
 * bound their own idle time to the lease (src/server/jobs/lease.ts).
 *
 * Straight to the server, every pooled session starts with them (start-up parameters), which
 * covers statements outside a transaction too. A pooler refuses or drops start-up parameters
 * and hands each transaction whichever server session is free, so behind one every transaction
 * sets them itself (SET LOCAL, in the BEGIN's own round trip), and statements outside a
 * transaction run under the role's settings (ALTER ROLE … SET, README; docs/decisions/075).
 */
export interface SessionTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: SessionTimeouts = { statementMs: 60_000, lockMs: 10_000, idleInTransactionMs: 10_000 };

const loggerOf = (onQuery: OpenOptions["onQuery"]) => (onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {});

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options.dataDir ?? "./data", options.onQuery, options.loadDataDir);
}

/**
 * A pool client that never names a statement: each runs as the unnamed statement (parsed and
 * planned every time), which a transaction-mode pooler can pass to any server session. A named
 * one is kept by the one server session that parsed it, and another session (the pooler's next
 * pick) answers "prepared statement … does not exist", or "already exists" when it has one of
 * the same name from another client. PgBouncer ≥ 1.21 with max_prepared_statements keeps them
 * (DB_PREPARED_STATEMENTS=on). Every named statement goes through here, whoever names it
 * (./named.ts, drizzle's `.prepare(name)`).
 */
class UnnamedStatementsClient extends pg.Client {}
const passOn = pg.Client.prototype.query as (...args: unknown[]) => unknown;
// One override for all of pg's query() overloads, which it passes on untouched but for the name.
(UnnamedStatementsClient.prototype as unknown as { query: unknown }).query = function query(this: pg.Client, ...args: unknown[]) {
  const [config] = args;
  // A config object with a name (not a Submittable such as a cursor, which pg hands over as is).
  if (config && typeof config === "object" && "name" in config && !("submit" in config && typeof config.submit === "function")) {
    args[0] = { ...config, name: undefined };
  }
  return passOn.apply(this, args);
};

async function openPostgres(url: string, options: OpenOptions): Promise<DatabaseHandle> {
  const directUrl = options.directUrl ?? url;
  const pooled = directUrl !== url;
  const max = options.maxConnections ?? 10;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Which instance a session belongs to (pg_stat_activity, and the fail-over tests' triggers).
  // A pooler passes it on (PgBouncer tracks application_name for each client).
  const applicationName = `tickerlab:${process.pid}`;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    ...(!pooled && {
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
    ...(!(options.preparedStatements ?? !pooled) && { Client: UnnamedStatementsClient }),
  });
  // An idle client that errors must not crash the process; the pool replaces it. A server
  // restart or a terminated backend (57P01) is expected operations, not an error of ours.
  pool.on("error", (error) => {
    const expected = (error as { code?: string }).code === "57P01";
    logger()[expected ? "warn" : "error"]({ err: error }, "[db] idle connection lost");
  });
  // A checked-out client has no listener of the pool's (pg-pool removes it on checkout): a
  // FATAL that arrives between two of its statements — a pooler's "server conn crashed?" after
  // a failed BEGIN, a terminated session — would be an uncaught exception. Its next statement
  // fails, and the pool drops it once it is given back.
  pool.on("connect", (client) => client.on("error", (error) => logger().warn({ err: error }, "[db] connection lost while in use")));
  const db = drizzlePg({ client: pool, schema, casing: "snake_case", ...loggerOf(options.onQuery) });
  // Behind a pooler the limits travel with each transaction; straight to the server the session has them.
  const begin = pooled
    ? `begin; set local statement_timeout = ${timeouts.statementMs}; set local lock_timeout = ${timeouts.lockMs}; set local idle_in_transaction_session_timeout = ${timeouts.idleInTransactionMs}`
    : "begin";
  openTransactionsSafely(db, pool, begin);
  try {
    // One statement first, so a pool that cannot work says so at start-up, before the migrations
    // take their lock (a pooler named as the server would take it on a session it then gives away).
    await pool.query("select 1");
    await migrate(directUrl, applicationName);
  } catch (error) {
    await pool.end().catch(() => {});
    if (/unsupported startup parameter/i.test((error as Error).message ?? "")) {
      throw new Error(
        `DATABASE_URL looks like a connection pooler (it answered: ${(error as Error).message}). ` +
          "Set DATABASE_DIRECT_URL to the PostgreSQL server itself (README, \"Behind a connection pooler\").",
        { cause: error },
      );
    }
    throw error;
  }
  let answeredAt = 0;
  pool.on("release", (error) => {
    if (!error) answeredAt = Date.now();
  });
  const poolStats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max, answeredAt });
  return { db, kind: "postgres", close: () => pool.end(), poolStats };
}

/**
 * Runs the migrations under an advisory lock, on a session of their own straight to the
 * server: a session-level lock through a transaction-mode pooler is taken on one server session
 * and released (or not) on another. Waiting for another instance's migrations, and a long
 * migration, are not stuck work: this session has no limits (whatever the role's settings).
 */
async function migrate(directUrl: string, applicationName: string): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl, application_name: applicationName });
  // A connection lost while waiting must reject the start, not crash the process.
  client.on("error", (error) => logger().warn({ err: error }, "[db] migration connection lost"));
  await client.connect();
  try {
    await client.query("set lock_timeout = 0; set statement_timeout = 0; set idle_in_transaction_session_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock too; unlocking first lets a waiter go a moment sooner.
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** What drizzle's session keeps (not part of its typed surface). */
type SessionInternals = { transaction: unknown; dialect: PgDialect; schema: never; options: never };

/**
 * Every `db.transaction(…)` on the pool, opened so that a failing BEGIN gives its client back.
 * drizzle-orm 0.45.4 sends BEGIN before its try/finally: when BEGIN fails (a pooler answering
 * an error during an outage) its client is never released, and after `max` such failures the
 * pool has nothing left and every query waits for ever. Here BEGIN is inside the try, and a
 * client whose BEGIN, COMMIT or ROLLBACK failed is destroyed rather than reused. `begin` also
 * carries the transaction's limits behind a pooler (SessionTimeouts). Otherwise drizzle's own
 * code: the same transaction object, savepoints for nested transactions.
 */
function openTransactionsSafely(db: Db, pool: pg.Pool, begin: string): void {
  const session = (db as unknown as { session: SessionInternals }).session;
  session.transaction = async <T>(work: (tx: NodePgTransaction<typeof schema, never>) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    const txSession = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction<typeof schema, never>(session.dialect, txSession, session.schema);
    const configSql = (config: PgTransactionConfig) => (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(config);
    let broken: Error | undefined;
    try {
      try {
        await tx.execute(config ? sql`begin ${configSql(config)}${sql.raw(begin.slice("begin".length))}` : sql.raw(begin));
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      let result: T;
      try {
        result = await work(tx);
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
      try {
        await tx.execute(sql`commit`);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
      return result;
    } finally {
      client.release(broken);
    }
  };
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
