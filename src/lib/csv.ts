/**
 * CSV, both ways. Writing: CSV that is safe to open in a spreadsheet: a cell a spreadsheet would run as a formula
 * (=, +, -, @, and tab/CR that some treat the same) gets a leading apostrophe — except a
 * plain decimal number ("-0.0123", "-50.00"), which a spreadsheet reads as the number it is
 * (a negative return must stay a number, not become text); cells with separators or quotes
 * are quoted. Lines end with CRLF. Reading: `readCsv`, a real parser (csv-parse) rather than
 * splitting on commas, which broke on "1,234" and "ACME, Inc.".
 */
import { parse, type Info } from "csv-parse/sync";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(lines: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** One record of a CSV file, with the 1-based line it ends on (the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

const READ_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted field is opened and never closed (the file ends inside it)",
  INVALID_OPENING_QUOTE: 'a quote (") appears inside a field that is not quoted; quote the whole field and double the quote inside it',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted field has text after its closing quote; double a quote (") inside a quoted field',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted field has text after its closing quote; double a quote (") inside a quoted field',
};

/**
 * Reads a CSV file the way spreadsheets write it (RFC 4180 with the usual liberties): quoted
 * fields with commas, quotes and line breaks inside, CRLF or LF, a byte-order mark, spaces
 * around fields, blank lines and rows of empty fields anywhere (skipped, still counted in line
 * numbers). Rows may have
 * different lengths: the caller judges them, with their line numbers.
 */
export function readCsv(text: string): CsvReadResult {
  try {
    // The typings do not model `info: true`, which wraps each record with where it was read.
    const parsed = parse(text, { bom: true, trim: true, skip_empty_lines: true, skip_records_with_empty_values: true, relax_column_count: true, info: true }) as unknown as Array<{ record: string[]; info: Info }>;
    return { ok: true, records: parsed.map(({ record, info }) => ({ line: info.lines, fields: record })) };
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (!code || !(code in READ_PROBLEMS) || typeof lines !== "number") throw error;
    return { ok: false, line: lines, message: `Line ${lines}: ${READ_PROBLEMS[code]}.` };
  }
}
