/**
 * The one formatting module: times in an explicit zone (never the machine's), across DST
 * changes, one locale's separators, and negative figures with exactly one minus sign.
 */
import { describe, expect, it } from "vitest";
import type { TickMarkWeightValue, UTCTimestamp } from "lightweight-charts";
import { calendarDate, compactInteger, decimal, fromWallTime, integer, keepUnitsTogether, LOCALE, marketDaySince, MINUS, money, percent, percentFigure, TICK, TICK_WEIGHT, timeFormat, UNIT_SPACE, withUnit } from "@/lib/format";

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
  const at = (iso: string) => Date.parse(iso) / 1000;

  it("labels time ticks and the crosshair with the zone's clock", () => {
    expect(ny.chartTick(seconds, TICK.time)).toBe("09:05");
    expect(ny.chartTick(seconds, TICK.timeWithSeconds)).toBe("09:05:09");
    expect(ny.chartCrosshair(seconds, true)).toBe("Nov 23, 09:05");
    expect(ny.chartCrosshair(seconds, false)).toBe("Nov 23, 2026");
  });

  it("names days, months and years by the zone's calendar", () => {
    expect(timeFormat("UTC").chartTick(at("2026-11-23T00:00:00Z"), TICK.dayOfMonth)).toBe("Nov 23");
    // 00:00 UTC is 19:00 the day before in New York: that is the day it names there.
    expect(ny.chartTick(at("2026-11-23T00:00:00Z"), TICK.dayOfMonth)).toBe("Nov 22");
    expect(ny.chartTick(at("2026-11-23T05:00:00Z"), TICK.dayOfMonth)).toBe("Nov 23");
    expect(ny.chartTick(at("2026-11-23T05:00:00Z"), TICK.month)).toBe("Nov");
    expect(ny.chartTick(at("2027-01-01T05:00:00Z"), TICK.year)).toBe("2027");
  });

  it("weighs a point by what it starts on the zone's calendar and clock, not UTC's", () => {
    // New York's midnight (05:00 UTC) starts a day there; UTC's midnight is 19:00, a mere hour.
    expect(ny.chartWeight(at("2026-11-23T05:00:00Z"), at("2026-11-23T04:55:00Z"))).toBe(TICK_WEIGHT.day);
    expect(ny.chartWeight(at("2026-11-23T00:00:00Z"), at("2026-11-22T23:55:00Z"))).toBe(TICK_WEIGHT.hour1);
    expect(ny.chartWeight(at("2026-12-01T05:00:00Z"), at("2026-11-30T05:00:00Z"))).toBe(TICK_WEIGHT.month);
    expect(ny.chartWeight(at("2027-01-01T05:00:00Z"), at("2026-12-31T05:00:00Z"))).toBe(TICK_WEIGHT.year);
    // Kolkata is UTC+05:30: its hours start at half past UTC's.
    const kolkata = timeFormat("Asia/Kolkata");
    expect(kolkata.chartWeight(at("2026-11-23T06:30:00Z"), at("2026-11-23T06:25:00Z"))).toBe(TICK_WEIGHT.hour12);
    expect(kolkata.chartWeight(at("2026-11-23T07:00:00Z"), at("2026-11-23T06:55:00Z"))).toBe(TICK_WEIGHT.minute30);
    // Two points in the same minute: the second starts a second, and its tick shows the seconds.
    expect(ny.chartWeight(at("2026-11-23T14:05:40Z"), at("2026-11-23T14:05:00Z"))).toBe(TICK_WEIGHT.second);
  });

  it("never gives two neighbouring ticks the same label (the library shows the heaviest points that fit)", () => {
    // A week of 5-minute points and a live point 40 s after the last snapshot, in three zones.
    const start = at("2026-11-16T00:00:00Z");
    const points = Array.from({ length: 7 * 288 }, (_, i) => start + i * 300);
    points.push(points.at(-1)! + 40);
    for (const zone of ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"]) {
      const format = timeFormat(zone);
      const weights = points.map((p, i) => (i === 0 ? TICK_WEIGHT.day : format.chartWeight(p, points[i - 1]!)));
      // The kind of tick lightweight-charts passes for a weight (time and seconds visible).
      const kind = (w: number) => (w >= TICK_WEIGHT.year ? TICK.year : w >= TICK_WEIGHT.month ? TICK.month : w >= TICK_WEIGHT.day ? TICK.dayOfMonth : w >= TICK_WEIGHT.minute1 ? TICK.time : TICK.timeWithSeconds);
      for (const threshold of [TICK_WEIGHT.second, TICK_WEIGHT.hour1, TICK_WEIGHT.hour6, TICK_WEIGHT.hour12, TICK_WEIGHT.day]) {
        const labels = points.flatMap((p, i) => (weights[i]! >= threshold ? [format.chartTick(p, kind(weights[i]!))] : []));
        for (let i = 1; i < labels.length; i++) expect(labels[i], `${zone}, weight ≥ ${threshold}, tick ${i}`).not.toBe(labels[i - 1]);
      }
    }
  });

  it("uses the library's weights: in UTC they are the library's own", async () => {
    const { defaultHorzScaleBehavior } = await import("lightweight-charts");
    const behaviour = new (defaultHorzScaleBehavior())();
    const times = [at("2025-12-31T23:00:00Z"), at("2026-01-01T00:00:00Z"), at("2026-01-01T00:00:30Z"), at("2026-01-01T00:01:00Z"), at("2026-01-01T00:05:00Z"), at("2026-01-01T00:30:00Z"), at("2026-01-01T01:00:00Z"), at("2026-01-01T03:00:00Z"), at("2026-01-01T06:00:00Z"), at("2026-01-01T12:00:00Z"), at("2026-01-02T00:00:00Z"), at("2026-02-01T00:00:00Z")];
    const points = times.map((t) => ({ time: behaviour.convertHorzItemToInternal(t as UTCTimestamp), timeWeight: 0 as TickMarkWeightValue, originalTime: t }));
    behaviour.fillWeightsForPoints(points, 0);
    const utc = timeFormat("UTC");
    expect(points.slice(1).map((p) => p.timeWeight)).toEqual(times.slice(1).map((t, i) => utc.chartWeight(t, times[i]!)));
    expect(new Set(points.slice(1).map((p) => p.timeWeight)).size).toBe(times.length - 1);
  });
});

