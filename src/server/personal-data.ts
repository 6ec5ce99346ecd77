/**
 * "Export my data": everything Tickerlab keeps about a person, as one JSON document written
 * while it is read. Each feature owns the sections of its own tables (`personalDataOf` in
 * its index); the account feature puts them together. A long history (100,000 orders) is
 * read in keyset pages and written page by page, waiting whenever the socket is full, so
 * memory stays flat however much there is (decision 029).
 */
import type { Writable } from "node:stream";
import { once } from "node:events";
import { asc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type PersonalDataSection =
  /** Small and bounded (a profile, a watchlist): read at once. */
  | { name: string; value: () => Promise<unknown> }
  /** Grows with use (orders, fills, the audit log): read and written a page at a time. */
  | { name: string; rows: () => AsyncIterable<unknown> };

export const EXPORT_PAGE_ROWS = 1000;

/**
 * Every row of a keyset-paged read: `readPage(after, limit)` answers the rows after the key
 * `after` (all rows when it is undefined), in key order.
 */
export async function* inPages<Row, Key>(
  readPage: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  limit = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const page = await readPage(after, limit);
    for (const row of page) yield row;
    if (page.length < limit) return;
    after = keyOf(page[page.length - 1]!);
  }
}

/** Where a page of a chronological read ended: the time as PostgreSQL writes it, and the id. */
export interface TimeCursor {
  at: string;
  id: string;
}

/**
 * Keyset paging in (time, id) order over a table's `at` and `id` columns: the clauses of
 * one page and its cursor column. The cursor keeps the time as text, because a JavaScript
 * Date drops the microseconds PostgreSQL keeps, and a page would then skip or repeat rows.
 */
export function chronological(at: AnyPgColumn, id: AnyPgColumn = at) {
  return {
    cursor: sql<string>`${at}::text`,
    after: (cursor: TimeCursor | undefined): SQL | undefined => (cursor ? sql`(${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined),
    order: [asc(at), asc(id)] as const,
  };
}

async function write(out: Writable, text: string): Promise<void> {
  if (out.destroyed) throw new Error("The export's reader went away.");
  if (!out.write(text)) await Promise.race([once(out, "drain"), once(out, "close")]);
}

/**
 * Writes `{ "<name>": <value or [rows…]>, … }` to `out`. Rows are buffered into chunks of a
 * page so a large section costs few writes; the document is complete only when every section
 * was read, so a reader can tell a cut-off export (invalid JSON) from a whole one.
 */
export async function writePersonalData(out: Writable, sections: readonly PersonalDataSection[]): Promise<void> {
  await write(out, "{");
  for (const [index, section] of sections.entries()) {
    await write(out, `${index === 0 ? "" : ","}\n${JSON.stringify(section.name)}: `);
    if ("value" in section) {
      await write(out, JSON.stringify((await section.value()) ?? null));
      continue;
    }
    let chunk = "[";
    let count = 0;
    for await (const row of section.rows()) {
      chunk += `${count === 0 ? "" : ","}\n  ${JSON.stringify(row)}`;
      if (++count % EXPORT_PAGE_ROWS === 0) {
        await write(out, chunk);
        chunk = "";
      }
    }
    await write(out, `${chunk}${count === 0 ? "" : "\n"}]`);
  }
  await write(out, "\n}\n");
}
