/**
 * The one formatting module: times in an explicit zone (never the machine's), across DST
 * changes, one locale's separators, and negative figures with exactly one minus sign.
 */
import { describe, expect, it } from "vitest";
import { calendarDate, decimal, fromWallTime, integer, LOCALE, MINUS, money, percent, TICK, timeFormat } from "@/lib/format";

const AT = "2026-11-23T14:05:09.000Z";

describe("times in an explicit zone", () => {
  it("prints the same instant as each zone's wall clock reads it", () => {
    expect(timeFormat("UTC").dateTime(AT)).toBe("Nov 23, 14:05");
    expect(timeFormat("America/New_York").dateTime(AT)).toBe("Nov 23, 09:05");
    expect(timeFormat("Pacific/Auckland").dateTime(AT)).toBe("Nov 24, 03:05");
    expect(timeFormat("Asia/Kolkata").time(AT)).toBe("19:35:09");
    expect(timeFormat("Europe/Paris").dateTimeYear(AT)).toBe("Nov 23, 2026, 15:05");
    expect(timeFormat("Pacific/Auckland").date(AT)).toBe("Nov 24, 2026");
    expect(timeFormat("America/New_York").stamp(AT)).toBe("2026-11-23 09:05:09");
    expect(timeFormat("Pacific/Auckland").day(AT)).toBe("2026-11-24");
  });

  it("does not depend on the zone of the machine it runs on", () => {
    // Whatever TZ the test process has, the text is the zone's: the server and the browser agree.
    const before = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Auckland";
      const auckland = timeFormat("America/New_York").dateTime(AT);
      process.env.TZ = "America/Los_Angeles";
      expect(timeFormat("America/New_York").dateTime(AT)).toBe(auckland);
    } finally {
      process.env.TZ = before;
    }
  });

  it("falls back to UTC for a missing or unknown zone, and says which zone it uses", () => {
    expect(timeFormat(null).timeZone).toBe("UTC");
    expect(timeFormat("Mars/Olympus_Mons").timeZone).toBe("UTC");
    expect(timeFormat("Mars/Olympus_Mons").dateTime(AT)).toBe("Nov 23, 14:05");
    expect(timeFormat("Europe/Paris").timeZone).toBe("Europe/Paris");
  });

  it("follows daylight saving time on both sides of the change", () => {
    const ny = timeFormat("America/New_York");
    // 2026-03-08: clocks go 01:59 EST → 03:00 EDT (07:00 UTC).
    expect(ny.shortTime("2026-03-08T06:59:00Z")).toBe("01:59");
    expect(ny.shortTime("2026-03-08T07:00:00Z")).toBe("03:00");
    // 2026-11-01: 01:00–01:59 happens twice (EDT, then EST).
    expect(ny.shortTime("2026-11-01T05:30:00Z")).toBe("01:30");
    expect(ny.shortTime("2026-11-01T06:30:00Z")).toBe("01:30");
    // Auckland's summer: +13 in January, +12 in July.
    expect(timeFormat("Pacific/Auckland").shortTime("2026-01-15T00:00:00Z")).toBe("13:00");
    expect(timeFormat("Pacific/Auckland").shortTime("2026-07-15T00:00:00Z")).toBe("12:00");
  });

  it("prints midnight as 00, never 24", () => {
    expect(timeFormat("UTC").time("2026-11-23T00:00:00Z")).toBe("00:00:00");
    expect(timeFormat("America/New_York").dateTime("2026-11-23T05:00:00Z")).toBe("Nov 23, 00:00");
  });

  it("shows a dash for what is not a time", () => {
    expect(timeFormat("UTC").dateTime("not a date")).toBe("—");
  });
});

