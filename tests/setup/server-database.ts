import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The server's own URL for the database that `url` names, when the run goes through a pooler
 * (DATABASE_DIRECT_URL set beside DATABASE_URL, the pooler pass of scripts/test.mjs): the same
 * database name on DATABASE_DIRECT_URL's server. Undefined otherwise (`url` is the server).
 */
export function directUrlFor(url: string): string | undefined {
  const direct = process.env.DATABASE_DIRECT_URL;
  if (!direct || direct === process.env.DATABASE_URL) return undefined;
  const target = new URL(direct);
  target.pathname = new URL(url).pathname;
  return target.toString();
}

/**
 * With DATABASE_URL: a new, empty database on that server for one app under test. `url` is the
 * one the app uses (through the pooler in the pooler pass), `directUrl` the server itself (what
 * a test uses for session-level work of its own: advisory locks, LISTEN, administration).
 */
export async function createServerDatabase(): Promise<{ url: string; directUrl: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createDatabaseOn(serverUrl, "tickerlab_app") : undefined;
}

/**
 * A new database named `prefix_<random>` on the server at `serverUrl` (tests and benchmarks):
 * empty, or a copy of `template` (CREATE DATABASE … TEMPLATE; nobody may be connected to it).
 * Created and dropped straight on the server when `serverUrl` is a pooler (directUrlFor).
 */
export async function createDatabaseOn(serverUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string; directUrl: string; drop: () => Promise<void> }> {
  const adminUrl = directUrlFor(serverUrl) ?? serverUrl;
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
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
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${name}`;
  return { name, url: url.toString(), directUrl: directUrl.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
