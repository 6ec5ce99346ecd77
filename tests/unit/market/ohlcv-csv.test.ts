import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOhlcvCsv, type OhlcvParseResult } from "@/domain/market";

const GOOD = ["Date,Open,High,Low,Close,Volume", "2024-01-02,10.00,10.50,9.80,10.20,120000", "2024-01-03,10.20,10.90,10.10,10.80,98000", "2024-01-05,10.80,11.00,10.30,10.40,0"].join("\n");

const problemsOf = (result: OhlcvParseResult) => {
  if (result.ok) throw new Error("expected problems, got rows");
  return result.problems;
};

describe("importing a daily OHLCV CSV", () => {
  it("parses a good file into rows, prices to two decimals and volume as a whole number", () => {
    expect(parseOhlcvCsv(GOOD)).toEqual({
      ok: true,
      rows: [
        { date: "2024-01-02", open: "10.00", high: "10.50", low: "9.80", close: "10.20", volume: 120000 },
        { date: "2024-01-03", open: "10.20", high: "10.90", low: "10.10", close: "10.80", volume: 98000 },
        { date: "2024-01-05", open: "10.80", high: "11.00", low: "10.30", close: "10.40", volume: 0 },
      ],
    });
  });

  it("takes Windows line ends, a byte-order mark, quoted fields, blank lines, any column order and extra columns", () => {
    const file = '\uFEFFdate, "Adj Close" ,Volume,Open,High,Low,Close\r\n\r\n"2024-01-02",10.1,120000,10,10.5,9.8,10.2\r\n\r\n';
    expect(parseOhlcvCsv(file)).toEqual({ ok: true, rows: [{ date: "2024-01-02", open: "10.00", high: "10.50", low: "9.80", close: "10.20", volume: 120000 }] });
  });

  it("reads quoted fields that hold commas: a spreadsheet's grouped numbers and a name column", () => {
    const file = ['Date,Name,Open,High,Low,Close,Volume', '2024-01-02,"ACME, Inc.","1,234.50","1,240.00",1230,"1,235.25","1,234,567"', "   ", ",,,,,,", ""].join("\r\n");
    expect(parseOhlcvCsv(file)).toEqual({ ok: true, rows: [{ date: "2024-01-02", open: "1234.50", high: "1240.00", low: "1230.00", close: "1235.25", volume: 1234567 }] });
  });

  it("takes a quoted field with a line break and a doubled quote inside, and counts lines through it", () => {
    const file = 'Date,Note,Open,High,Low,Close,Volume\n2024-01-02,"split\nin ""two""",10,11,9,10,1\n2024-01-01,x,10,11,9,10,1';
    expect(problemsOf(parseOhlcvCsv(file))).toEqual([{ line: 4, message: "Line 4: Date 2024-01-01 does not come after 2024-01-02 (line 3); dates must be strictly increasing." }]);
  });

  it("names the line of a quote that is never closed, and of a stray quote, instead of guessing", () => {
    expect(problemsOf(parseOhlcvCsv('Date,Open,High,Low,Close,Volume\n2024-01-02,"10,11,9,10,1\n'))).toEqual([{ line: 2, message: "Line 2: a quoted field is opened and never closed (the file ends inside it)." }]);
    expect(problemsOf(parseOhlcvCsv('Date,Open,High,Low,Close,Volume\n2024-01-02,1"0,11,9,10,1\n'))[0]).toMatchObject({ line: 2 });
  });

  it("does not take a comma that is not a thousands separator as one", () => {
    const problems = problemsOf(parseOhlcvCsv('Date,Open,High,Low,Close,Volume\n2024-01-02,"10,5",11,9,10,"12,34"'));
    expect(problems.map((p) => p.message)).toEqual(['Line 2: Open "10,5" is not a number like 12.34.', 'Line 2: Volume "12,34" is not a whole, non-negative number.']);
  });

  it("rounds prices with more than two decimals half-up to the cent", () => {
    const result = parseOhlcvCsv("Date,Open,High,Low,Close,Volume\n2024-01-02,10.004999,10.555,9.995,10.125,1");
    expect(result).toMatchObject({ ok: true, rows: [{ open: "10.00", high: "10.56", low: "10.00", close: "10.13" }] });
  });

  it("reports every bad row with its line number and returns no rows at all", () => {
    const file = [
      "Date,Open,High,Low,Close,Volume", // 1
      "2024-01-02,10.00,10.50,9.80,10.20,120000", // 2 good
      "2024-02-30,10.00,10.50,9.80,10.20,1", // 3 no such day
      "2024-01-04,10.00,9.90,9.80,9.95,1", // 4 high below open
      "", // 5 blank, skipped
      "2024-01-05,10.00,10.50,10.10,10.20,1", // 6 low above open
      "2024-01-05,10.00,10.50,9.80,10.20,1", // 7 same date again
      "2024-01-08,-1,10.50,9.80,10.20,1", // 8 negative price
      "2024-01-09,0,10.50,9.80,10.20,1", // 9 zero price
      "2024-01-10,10.00,10.50,9.80,10.20,1.5", // 10 fractional volume
      "2024-01-11,10.00,10.50,9.80", // 11 missing fields
      "01/12/2024,$10,10.50,9.80,10.20,-3", // 12 several problems
      "2024-01-13,10.00,10.50,9.80,10.20,7", // 13 good
    ].join("\n");
    const problems = problemsOf(parseOhlcvCsv(file));
    expect(problems.map((p) => p.line)).toEqual([3, 4, 6, 7, 8, 9, 10, 11, 12, 12, 12]);
    expect(problems.map((p) => p.message)).toEqual([
      'Line 3: Date "2024-02-30" is not a calendar date written YYYY-MM-DD.',
      "Line 4: High 9.90 is below Open 10.00.",
      "Line 6: Low 10.10 is above Open 10.00.",
      "Line 7: Date 2024-01-05 does not come after 2024-01-05 (line 6); dates must be strictly increasing.",
      'Line 8: Open "-1" is not a number like 12.34.',
      "Line 9: Open must be above zero.",
      'Line 10: Volume "1.5" is not a whole, non-negative number.',
      "Line 11: expected 6 fields like the header, found 4.",
      'Line 12: Date "01/12/2024" is not a calendar date written YYYY-MM-DD.',
      'Line 12: Open "$10" is not a number like 12.34.',
      'Line 12: Volume "-3" is not a whole, non-negative number.',
    ]);
  });

  it("checks the high against the close too, and each date against the previous row that has one", () => {
    const file = ["Date,Open,High,Low,Close,Volume", "2024-01-03,10.00,10.50,9.80,10.60,1", "2024-01-02,10.00,10.50,9.70,9.60,1", "not-a-date,10,11,9,10,1", "2024-01-02,10.00,10.50,9.80,10.20,1"].join("\n");
    expect(problemsOf(parseOhlcvCsv(file)).map((p) => p.message)).toEqual([
      "Line 2: High 10.50 is below Close 10.60.",
      "Line 3: Date 2024-01-02 does not come after 2024-01-03 (line 2); dates must be strictly increasing.",
      "Line 3: Low 9.70 is above Close 9.60.",
      'Line 4: Date "not-a-date" is not a calendar date written YYYY-MM-DD.',
      "Line 5: Date 2024-01-02 does not come after 2024-01-02 (line 3); dates must be strictly increasing.",
    ]);
  });

  it("refuses a price that rounds to nothing, and an empty field by name", () => {
    const file = ["Date,Open,High,Low,Close,Volume", "2024-01-02,0.004,0.01,0.001,0.01,1", "2024-01-03,,1,1,1,"].join("\n");
    expect(problemsOf(parseOhlcvCsv(file)).map((p) => p.message)).toEqual([
      "Line 2: Open 0.004 rounds to 0.00; prices are kept to the cent.",
      "Line 2: Low 0.001 rounds to 0.00; prices are kept to the cent.",
      "Line 3: Open is empty.",
      "Line 3: Volume is empty.",
    ]);
  });

  it("requires the header, naming the missing columns", () => {
    expect(problemsOf(parseOhlcvCsv("2024-01-02,10.00,10.50,9.80,10.20,120000"))[0]!.message).toMatch(/^Line 1: the header must name the columns Date,Open,High,Low,Close,Volume; missing Date, Open, High, Low, Close, Volume\.$/);
    expect(problemsOf(parseOhlcvCsv("Date,Open,High,Low,Close\n2024-01-02,1,1,1,1"))).toEqual([{ line: 1, message: "Line 1: the header must name the columns Date,Open,High,Low,Close,Volume; missing Volume." }]);
    expect(problemsOf(parseOhlcvCsv("Date,Open,High,Low,Close,Volume,Close\n"))[0]!.message).toBe("Line 1: the column Close appears 2 times.");
  });

  it("refuses an empty file and a header without rows", () => {
    expect(problemsOf(parseOhlcvCsv(""))).toEqual([{ line: 1, message: expect.stringMatching(/the file is empty/) }]);
    expect(problemsOf(parseOhlcvCsv("Date,Open,High,Low,Close,Volume\n\n"))).toEqual([{ line: 1, message: expect.stringMatching(/no rows follow/) }]);
  });

  it("never returns rows when any line is bad, wherever the bad line is", () => {
    const goodLines = GOOD.split("\n").slice(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: goodLines.length }), fc.constantFrom("2024-13-01,1,1,1,1,1", "2024-01-04,1,0.5,1,1,1", "x", "2024-01-04,1,1,1,1,-1"), (at, bad) => {
        const lines = [...goodLines];
        lines.splice(at, 0, bad);
        const result = parseOhlcvCsv(["Date,Open,High,Low,Close,Volume", ...lines].join("\n"));
        expect(result.ok).toBe(false);
        expect(problemsOf(result).map((p) => p.line)).toContain(at + 2);
        expect("rows" in result).toBe(false);
      }),
    );
  });
});