describe("wall times (the event form's datetime-local fields)", () => {
  it("round-trips an instant through a zone's wall time", () => {
    const paris = timeFormat("Europe/Paris");
    expect(paris.wallTime(AT)).toBe("2026-11-23T15:05");
    expect(paris.wallTime(AT, true)).toBe("2026-11-23T15:05:09");
    expect(fromWallTime("2026-11-23T15:05:09", "Europe/Paris")).toBe(AT);
    expect(fromWallTime("2026-11-24T03:05:09", "Pacific/Auckland")).toBe(AT);
    expect(fromWallTime("2026-11-23T14:05:09", "UTC")).toBe(AT);
  });

  it("reads a skipped time after the change and a repeated time as its first occurrence", () => {
    // 02:30 does not exist in New York on 2026-03-08: it is read as 03:30 EDT.
    expect(fromWallTime("2026-03-08T02:30", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: the first (EDT, UTC−4).
    expect(fromWallTime("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a wall time", () => {
    expect(fromWallTime("tomorrow", "UTC")).toBeNull();
    expect(fromWallTime("2026-11-23 15:05", "UTC")).toBeNull();
  });
});

describe("chart axes in the zone", () => {
  const seconds = Date.parse(AT) / 1000;
  const ny = timeFormat("America/New_York");

  it("labels time ticks and the crosshair with the zone's clock", () => {
    expect(ny.chartTick(seconds, TICK.time, true)).toBe("09:05");
    expect(ny.chartTick(seconds, TICK.timeWithSeconds, true)).toBe("09:05:09");
    expect(ny.chartCrosshair(seconds, true)).toBe("Nov 23, 09:05");
    expect(ny.chartCrosshair(seconds, false)).toBe("Nov 23, 2026");
  });

  it("names days, months and years by the zone's calendar", () => {
    const utcMidnight = Date.parse("2026-11-23T00:00:00Z") / 1000;
    expect(timeFormat("UTC").chartTick(utcMidnight, TICK.dayOfMonth, false)).toBe("Nov 23");
    // 00:00 UTC is 19:00 the day before in New York: a daily axis names that day…
    expect(ny.chartTick(utcMidnight, TICK.dayOfMonth, false)).toBe("Nov 22");
    // …and an intraday axis, where it is not New York's midnight, shows the time it is.
    expect(ny.chartTick(utcMidnight, TICK.dayOfMonth, true)).toBe("19:00");
    const nyMidnight = Date.parse("2026-11-23T05:00:00Z") / 1000;
    expect(ny.chartTick(nyMidnight, TICK.dayOfMonth, true)).toBe("Nov 23");
    expect(ny.chartTick(nyMidnight, TICK.month, false)).toBe("Nov");
    expect(ny.chartTick(Date.parse("2027-01-01T05:00:00Z") / 1000, TICK.year, false)).toBe("2027");
  });
});

describe("numbers in one locale", () => {
  it("uses the locale's separators", () => {
    expect(LOCALE).toBe("en-US");
    expect(integer(1234567)).toBe("1,234,567");
    expect(integer(12345678901234567890n)).toBe("12,345,678,901,234,567,890");
    expect(decimal(1234.567)).toBe("1,234.57");
    expect(decimal("0.5", 3)).toBe("0.500");
    expect(money("1234567.5")).toBe("1,234,567.50");
    expect(percent("0.0523")).toBe("+5.23 %");
    expect(percent("0.0523", { signed: false })).toBe("5.23 %");
    expect(percent("0.5", { signed: false, digits: 0 })).toBe("50 %");
  });

  it("writes a negative figure with exactly one minus sign, and a zero with none", () => {
    const cases = [
      money("-3.10"),
      money("-3.10", { signed: true }),
      money(-3.1),
      money("-1234.567"),
      decimal(-0.42),
      decimal("-0.42", 2, { signed: true }),
      percent("-0.0523"),
      percent(-0.0523, { signed: false }),
      integer(-1234),
      integer(-5n),
    ];
    for (const text of cases) {
      expect(text.startsWith(MINUS), text).toBe(true);
      expect([...text].filter((c) => c === MINUS || c === "-").length, text).toBe(1);
    }
    expect(money("-0.00")).toBe("0.00");
    expect(money("-0.001")).toBe("0.00");
    expect(money(-0.004, { signed: true })).toBe("0.00");
    expect(decimal(-0.001)).toBe("0.00");
    expect(percent("-0.00001")).toBe("0.00 %");
    expect(integer(-0.4)).toBe("0");
    expect(money("+5.00", { signed: true })).toBe("+5.00");
  });

  it("keeps money exact beyond what a float holds", () => {
    expect(money("90071992547409.93")).toBe("90,071,992,547,409.93");
    expect(money("-12345678901234.56")).toBe(`${MINUS}12,345,678,901,234.56`);
  });

  it("shows a dash for what is not a number", () => {
    expect(money("abc")).toBe("—");
    expect(decimal(Number.NaN)).toBe("—");
    expect(percent(null)).toBe("—");
    expect(integer(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("calendar days", () => {
  it("show a YYYY-MM-DD day as a date, in no zone (a day is no instant)", () => {
    expect(calendarDate("2026-09-01")).toBe("Sep 1, 2026");
    expect(calendarDate("2027-06-30")).toBe("Jun 30, 2027");
    expect(calendarDate("2026-02-30")).toBe("—");
    expect(calendarDate(null)).toBe("—");
  });
});
