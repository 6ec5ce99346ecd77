/**
 * The process-wide database. Next bundles API routes, pages and instrumentation separately,
 * so a module-level singleton would open PGlite more than once: the handle lives on
 * globalThis instead.
 */
import { env } from "@/env";
import { metrics } from "@/server/metrics";
import { openDatabase, type DatabaseHandle, type Db } from "./client";

export type { Db, Tx, DbOrTx, DatabaseHandle } from "./client";
export * as schema from "./schema";

const KEY = Symbol.for("tickerlab.database");
type Holder = { [KEY]?: Promise<DatabaseHandle> };

export function getDatabase(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const config = env();
    const handle = await openDatabase({
      url: config.DATABASE_URL,
      directUrl: config.DATABASE_DIRECT_URL,
      maxConnections: config.DB_POOL_MAX,
      preparedStatements: config.preparedStatements,
      dataDir: config.DATA_DIR,
      timeouts: {
        statementMs: config.DB_STATEMENT_TIMEOUT_MS,
        lockMs: config.DB_LOCK_TIMEOUT_MS,
        idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    });
    metrics().database = { kind: handle.kind, pool: handle.poolStats };
    return handle;
  })();
  // A failed open must not be cached forever: the next request tries again.
  holder[KEY].catch(() => {
    delete holder[KEY];
  });
  return holder[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * For commands (not the server, whose shutdown is src/server/shutdown.ts): close the
 * database on SIGTERM/SIGINT, or PGlite's next start runs crash recovery.
 */
export function closeOnSignals(handle: DatabaseHandle): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    handle.close().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGTERM", close);
  process.once("SIGINT", close);
}