describe("a figure and its unit stay on one line", () => {
  it("joins them with a no-break space", () => {
    expect(UNIT_SPACE).toBe("\u00a0");
    expect(withUnit("25", "%")).toBe("25\u00a0%");
    expect(withUnit(5, "bps")).toBe("5\u00a0bps");
    expect(withUnit("—", "%")).toBe("—");
    for (const text of [percent("0.0523"), percent("-0.0523"), percent(0, { signed: false })]) expect(text).toMatch(/\d\u00a0%$/);
  });

  it("writes a figure already in percent with its unit", () => {
    expect(percentFigure(70)).toBe("70\u00a0%");
    expect(percentFigure(12.5)).toBe("12.5\u00a0%");
    expect(percentFigure(-3)).toBe(`${MINUS}3\u00a0%`);
    expect(percentFigure(null)).toBe("—");
  });

  it("keeps the units of prose together without touching anything else", () => {
    expect(keepUnitsTogether("is 0.05 %, or 5 bps. 100 % of 3 apples")).toBe("is 0.05\u00a0%, or 5\u00a0bps. 100\u00a0% of 3 apples");
    expect(keepUnitsTogether("a % sign, 5 bpsx")).toBe("a % sign, 5 bpsx");
  });
});

describe("compact counts (a chart's volume axis)", () => {
  it("abbreviates thousands, millions and billions with one decimal", () => {
    expect(compactInteger(0)).toBe("0");
    expect(compactInteger(950)).toBe("950");
    expect(compactInteger(1234)).toBe("1.2K");
    expect(compactInteger(56_789)).toBe("56.8K");
    expect(compactInteger(3_450_000)).toBe("3.5M");
    expect(compactInteger(7_000_000_000)).toBe("7B");
    expect(compactInteger(-1500)).toBe(`${MINUS}1.5K`);
    expect(compactInteger(Number.NaN)).toBe("—");
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
    expect(percent("0.0523")).toBe("+5.23\u00a0%");
    expect(percent("0.0523", { signed: false })).toBe("5.23\u00a0%");
    expect(percent("0.5", { signed: false, digits: 0 })).toBe("50\u00a0%");
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
    expect(percent("-0.00001")).toBe("0.00\u00a0%");
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

describe("where the market's day begins, as a person reads it (issue #23 §4)", () => {
  it("is 00:00 UTC for everyone, with the person's own clock beside it outside UTC", () => {
    const dayStart = "2026-12-03T00:00:00.000Z";
    expect(marketDaySince(dayStart, "UTC")).toBe("since 00:00 UTC");
    expect(marketDaySince(dayStart, null)).toBe("since 00:00 UTC");
    expect(marketDaySince(dayStart, "Asia/Kolkata")).toBe(`since 00:00 UTC (${timeFormat("Asia/Kolkata").dateTime(dayStart)} in Asia/Kolkata)`);
    expect(marketDaySince(dayStart, "Asia/Kolkata")).toContain("05:30 in Asia/Kolkata");
    // West of UTC the market's day began on the person's evening before.
    expect(marketDaySince(dayStart, "America/New_York")).toContain("Dec 2");
    expect(marketDaySince(dayStart, "America/New_York")).toContain("19:00 in America/New_York");
  });
});