describe("a dataset's dividends and splits (docs/decisions/063)", () => {
  const HEADER = "Date,Open,High,Low,Close,Volume,Dividend,Split";

  it("reads a dividend and a split on their ex-date rows; empty, and a dividend of 0, are none", () => {
    const file = [HEADER, "2024-01-02,100,101,99,100,10,,", "2024-01-03,99.58,100,99,99.6,10,0.42,", "2024-01-04,50,51,49,50,10,0,2:1", "2024-01-05,50,51,49,50,10,0.00,"].join("\n");
    const result = parseOhlcvCsv(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => [r.date, r.dividend, r.split])).toEqual([
      ["2024-01-02", undefined, undefined],
      ["2024-01-03", "0.42", undefined],
      ["2024-01-04", undefined, { to: 2, from: 1 }],
      ["2024-01-05", undefined, undefined],
    ]);
    // A file without the columns has no actions, and its rows no such keys (they are stored as null).
    expect(Object.keys((parseOhlcvCsv(GOOD) as { rows: object[] }).rows[0]!)).toEqual(["date", "open", "high", "low", "close", "volume"]);
  });

  it("rounds a dividend half-up to the cent, reduces a ratio and takes a reverse split", () => {
    const file = [HEADER, "2024-01-02,100,101,99,100,10,,", "2024-01-03,99,100,98,99,10,0.205,", "2024-01-04,990,1000,980,990,10,,1:10", "2024-01-05,1980,1990,1970,1980,10,, 4:2 "].join("\n");
    const result = parseOhlcvCsv(file);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.rows.map((r) => r.dividend ?? r.split)).toEqual([undefined, "0.21", { to: 1, from: 10 }, { to: 2, from: 1 }]);
  });

  it("refuses a negative or unreadable amount, a 1:1 or badly written ratio, both on one row, an action on the first row and a dividend not below the previous close, each with its line", () => {
    const file = [
      HEADER,
      "2024-01-02,100,101,99,100,10,0.50,",
      "2024-01-03,100,101,99,100,10,-0.42,",
      "2024-01-04,100,101,99,100,10,abc,",
      "2024-01-05,100,101,99,100,10,,1:1",
      "2024-01-08,100,101,99,100,10,,2-1",
      "2024-01-09,100,101,99,100,10,0.42,2:1",
      "2024-01-10,100,101,99,100,10,100.00,",
      "2024-01-11,100,101,99,100,10,0.001,",
      "2024-01-12,100,101,99,100,10,,0:1",
    ].join("\n");
    expect(problemsOf(parseOhlcvCsv(file))).toEqual([
      { line: 2, message: "Line 2: the first row cannot carry a dividend: the action adjusts the previous close, and there is none." },
      { line: 3, message: "Line 3: Dividend -0.42 is negative: a dividend is an amount per share paid to holders, like 0.42." },
      { line: 4, message: 'Line 4: Dividend "abc" is not an amount per share like 0.42.' },
      { line: 5, message: "Line 5: Split: A ratio of 1:1 changes nothing: a split needs more (e.g. 2:1) or fewer (e.g. 1:10) shares." },
      { line: 6, message: 'Line 6: Split: "2-1" is not a split ratio: write it as new:old shares, e.g. "2:1" or "1:10".' },
      { line: 7, message: "Line 7: a row carries a dividend or a split, not both: put them on the days they went ex." },
      { line: 8, message: "Line 8: Dividend 100.00 is not below the previous close 100.00 (line 7): the price drops by the dividend on its ex-date." },
      { line: 9, message: "Line 9: Dividend 0.001 rounds to 0.00; amounts are kept to the cent." },
      { line: 10, message: "Line 10: Split: Each side of a split ratio is a whole number from 1 to 1000." },
    ]);
  });

  it("refuses the Dividend or Split column twice", () => {
    expect(problemsOf(parseOhlcvCsv("Date,Open,High,Low,Close,Volume,Split,split\n2024-01-02,1,1,1,1,1,,"))).toEqual([{ line: 1, message: "Line 1: the column Split appears 2 times." }]);
  });
});
