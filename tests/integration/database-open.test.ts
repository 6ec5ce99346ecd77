/**
 * Opening the embedded database (src/server/db/client.ts, docs/decisions/023): a new folder
 * is created by a child process, so the server never holds initdb's memory; the buffer pool
 * is small; a half-made folder is never opened. On PostgreSQL: the session check's statement
 * is a named prepared statement.
 */
import "../setup/test-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { findSessionUser } from "@/server/auth/users";
import { openDatabase, type Db } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { createTestUser } from "../factories/users";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-open-"));
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

// The embedded database only: it is the same whatever DATABASE_URL says, so the PostgreSQL pass
// would run the very same initdb again (60 s of that pass in CI).
describe.skipIf(onPostgres)("a new embedded database folder", () => {
  // A hang guard, not a speed check: initdb in a child process took over 60 s on this 2-core
  // machine at a load average of 16 (CI beside other work).
  it("is created outside this process, then opened with a 32MB buffer pool and migrated", { timeout: 180_000 }, async () => {
    const dir = tmp();
    const before = rssMb();
    const handle = await openDatabase({ dataDir: dir });
    try {
      // initdb in this process would add ~700 MB here; opening an existing folder costs ~150 MB.
      expect(rssMb() - before).toBeLessThan(350);
      expect(fs.existsSync(path.join(dir, "pg", "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dir, "pg.creating"))).toBe(false);
      const { rows } = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> };
      expect(rows[0]!.shared_buffers).toBe("32MB");
      await createTestUser(handle.db); // the migrations ran: the tables are there
    } finally {
      await handle.close();
    }
    // And it opens again as an existing folder, with its data.
    const again = await openDatabase({ dataDir: dir });
    try {
      const { rows } = (await again.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: Array<{ n: number }> };
      expect(rows[0]!.n).toBe(1);
    } finally {
      await again.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is never opened half-made: a pg folder with files but no PG_VERSION is refused, and the lock is given back", async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, "pg"));
    fs.writeFileSync(path.join(dir, "pg", "stray"), "x");
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/holds files but no database/);
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    expect(fs.readdirSync(path.join(dir, "pg"))).toEqual(["stray"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.runIf(onPostgres)("the session check on PostgreSQL", () => {
  it("runs as one named prepared statement, parsed once per connection", async () => {
    const server = (await createServerDatabase())!;
    const setup = await openDatabase({ url: server.url, maxConnections: 2 });
    const user = await createTestUser(setup.db);
    await setup.close();
    // One connection, so the statement's server-side name is visible on the connection we ask.
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const db = drizzle({ client, schema, casing: "snake_case" }) as unknown as Db;
    try {
      for (let i = 0; i < 3; i++) expect((await findSessionUser(db, user.id))?.user.id).toBe(user.id);
      expect(await findSessionUser(db, "nobody")).toBeUndefined();
      const { rows } = await client.query<{ name: string }>("select name from pg_prepared_statements");
      expect(rows.map((r) => r.name)).toEqual(["tl_session_user"]);
    } finally {
      await client.end();
      await server.drop();
    }
  });
});

describe.runIf(onPostgres)("session limits on PostgreSQL (docs/decisions/025)", () => {
  it("starts every pooled session with the statement, lock and idle-in-transaction limits, and names the instance", async () => {
    const server = (await createServerDatabase())!;
    const handle = await openDatabase({ url: server.url, maxConnections: 2, timeouts: { lockMs: 1234 } });
    try {
      const { rows } = await handle.db.execute<Record<string, string>>(sql`
        select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
          current_setting('idle_in_transaction_session_timeout') as idle, current_setting('application_name') as app`);
      expect(rows[0]).toEqual({ statement: "1min", lock: "1234ms", idle: "10s", app: `tickerlab:${process.pid}` });
    } finally {
      await handle.close();
      await server.drop();
    }
  });
});
