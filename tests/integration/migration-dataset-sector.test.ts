/**
 * Migration 0009 on a database that already has datasets: the new NOT NULL sector column
 * must not fail on existing rows, which become "Unclassified", and new rows must name one.
 */
import "../setup/test-env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { onPostgres } from "../setup/db";
import { createServerDatabase } from "../setup/server-database";

const FOLDER = path.join(process.cwd(), "src/server/db/migrations");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-migrations-"));

/** The migration folder as it was up to (and including) `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(FOLDER, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  if (upTo < 0) throw new Error(`No migration ${lastTag}.`);
  const dir = path.join(scratch, lastTag);
  fs.mkdirSync(path.join(dir, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, upTo + 1);
  for (const e of entries) fs.copyFileSync(path.join(FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A new empty database that migrations can be applied to step by step, and SQL run on. */
async function scratchDatabase() {
  const server = await createServerDatabase();
  if (server) {
    const pool = new pg.Pool({ connectionString: server.url, max: 2 });
    const db = drizzlePg(pool);
    return {
      migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
      query: async <T,>(text: string) => (await pool.query(text)).rows as T[],
      close: async () => {
        await pool.end();
        await server.drop();
      },
    };
  }
  const client = new PGlite();
  const db = drizzle(client);
  return {
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    query: async <T,>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close(),
  };
}

it(`gives datasets imported before 0009 the sector Unclassified, and asks every new one for a sector (${onPostgres ? "PostgreSQL" : "PGlite"})`, async () => {
  const database = await scratchDatabase();
  try {
    await database.migrate(migrationsUpTo("0008_replay"));
    await database.query(`insert into datasets (id, name, symbol, row_count, first_date, last_date) values ('old', 'Before sectors', 'ACME', 1, '2024-01-02', '2024-01-02')`);
    await database.migrate(FOLDER);
    expect(await database.query<{ sector: string }>(`select sector from datasets where id = 'old'`)).toEqual([{ sector: "Unclassified" }]);
    // The default only served the existing rows: a new dataset without a sector is refused.
    await expect(database.query(`insert into datasets (id, name, symbol, row_count, first_date, last_date) values ('new', 'No sector', 'ACME', 1, '2024-01-02', '2024-01-02')`)).rejects.toThrow(/sector/);
  } finally {
    await database.close();
  }
});
