/**
 * One migrated template per test run, copied for every test file and every test server, so
 * the migrations run once instead of once per file (docs/decisions/050):
 * - PostgreSQL (DATABASE_URL): a database `tickerlab_template_<random>` on that server; a
 *   file's database is `CREATE DATABASE … TEMPLATE` it.
 * - PGlite: a dump of a migrated in-memory database (`dumpDataDir()`), loaded by each file's
 *   in-memory database; and a data folder made from it, copied into a test server's DATA_DIR.
 *
 * The global setups (integration-global.ts, e2e-global.ts) prepare it and publish where it is
 * through environment variables, which the workers and the servers they start inherit. Without
 * them (a file run some other way) every database is made and migrated as before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@/server/db/client";
import { createDatabaseOn } from "./server-database";

/** PostgreSQL: the template database's name. */
export const TEMPLATE_DATABASE_ENV = "TICKERLAB_TEST_TEMPLATE_DATABASE";
/** PGlite: the migrated dump (a tar file) that in-memory databases load. */
export const TEMPLATE_DUMP_ENV = "TICKERLAB_TEST_TEMPLATE_DUMP";
/** PGlite: a migrated data folder (`DATA_DIR/pg`) that test servers start from. */
export const TEMPLATE_FOLDER_ENV = "TICKERLAB_TEST_TEMPLATE_FOLDER";

export interface Templates {
  /** Drops the template database, removes the files. */
  remove(): Promise<void>;
}

/** Makes the migrated template for this run and publishes it in process.env. */
export async function prepareTemplates(): Promise<Templates> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createDatabaseOn(serverUrl, "tickerlab_template");
    // A small pool, closed before any file copies it: CREATE DATABASE … TEMPLATE refuses a
    // template that has sessions.
    // Straight to the server: a pooler would keep sessions on it.
    const handle = await openDatabase({ url: template.directUrl, maxConnections: 2 });
    await handle.close();
    process.env[TEMPLATE_DATABASE_ENV] = template.name;
    return {
      remove: async () => {
        delete process.env[TEMPLATE_DATABASE_ENV];
        await template.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-template-"));
  const handle = await openDatabase({ dataDir: "memory://" });
  const { PGlite } = await import("@electric-sql/pglite");
  // The handle hides its client: dump through a fresh one loaded from nothing but migrations.
  const dump = await dumpOf(handle);
  const dumpFile = path.join(dir, "template.tar");
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  // A data folder like the one a server creates on its first start, made from the dump (a few
  // seconds) rather than by initdb into a folder (four times as long, measured in decision 050).
  const folder = path.join(dir, "pg");
  const client = new PGlite(folder, { loadDataDir: dump });
  await client.waitReady;
  await client.close();
  process.env[TEMPLATE_DUMP_ENV] = dumpFile;
  process.env[TEMPLATE_FOLDER_ENV] = folder;
  return {
    remove: async () => {
      delete process.env[TEMPLATE_DUMP_ENV];
      delete process.env[TEMPLATE_FOLDER_ENV];
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function dumpOf(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  try {
    // drizzle's PGlite session keeps the client as `$client`.
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
    return await client.dumpDataDir("none");
  } finally {
    await handle.close();
  }
}

/** PostgreSQL: the template to copy, when the run has one. */
export function templateDatabase(): string | undefined {
  return process.env[TEMPLATE_DATABASE_ENV] || undefined;
}

/** PGlite: the migrated dump to load, when the run has one. */
export function templateDump(): Blob | undefined {
  const file = process.env[TEMPLATE_DUMP_ENV];
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}

/**
 * PGlite: puts a copy of the migrated data folder at `dataDir/pg`, so a server started on
 * `dataDir` opens an existing, migrated database instead of creating one. Returns whether it
 * did (no template in this run, or a folder already there: nothing is copied).
 */
export function seedDataDir(dataDir: string): boolean {
  const folder = process.env[TEMPLATE_FOLDER_ENV];
  const target = path.join(dataDir, "pg");
  if (!folder || !fs.existsSync(path.join(folder, "PG_VERSION")) || fs.existsSync(target)) return false;
  fs.cpSync(folder, target, { recursive: true });
  return true;
}
