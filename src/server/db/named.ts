/**
 * A raw statement of the hot path as a NAMED prepared statement: on PostgreSQL each pooled
 * connection parses and plans it once and then only binds and executes (the order path's
 * two statements are long CTEs whose planning cost more than their work). On PGlite, which
 * keeps no named statements, it runs as usual. `name` must stand for one SQL text only.
 */
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

export async function executeNamed<T extends Record<string, unknown>>(db: DbOrTx, name: string, query: SQL | { text: string; params: unknown[] }): Promise<{ rows: T[] }> {
  // drizzle keeps these on every database and transaction object; its execute() has no name.
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  // A constant text with its parameters skips building the query from a template every time.
  const built = "text" in query ? { sql: query.text, params: query.params } : dialect.sqlToQuery(query);
  const prepared = session.prepareQuery(built, undefined, name, false);
  return (await prepared.execute()) as { rows: T[] };
}
