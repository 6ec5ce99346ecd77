/**
 * The one rule for "the database is away" (src/server/db/unavailable.ts), over what the drivers
 * really throw: pg, its pool and Drizzle reading the bytes a server (or a pooler) sends when it
 * refuses, terminates, warns and closes, or never answers (tests/setup/fake-postgres.ts speaks
 * the wire protocol), Node's own socket errors, and the embedded PGlite. Everything on the
 * "away" side answers 503 with Retry-After and signs nobody out; a revoked session, a
 * constraint violation, a statement fault or a bug keeps its answer (401, 409, 500, 4xx).
 * docs/decisions/026-outage.md, 062-liveness-and-readiness.md.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures } from "@/domain/errors";
import { SessionRevokedError } from "@/server/auth/options";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { closedPort, startFakePostgres, type FakePostgresBehaviour } from "../setup/fake-postgres";

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected the database call to fail");
}

/** A pool as the app opens one (src/server/db/client.ts), for `url`. */
function poolFor(url: string, options: pg.PoolConfig = {}) {
  const pool = new pg.Pool({ connectionString: url, max: 1, ...options });
  pool.on("error", () => {}); // an idle client's error: the app logs it, the pool replaces the client
  return pool;
}

/** What `db.execute(sql\`select 1\`)` throws through Drizzle and a pool when the server behaves so. */
async function queryFailure(behaviour: FakePostgresBehaviour | { url: string }, options: pg.PoolConfig = {}) {
  const server = "url" in behaviour ? undefined : await startFakePostgres(behaviour);
  const pool = poolFor(server?.url ?? (behaviour as { url: string }).url, options);
  try {
    return await failureOf(drizzlePg({ client: pool }).execute(sql`select 1`));
  } finally {
    await pool.end().catch(() => {});
    await server?.close();
  }
}

const fatal = (code: string, message: string) => ({ severity: "FATAL" as const, code, message });

