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
