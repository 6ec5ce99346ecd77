/**
 * Roster names from a CSV file (its own module: the CSV parser stays out of pages that only
 * take a pasted list; the class page loads it when a file is chosen).
 */
import { readCsv } from "@/lib/csv";

export type RosterCsvResult = { ok: true; names: string[] } | { ok: false; message: string };

const NAME_HEADERS = new Set(["name", "student", "student name", "full name", "names"]);
const FIRST_HEADERS = new Set(["first name", "first", "given name", "firstname"]);
const LAST_HEADERS = new Set(["last name", "last", "surname", "family name", "lastname"]);

/**
 * The names of a CSV file a teacher exports from a school system or a spreadsheet: a "Name"
 * column, or "First name" and "Last name" columns joined, or (no header) the first column.
 */
export function namesFromCsv(text: string): RosterCsvResult {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, message: read.message };
  const [first, ...rest] = read.records;
  if (!first) return { ok: false, message: "The file has no names in it." };
  const header = first.fields.map((f) => f.trim().toLowerCase());
  const nameAt = header.findIndex((h) => NAME_HEADERS.has(h));
  const firstAt = header.findIndex((h) => FIRST_HEADERS.has(h));
  const lastAt = header.findIndex((h) => LAST_HEADERS.has(h));
  let names: string[];
  if (firstAt >= 0) names = rest.map((r) => [r.fields[firstAt], lastAt >= 0 ? r.fields[lastAt] : ""].filter(Boolean).join(" "));
  else if (nameAt >= 0) names = rest.map((r) => r.fields[nameAt] ?? "");
  else names = read.records.map((r) => r.fields[0] ?? "");
  names = names.map((n) => n.replace(/\s+/g, " ").trim()).filter(Boolean);
  return names.length ? { ok: true, names } : { ok: false, message: "The file has no names in it." };
}
