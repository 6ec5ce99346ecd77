/** Text search in SQL: what a person typed, found anywhere in a column (ILIKE). */

/** The ILIKE pattern that finds `text` anywhere, its own %, _ and \ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
