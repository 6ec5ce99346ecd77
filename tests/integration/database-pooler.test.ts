/**
 * PostgreSQL behind a transaction-mode pooler (issue 25 §1, docs/decisions/075): a pool whose
 * DATABASE_URL differs from DATABASE_DIRECT_URL sends no start-up limits and no named
 * statement, each transaction sets its own limits, and a transaction whose BEGIN fails gives
 * its client back to the pool (drizzle-orm 0.45.4 did not: the pool ran dry and hung).
 *
 * On the plain PostgreSQL pass "the pooler" is the server under a second URL (the same server,
 * so the pool is treated as pooled); in the pooler pass of scripts/test.mjs it is PgBouncer,
 * and the last test refuses and ends the server's sessions behind it, as an outage does.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findSessionUser } from "@/server/auth/users";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { executeNamed } from "@/server/db/named";
import { databaseAnswers } from "@/server/readiness";
import { createTestUser } from "../factories/users";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";

const throughPgbouncer = Boolean(process.env.DATABASE_DIRECT_URL && process.env.DATABASE_DIRECT_URL !== process.env.DATABASE_URL);

describe.runIf(onPostgres)("PostgreSQL behind a transaction-mode pooler", () => {
  let server: NonNullable<Awaited<ReturnType<typeof createServerDatabase>>>;
  /** The pool's URL and the server's: different strings, so the pool is opened as pooled. */
  let urls: { url: string; directUrl: string };
  const handles: DatabaseHandle[] = [];
  const open = async (options: Parameters<typeof openDatabase>[0]) => {
    const handle = await openDatabase({ ...urls, ...options });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    server = (await createServerDatabase())!;
    // Without PgBouncer: the server itself under another spelling of its URL.
    urls = server.url !== server.directUrl ? { url: server.url, directUrl: server.directUrl } : { url: server.url, directUrl: `${server.url}?sslmode=disable` };
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close().catch(() => {});
    await server?.drop();
  });

  it("sets the limits in each transaction, not as start-up parameters, and keeps no named statement", async () => {
    const handle = await open({ maxConnections: 1, timeouts: { lockMs: 1234 } });
    const settings = sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
      current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`;
    const inside = await handle.db.transaction(async (tx) => (await tx.execute<Record<string, string>>(settings)).rows[0]);
    expect(inside).toEqual({ statement: "1min", lock: "1234ms", idle: "10s", app: `tickerlab:${process.pid}` });
    // Outside a transaction the session has the server's (or the role's) own: nothing was sent at start-up.
    const outside = (await handle.db.execute<Record<string, string>>(settings)).rows[0]!;
    expect(outside.lock).not.toBe("1234ms");

    // The session check's and the hot path's named statements run unnamed.
    const user = await createTestUser(handle.db);
    for (let i = 0; i < 2; i++) {
      expect((await findSessionUser(handle.db, user.id))?.user.id).toBe(user.id);
      expect((await executeNamed<{ one: number }>(handle.db, "tl_pooler_test", sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    }
    const kept = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_prepared_statements`);
    expect(kept.rows[0]!.n).toBe(0);
  });

  it("gives the client back when BEGIN fails, so the pool never runs dry", async () => {
    // A limit the server refuses fails the BEGIN's round trip itself, every time.
    const handle = await open({ maxConnections: 2, timeouts: { statementMs: -1 } });
    for (let i = 0; i < 6; i++) {
      await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toMatchObject({ cause: { code: "22023" } });
    }
    // Every client came back (the failed ones destroyed), nobody waits, and the pool still serves.
    const stats = handle.poolStats!();
    expect(stats.waiting).toBe(0);
    expect(stats.idle).toBe(stats.total);
    expect((await handle.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it("answers readiness from a busy pool whose connections keep coming back, without queueing behind its queries (decision 080)", async () => {
    const handle = await open({ maxConnections: 1 });
    await handle.db.execute(sql`select 1`);
    // The one connection busy for a while, and a query waiting for it.
    // (`.then` starts them: drizzle's queries run when awaited.)
    const busy = handle.db.execute(sql`select pg_sleep(1.5)`).then(() => undefined);
    const waiting = handle.db.execute(sql`select 2`).then(() => undefined);
    await vi.waitFor(() => expect(handle.poolStats!().waiting).toBeGreaterThan(0), { timeout: 1000, interval: 5 });
    const started = performance.now();
    expect(await databaseAnswers(handle, { busyAnswers: true })).toMatchObject({ ok: true });
    // At once: not after the sleeping query and the one waiting before it.
    expect(performance.now() - started).toBeLessThan(1000);
    // The health check (and readiness once nothing came back for a while) still asks the database itself.
    const asked = databaseAnswers(handle);
    await Promise.all([busy, waiting]);
    expect(await asked).toMatchObject({ ok: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it.runIf(throughPgbouncer)("recovers when the server refuses and ends the sessions behind the pooler, losing no client", async () => {
    const handle = await open({ maxConnections: 3 });
    // On the server's own database: ours cannot refuse connections to itself from inside.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_DIRECT_URL });
    await admin.connect();
    const name = new URL(server.directUrl).pathname.slice(1);
    try {
      // Three clients in the pool, each connected to PgBouncer (which keeps them while the server is away).
      await Promise.all([0, 1, 2].map(() => handle.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`))));
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      // Twice the pool at once: PgBouncer answers each BEGIN with an error, and only clients given
      // back let the second half start (with drizzle's own transaction() they waited for ever).
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => handle.db.transaction((tx) => tx.execute(sql`select 1`))));
      const codes = outcomes.map((o) => (o.status === "rejected" ? ((o.reason as { cause?: { code?: string } }).cause?.code ?? String(o.reason)) : "ok"));
      console.info(`[pooler] transactions while the server refused: ${codes.join(", ")}`);
      expect(codes.every((code) => code !== "ok")).toBe(true);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    // Back by itself once the server accepts sessions again, with every client in the pool.
    await expect.poll(() => handle.db.transaction((tx) => tx.execute(sql`select 1`)).then(() => true, () => false), { timeout: 30_000 }).toBe(true);
    const stats = handle.poolStats!();
    expect(stats.waiting).toBe(0);
    expect(stats.idle).toBe(stats.total);
  });
});
