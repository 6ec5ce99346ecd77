/**
 * A fresh database per test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here and dropped afterwards). It is
 * installed as the process's database, so the app's own getDb() returns it. When the run has
 * a migrated template (./db-template.ts, made once by the global setup), the file's database
 * starts as a copy of it, and opening it finds every migration applied.
 */
import "./test-env";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { getHub, Hub, setHub } from "@/server/realtime/hub";
import { templateDatabase, templateDump } from "./db-template";
import { createDatabaseOn } from "./server-database";

const KEY = Symbol.for("tickerlab.database");

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDatabaseOptions {
  /** Sees every statement the database is sent (statement-count tests). */
  onQuery?: (query: string) => void;
}

export async function createDatabase(options: TestDatabaseOptions = {}): Promise<{ handle: DatabaseHandle; url?: string; directUrl?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: "memory://", onQuery: options.onQuery, loadDataDir: templateDump() });
    return { handle, drop: () => handle.close() };
  }
  const server = await createDatabaseOn(serverUrl, "tickerlab_app", templateDatabase());
  // Enough for races to be real (30 transactions at once), and small enough that two test
  // files running side by side plus the test server stay under the server's 100 connections.
  const handle = await openDatabase({ url: server.url, directUrl: server.directUrl, maxConnections: 30, onQuery: options.onQuery });
  return {
    handle,
    url: server.url,
    directUrl: server.directUrl,
    drop: async () => {
      await handle.close();
      await server.drop();
    },
  };
}

/** Call at the top of a test file: the file's tests share one fresh database. */
export function useTestDatabase(options: TestDatabaseOptions = {}) {
  const state: { handle?: DatabaseHandle; url?: string; directUrl?: string } = {};
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createDatabase(options);
    state.handle = created.handle;
    state.url = created.url;
    state.directUrl = created.directUrl;
    drop = created.drop;
    (globalThis as Record<symbol, unknown>)[KEY] = Promise.resolve(created.handle);
    // Live updates stay in this process, read from the file's own database (not DATABASE_URL's).
    const db = created.handle.db;
    const hub = new Hub({ db: async () => db });
    await hub.start();
    setHub(hub);
  });
  afterAll(async () => {
    delete (globalThis as Record<symbol, unknown>)[KEY];
    const hub = getHub();
    setHub(undefined);
    await hub.stop();
    await drop();
  });
  return {
    get db() {
      if (!state.handle) throw new Error("The test database is not open yet (use it inside tests or hooks).");
      return state.handle.db;
    },
    /** On PostgreSQL, the file's own database, for a second session of a test's own. */
    get url() {
      return state.url;
    },
    /** On PostgreSQL, the file's own database on the server itself (not through the pooler of the pooler pass). */
    get directUrl() {
      return state.directUrl;
    },
  };
}
