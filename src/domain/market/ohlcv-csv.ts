/**
 * Daily OHLCV history as CSV, for replay datasets: `Date,Open,High,Low,Close,Volume`.
 *
 * - A header is required. Columns are found by name (case and surrounding spaces ignored),
 *   so the order is free and extra columns are ignored: a download with an "Adj Close"
 *   column imports as it is.
 * - Dates are ISO calendar dates (YYYY-MM-DD), strictly increasing.
 * - Prices are positive decimals. Data sources often carry 4–6 decimals, so more than two
 *   are accepted and rounded half-up to the cent, after the checks below have been made on
 *   the exact values as written (rounding to the cent cannot break them: it keeps order).
 * - High ≥ max(Open, Close) and Low ≤ min(Open, Close).
 * - Volume is a whole, non-negative number.
 * - The file is read as spreadsheets write CSV (lib/csv.ts `readCsv`): quoted fields may hold
 *   commas, so a number a spreadsheet wrote with thousands separators ("1,234.50") is taken.
 * - Two optional columns carry the dataset's corporate actions (docs/decisions/063), on the
 *   ex-date's row: `Dividend`, the cash amount per share (rounded half-up to the cent like a
 *   price; empty or 0 is none; below the previous row's close, since the raw price drops by it
 *   that day), and `Split`, the ratio new:old shares (`2:1`, `1:10`; empty is none; parsed by
 *   the one ratio rule, parseRatio). A row carries at most one of them, and not the first row
 *   (an action needs a previous close to adjust). The prices are the raw, unadjusted ones.
 * Every problem on every line is reported, with its line number (the header is line 1);
 * when there is any, there are no rows at all, so nothing can be half-imported.
 * Blank lines are skipped (and still counted).
 */
import { isCalendarDate } from "@/lib/calendar-date";
import { readCsv } from "@/lib/csv";
import { fromCents } from "./cents";
import { CorporateActionError, parseRatio, type SplitRatio } from "./corporate-actions";

export interface OhlcvRow {
  /** YYYY-MM-DD */
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  /** A dividend going ex on this day: the amount per share, two decimals. */
  dividend?: string;
  /** A split taking effect on this day: new:old shares, reduced. */
  split?: SplitRatio;
}

export interface CsvProblem {
  /** 1-based line in the file; the header is line 1. */
  line: number;
  message: string;
}

export type OhlcvParseResult = { ok: true; rows: OhlcvRow[] } | { ok: false; problems: CsvProblem[] };

const COLUMNS = ["date", "open", "high", "low", "close", "volume"] as const;
type Column = (typeof COLUMNS)[number];
const LABEL: Record<Column, string> = { date: "Date", open: "Open", high: "High", low: "Low", close: "Close", volume: "Volume" };
/** The optional columns of a dataset's corporate actions. */
const ACTION_COLUMNS = ["dividend", "split"] as const;
type ActionColumn = (typeof ACTION_COLUMNS)[number];
const ACTION_LABEL: Record<ActionColumn, string> = { dividend: "Dividend", split: "Split" };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** An exact decimal: digits without leading zeros, and fraction digits without trailing ones. */
interface Exact {
  whole: string;
  fraction: string;
}

function exact(text: string): Exact | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  return { whole: match[1]!.replace(/^0+(?=\d)/, ""), fraction: (match[2] ?? "").replace(/0+$/, "") };
}

function compare(a: Exact, b: Exact): number {
  if (a.whole.length !== b.whole.length) return a.whole.length - b.whole.length;
  if (a.whole !== b.whole) return a.whole < b.whole ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, "0");
  const fb = b.fraction.padEnd(width, "0");
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

const isZero = (value: Exact) => value.whole === "0" && value.fraction === "";

/** Half-up to the cent, exactly: only the third decimal decides. */
function roundedCents(value: Exact): number {
  const fraction = value.fraction.padEnd(3, "0");
  return Number(value.whole) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
}

/** "1,234.50" as a spreadsheet writes a formatted number: the separators go, anything else stays. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const ungrouped = (text: string) => (GROUPED.test(text) ? text.replace(/,/g, "") : text);

/** Prices this far from the cent-exact integer range are a mistake, not a stock. */
const MAX_WHOLE_DIGITS = 12;

