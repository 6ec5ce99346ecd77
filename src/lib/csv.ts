/**
 * CSV that is safe to open in a spreadsheet: a cell a spreadsheet would run as a formula
 * (=, +, -, @, and tab/CR that some treat the same) gets a leading apostrophe; cells with
 * separators or quotes are quoted. Lines end with CRLF.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(lines: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
