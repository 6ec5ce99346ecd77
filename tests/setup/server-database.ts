import { randomBytes } from "node:crypto";
import pg from "pg";

/** With DATABASE_URL: a new, empty database on that server for one app under test. */
export async function createServerDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createDatabaseOn(serverUrl, "tickerlab_app") : undefined;
}

/**
 * A new database named `prefix_<random>` on the server at `serverUrl` (tests and benchmarks):
 * empty, or a copy of `template` (CREATE DATABASE … TEMPLATE; nobody may be connected to it).
 */
export async function createDatabaseOn(serverUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