export function parseOhlcvCsv(text: string): OhlcvParseResult {
  const read = readCsv(text);
  if (!read.ok) return { ok: false, problems: [{ line: read.line, message: read.message }] };
  const [headerRecord, ...records] = read.records;
  if (!headerRecord) return { ok: false, problems: [{ line: 1, message: "Line 1: the file is empty; it needs the header Date,Open,High,Low,Close,Volume and at least one row." }] };

  const problems: CsvProblem[] = [];
  const header = headerRecord.fields.map((name) => name.toLowerCase());
  const headerLine = headerRecord.line;
  const position = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of COLUMNS) {
    const found = header.filter((name) => name === column).length;
    if (found > 1) problems.push({ line: headerLine, message: `Line ${headerLine}: the column ${LABEL[column]} appears ${found} times.` });
    if (found === 0) missing.push(LABEL[column]);
    position[column] = header.indexOf(column);
  }
  const optional = {} as Record<ActionColumn, number>;
  for (const column of ACTION_COLUMNS) {
    const found = header.filter((name) => name === column).length;
    if (found > 1) problems.push({ line: headerLine, message: `Line ${headerLine}: the column ${ACTION_LABEL[column]} appears ${found} times.` });
    optional[column] = header.indexOf(column);
  }
  if (missing.length > 0) {
    problems.push({
      line: headerLine,
      message: `Line ${headerLine}: the header must name the columns Date,Open,High,Low,Close,Volume; missing ${missing.join(", ")}.`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };

  const rows: OhlcvRow[] = [];
  let previous: { date: string; line: number } | undefined;
  /** The previous row's close in cents (undefined on the first row, or when it was not a price). */
  let previousClose: { cents: number; text: string; line: number } | undefined;
  let first = true;
  for (const { line, fields } of records) {
    const report = (message: string) => problems.push({ line, message: `Line ${line}: ${message}` });
    if (fields.length !== header.length) {
      report(`expected ${header.length} fields like the header, found ${fields.length}.`);
      continue;
    }
    const field = (column: Column) => (column === "date" ? fields[position[column]]! : ungrouped(fields[position[column]]!));

    const date = field("date");
    let dateOk = false;
    if (date === "") report("Date is empty.");
    else if (!isCalendarDate(date)) report(`Date "${date}" is not a calendar date written YYYY-MM-DD.`);
    else {
      dateOk = true;
      if (previous && date <= previous.date) {
        report(`Date ${date} does not come after ${previous.date} (line ${previous.line}); dates must be strictly increasing.`);
      }
    }

    const prices = {} as Record<"open" | "high" | "low" | "close", Exact | undefined>;
    for (const column of ["open", "high", "low", "close"] as const) {
      const value = field(column);
      const parsed = exact(value);
      if (value === "") report(`${LABEL[column]} is empty.`);
      else if (!parsed) report(`${LABEL[column]} "${value}" is not a number like 12.34.`);
      else if (isZero(parsed)) report(`${LABEL[column]} must be above zero.`);
      else if (parsed.whole.length > MAX_WHOLE_DIGITS) report(`${LABEL[column]} ${value} is too large.`);
      else if (roundedCents(parsed) === 0) report(`${LABEL[column]} ${value} rounds to 0.00; prices are kept to the cent.`);
      else {
        prices[column] = parsed;
        continue;
      }
      prices[column] = undefined;
    }
    const { open, high, low, close } = prices;
    if (open && high && low && close) {
      if (compare(high, open) < 0 || compare(high, close) < 0) report(`High ${field("high")} is below ${compare(open, close) >= 0 ? `Open ${field("open")}` : `Close ${field("close")}`}.`);
      if (compare(low, open) > 0 || compare(low, close) > 0) report(`Low ${field("low")} is above ${compare(open, close) <= 0 ? `Open ${field("open")}` : `Close ${field("close")}`}.`);
    }

    const volumeText = field("volume");
    const volume = Number(volumeText);
    if (volumeText === "") report("Volume is empty.");
    else if (!/^\d+$/.test(volumeText)) report(`Volume "${volumeText}" is not a whole, non-negative number.`);
    else if (!Number.isSafeInteger(volume)) report(`Volume ${volumeText} is too large.`);

    const actions = readActions(
      (column) => (optional[column] === -1 ? "" : ungrouped(fields[optional[column]]!)),
      { first, previousClose },
      report,
    );

    if (dateOk) previous = { date, line };
    previousClose = close ? { cents: roundedCents(close), text: fromCents(roundedCents(close)), line } : undefined;
    first = false;
    if (problems.length === 0 && open && high && low && close) {
      rows.push({
        date,
        open: fromCents(roundedCents(open)),
        high: fromCents(roundedCents(high)),
        low: fromCents(roundedCents(low)),
        close: fromCents(roundedCents(close)),
        volume,
        ...actions,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  if (rows.length === 0) return { ok: false, problems: [{ line: headerLine, message: `Line ${headerLine}: the header is there but no rows follow it.` }] };
  return { ok: true, rows };
}

/**
 * A row's corporate actions from its optional Dividend and Split fields (empty: none; a
 * dividend of 0 is none too, as downloads write it on every row). Problems are reported.
 */
function readActions(
  field: (column: ActionColumn) => string,
  context: { first: boolean; previousClose: { cents: number; text: string; line: number } | undefined },
  report: (message: string) => void,
): Pick<OhlcvRow, "dividend" | "split"> {
  const out: Pick<OhlcvRow, "dividend" | "split"> = {};
  const dividendText = field("dividend");
  const splitText = field("split");
  if (dividendText !== "") {
    const parsed = exact(dividendText);
    if (dividendText.startsWith("-")) report(`Dividend ${dividendText} is negative: a dividend is an amount per share paid to holders, like 0.42.`);
    else if (!parsed) report(`Dividend "${dividendText}" is not an amount per share like 0.42.`);
    else if (isZero(parsed)) {
      // none
    } else if (parsed.whole.length > MAX_WHOLE_DIGITS) report(`Dividend ${dividendText} is too large.`);
    else if (roundedCents(parsed) === 0) report(`Dividend ${dividendText} rounds to 0.00; amounts are kept to the cent.`);
    else out.dividend = fromCents(roundedCents(parsed));
  }
  if (splitText !== "") {
    try {
      out.split = parseRatio(splitText);
    } catch (error) {
      if (!(error instanceof CorporateActionError)) throw error;
      report(`Split: ${error.message}`);
    }
  }
  if (out.dividend !== undefined && out.split !== undefined) {
    report("a row carries a dividend or a split, not both: put them on the days they went ex.");
    return {};
  }
  if ((out.dividend !== undefined || out.split !== undefined) && context.first) {
    report(`the first row cannot carry a ${out.dividend !== undefined ? "dividend" : "split"}: the action adjusts the previous close, and there is none.`);
    return {};
  }
  if (out.dividend !== undefined && context.previousClose && roundedCents(exact(out.dividend)!) >= context.previousClose.cents) {
    report(`Dividend ${out.dividend} is not below the previous close ${context.previousClose.text} (line ${context.previousClose.line}): the price drops by the dividend on its ex-date.`);
    return {};
  }
  return out;
}