describe("isDatabaseUnavailable, over what pg, its pool and Drizzle really throw", () => {
  it.each<[string, FakePostgresBehaviour]>([
    ["a database that refuses new connections (ALLOW_CONNECTIONS false: 55000 FATAL)", { at: "startup", error: fatal("55000", 'database "tickerlab" is not currently accepting connections') }],
    ["a server starting up (57P03)", { at: "startup", error: fatal("57P03", "the database system is starting up") }],
    ["a server shutting down (57P03)", { at: "startup", error: fatal("57P03", "the database system is shutting down") }],
    ["a server in crash recovery (57P03)", { at: "startup", error: fatal("57P03", "the database system is in recovery mode") }],
    ["too many connections (53300)", { at: "startup", error: fatal("53300", "sorry, too many clients already") }],
    ["PgBouncer that cannot reach its server (08P01)", { at: "startup", error: { severity: "ERROR", code: "08P01", message: "pgbouncer cannot connect to server" } }],
    ["a terminated session (pg_terminate_backend, a fast shutdown: 57P01)", { at: "query", error: fatal("57P01", "terminating connection due to administrator command") }],
    ["an idle session ended by the server (57P05)", { at: "query", error: fatal("57P05", "terminating connection due to idle-session timeout") }],
    ["a paused PgBouncer giving up on the wait (query_wait_timeout, 08P01)", { at: "query", error: { severity: "ERROR", code: "08P01", message: "query_wait_timeout" } }],
    ["a connection failure reported by a pooler (08006)", { at: "query", error: fatal("08006", "server conn crashed?") }],
    ["another backend's crash (a 57P02 warning, then the connection closes)", { at: "query", notice: { severity: "WARNING", code: "57P02", message: "terminating connection because of crash of another server process" } }],
    ["a connection closed under a query (Connection terminated unexpectedly)", { at: "query" }],
    ["a statement timeout (57014)", { at: "query", error: { severity: "ERROR", code: "57014", message: "canceling statement due to statement timeout" } }],
    ["a lock timeout (55P03)", { at: "query", error: { severity: "ERROR", code: "55P03", message: "canceling statement due to lock timeout" } }],
    ["a reset connection (ECONNRESET)", { at: "reset" }],
  ])("counts %s", async (_what, behaviour) => {
    const error = await queryFailure(behaviour);
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("counts a refused connection (ECONNREFUSED), also when every address of a name refuses (AggregateError)", async () => {
    const port = await closedPort();
    const refused = await queryFailure({ url: `postgres://tickerlab@127.0.0.1:${port}/tickerlab` });
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const byName = await queryFailure({ url: `postgres://tickerlab@localhost:${port}/tickerlab` });
    expect(isDatabaseUnavailable(byName), String(byName)).toBe(true);
  });

  it("counts a server that never answers (the pool's connection timeout)", async () => {
    const error = await queryFailure({ at: "never" }, { connectionTimeoutMillis: 200 });
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("counts a pool whose clients are all busy for longer than its timeout", async () => {
    const server = await startFakePostgres({ at: "query" });
    const pool = poolFor(server.url, { connectionTimeoutMillis: 200 });
    try {
      const held = await pool.connect();
      const error = await failureOf(pool.connect());
      expect((error as Error).message).toBe("timeout exceeded when trying to connect");
      expect(isDatabaseUnavailable(error)).toBe(true);
      held.release(true);
    } finally {
      await pool.end();
      await server.close();
    }
  });

  it("counts a client that lost its connection, and a pool already ended by the shutdown", async () => {
    const server = await startFakePostgres({ at: "query" });
    const client = new pg.Client({ connectionString: server.url });
    client.on("error", () => {});
    try {
      await client.connect();
      expect(isDatabaseUnavailable(await failureOf(client.query("select 1")))).toBe(true);
      const again = await failureOf(client.query("select 1"));
      expect((again as Error).message).toMatch(/is not queryable$/);
      expect(isDatabaseUnavailable(again)).toBe(true);
    } finally {
      await client.end().catch(() => {});
      await server.close();
    }
    const pool = poolFor(server.url);
    await pool.end();
    const ended = await failureOf(drizzlePg({ client: pool }).execute(sql`select 1`));
    expect(isDatabaseUnavailable(ended), String(ended)).toBe(true);
  });

  it("does not count the same 55000 in an ordinary statement error, or a pooler's other refusals by their text", async () => {
    const notFatal = await queryFailure({ at: "query", error: { severity: "ERROR", code: "55000", message: 'currval of sequence "s" is not yet defined in this session' } });
    expect(isDatabaseUnavailable(notFatal)).toBe(false);
    const duplicate = await queryFailure({ at: "query", error: { severity: "ERROR", code: "23505", message: 'duplicate key value violates unique constraint "users_email_key"' } });
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });
});

describe("isDatabaseUnavailable, over the embedded database (PGlite)", () => {
  let client: PGlite;
  // A hang guard, not a speed check: PGlite's first start (initdb in a WASM PostgreSQL) took
  // over 10 s on this 2-core machine under load, and over 60 s at load 26.
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
  }, 240_000);
  afterAll(async () => {
    if (!client.closed) await client.close();
  });

  it("does not count what a statement does wrong: a unique violation, a sequence not yet used (55000 ERROR), a syntax error", async () => {
    const db = drizzlePglite({ client });
    await db.execute(sql`create table t (x int primary key)`);
    await db.execute(sql`create sequence s`);
    await db.execute(sql`insert into t values (1)`);
    for (const statement of [sql`insert into t values (1)`, sql`select currval('s')`, sql`selec 1`]) {
      const error = await failureOf(db.execute(statement));
      expect((error as { cause?: { code?: string } }).cause?.code).toMatch(/^(23505|55000|42601)$/);
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });

  it("counts a database closed by the shutdown under a late request", async () => {
    const db = drizzlePglite({ client });
    await client.close();
    const error = await failureOf(db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });
});

describe("isDatabaseUnavailable, over what is not the database", () => {
  it.each([
    ["a revoked session", new SessionRevokedError("token version changed")],
    ["a domain error", failures.notFound()],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("does not count %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops at a cause chain that loops", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
