/**
 * A long list of ids as ONE parameter. drizzle's inArray binds one parameter per value: a tick's
 * chunk locks 200 portfolios and re-reads up to 2,000 orders, and building that statement (and
 * PostgreSQL parsing and planning a new text of thousands of parameters each time) cost more
 * than the rows (bench/tick.ts profile). A JSON array is one parameter and one text whatever the
 * number of values, on both engines.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** `column` is one of `values` (text ids). */
export function inList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/** Text values as ONE `text[]` parameter: its literal, `{"a","b"}`, each value quoted. */
export const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/**
 * `column` is one of `values`, as one plain condition on one array parameter: PostgreSQL can
 * push it into a view's grouped rows (a valuation of a page's portfolios, not of them all),
 * which it cannot do with `inList`'s sub-select.
 */
export function anyOf(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${textArray(values)}::text[])`;
}
