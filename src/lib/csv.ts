/**
 * CSV that is safe to open in a spreadsheet: a cell a spreadsheet would run as a formula
 * (=, +, -, @, and tab/CR that some treat the same) gets a leading apostrophe — except a
 * plain decimal number ("-0.0123", "-50.00"), which a spreadsheet reads as the number it is
 * (a negative return must stay a number, not become text); cells with separators or quotes
 * are quoted. Lines end with CRLF.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(lines: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
