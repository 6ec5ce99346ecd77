import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createReplay, createReplayClock, fromCents, intradayPrice, ReplayConfigError, toCents, type OhlcvRow } from "@/domain/market";

const row = (date: string, open: string, high: string, low: string, close: string): OhlcvRow => ({ date, open, high, low, close, volume: 1000 });

// Friday 1 March 2024, then the next week: the weekend is not in the data.
const DATASET: OhlcvRow[] = [
  row("2024-03-01", "100.00", "104.00", "98.00", "103.00"), // up day: open → low → high → close
  row("2024-03-04", "103.00", "103.50", "99.00", "100.00"), // down day: open → high → low → close
  row("2024-03-05", "100.00", "100.00", "100.00", "100.00"), // flat
  row("2024-03-06", "101.00", "102.00", "100.50", "101.50"),
];
const EVENT_START = new Date("2026-06-01T12:00:00Z");
const after = (seconds: number) => new Date(EVENT_START.getTime() + seconds * 1000);
// One trading day per real minute.
const clock = (startDate = "2024-03-01") => createReplayClock({ dataset: DATASET, startDate, secondsPerTradingDay: 60, eventStart: EVENT_START });

describe("the replay clock", () => {
  it("starts on the start date and plays one trading day per the chosen number of real seconds", () => {
    const replay = clock();
    expect(replay.tradingDayAt(after(0))).toBe("2024-03-01");
    expect(replay.tradingDayAt(after(59.999))).toBe("2024-03-01");
    expect(replay.tradingDayAt(after(60))).toBe("2024-03-04");
    expect(replay.tradingDayAt(after(125))).toBe("2024-03-05");
    expect(replay.position(after(135))).toEqual({ phase: "running", dayIndex: 2, tradingDay: "2024-03-05", fractionOfDay: 0.25 });
    const faster = createReplayClock({ dataset: DATASET, startDate: "2024-03-01", secondsPerTradingDay: 10, eventStart: EVENT_START });
    expect(faster.tradingDayAt(after(25))).toBe("2024-03-05");
  });

  it("steps from one trading day to the next, skipping dates without data (the weekend)", () => {
    const replay = clock();
    expect(replay.calendar).toEqual(["2024-03-01", "2024-03-04", "2024-03-05", "2024-03-06"]);
    expect(replay.priceAt(after(59.999))).toBe("103.00");
    expect(replay.priceAt(after(60))).toBe("103.00"); // Monday's open
  });

  it("starts on the next trading day when the start date has no data", () => {
    const replay = clock("2024-03-02");
    expect(replay.calendar).toEqual(["2024-03-04", "2024-03-05", "2024-03-06"]);
    expect(replay.tradingDayAt(after(1))).toBe("2024-03-04");
    expect(replay.priceAt(after(0))).toBe("103.00");
  });

  it("shows the first open before the event starts", () => {
    const replay = clock();
    expect(replay.position(after(-3600))).toEqual({ phase: "before", dayIndex: 0, tradingDay: "2024-03-01", fractionOfDay: 0 });
    expect(replay.priceAt(after(-3600))).toBe("100.00");
  });

  it("ends after the last trading day and holds the last close from then on", () => {
    const replay = clock();
    expect(replay.endsAt).toEqual(after(240));
    expect(replay.position(after(239.999)).phase).toBe("running");
    expect(replay.position(after(240))).toEqual({ phase: "ended", dayIndex: 3, tradingDay: "2024-03-06", fractionOfDay: 1 });
    expect(replay.priceAt(after(240))).toBe("101.50");
    expect(replay.priceAt(after(10_000_000))).toBe("101.50");
  });

  it("moves through an up day open → low → high → close, and holds the close for the last tenth", () => {
    const replay = clock();
    // Path length 2 + 6 + 1 = 9 dollars over 90 % of the 60-second day: 1 dollar per 6 seconds.
    expect([0, 6, 12, 30, 48, 51, 54, 59.9].map((s) => replay.priceAt(after(s)))).toEqual(["100.00", "99.00", "98.00", "101.00", "104.00", "103.50", "103.00", "103.00"]);
  });

  it("moves through a down day open → high → low → close", () => {
    const down = DATASET[1]!;
    // Path 0.50 + 4.50 + 1.00 = 6 dollars over 90 % of the day.
    expect(intradayPrice(down, 0)).toBe("103.00");
    expect(intradayPrice(down, 0.075)).toBe("103.50");
    expect(intradayPrice(down, 0.75)).toBe("99.00");
    expect(intradayPrice(down, 0.9)).toBe("100.00");
    expect(intradayPrice(DATASET[2]!, 0.5)).toBe("100.00");
  });

  it("never leaves the day's range, starts at the open and closes at the close, for any day", () => {
    const day = fc
      .tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }), fc.nat({ max: 5000 }), fc.nat({ max: 5000 }))
      .map(([a, b, up, down]) => ({ open: fromCents(a), close: fromCents(b), high: fromCents(Math.max(a, b) + up), low: fromCents(Math.max(1, Math.min(a, b) - down)) }));
    fc.assert(
      fc.property(day, fc.double({ min: 0, max: 1, noNaN: true }), (d, fraction) => {
        const price = toCents(intradayPrice(d, fraction));
        expect(price).toBeGreaterThanOrEqual(toCents(d.low));
        expect(price).toBeLessThanOrEqual(toCents(d.high));
        expect(intradayPrice(d, 0)).toBe(d.open);
        expect(intradayPrice(d, 0.95)).toBe(d.close);
      }),
    );
  });

  it("refuses a start after the data, a speed that is not positive, a malformed date and an empty or unsorted dataset", () => {
    const base = { dataset: DATASET, startDate: "2024-03-01", secondsPerTradingDay: 60, eventStart: EVENT_START };
    expect(() => createReplayClock({ ...base, startDate: "2024-03-07" })).toThrow(new ReplayConfigError("No dataset has data on or after 2024-03-07."));
    expect(() => createReplayClock({ ...base, secondsPerTradingDay: 0 })).toThrow(ReplayConfigError);
    expect(() => createReplayClock({ ...base, secondsPerTradingDay: Number.POSITIVE_INFINITY })).toThrow(ReplayConfigError);
    expect(() => createReplayClock({ ...base, startDate: "1 March 2024" })).toThrow(ReplayConfigError);
    expect(() => createReplayClock({ ...base, dataset: [] })).toThrow(ReplayConfigError);
    expect(() => createReplayClock({ ...base, dataset: [DATASET[1]!, DATASET[0]!] })).toThrow(/strictly increasing/);
  });
});

describe("a replay of several datasets", () => {
  const A = [row("2024-03-01", "10.00", "10.00", "10.00", "10.00"), row("2024-03-04", "11.00", "11.00", "11.00", "11.00"), row("2024-03-05", "12.00", "12.00", "12.00", "12.00")];
  const B = [row("2024-02-28", "49.00", "49.00", "49.00", "49.50"), row("2024-03-04", "50.00", "50.00", "50.00", "50.00"), row("2024-03-06", "51.00", "51.00", "51.00", "51.00")];
  const replay = createReplay({ datasets: { AAA: A, BBB: B }, startDate: "2024-03-01", secondsPerTradingDay: 60, eventStart: EVENT_START });

  it("plays the union of their trading days from the start date", () => {
    expect(replay.calendar).toEqual(["2024-03-01", "2024-03-04", "2024-03-05", "2024-03-06"]);
    expect(replay.symbols()).toEqual(["AAA", "BBB"]);
  });

  it("holds a symbol's last close on a day it has no data, even one from before the start date", () => {
    expect(replay.priceAt("BBB", after(30))).toBe("49.50"); // 1 March: B's last close is from 28 February
    expect(replay.priceAt("BBB", after(150))).toBe("50.00"); // 5 March: no B row
    expect(replay.priceAt("AAA", after(190))).toBe("12.00"); // 6 March: no A row
  });

  it("has no price for a symbol before its first row, or for a symbol it does not carry", () => {
    const late = createReplay({ datasets: { AAA: A, CCC: [row("2024-03-05", "5.00", "5.00", "5.00", "5.00")] }, startDate: "2024-03-01", secondsPerTradingDay: 60, eventStart: EVENT_START });
    expect(late.priceAt("CCC", after(10))).toBeUndefined();
    expect(late.priceAt("CCC", after(130))).toBe("5.00");
    expect(late.quote("ZZZ", after(10))).toBeUndefined();
  });
});

describe("a replay's corporate actions (docs/decisions/063)", () => {
  it("lists the datasets' actions at the start of their trading day, a dividend paid at the next one's; none on the first day played or before it", () => {
    const a: OhlcvRow[] = [
      { ...row("2024-03-01", "100.00", "100.00", "100.00", "100.00"), dividend: "0.50" }, // before the start date
      { ...row("2024-03-04", "100.00", "100.00", "100.00", "100.00"), split: { to: 2, from: 1 } }, // the first day played
      { ...row("2024-03-05", "50.00", "50.00", "50.00", "50.00"), dividend: "0.42" },
      { ...row("2024-03-06", "50.00", "50.00", "50.00", "50.00"), split: { to: 1, from: 10 } },
    ];
    const b: OhlcvRow[] = [row("2024-03-04", "10.00", "10.00", "10.00", "10.00"), { ...row("2024-03-06", "9.00", "9.00", "9.00", "9.00"), dividend: "1.00" }];
    const replay = createReplay({ datasets: { AAA: a, BBB: b }, startDate: "2024-03-04", secondsPerTradingDay: 60, eventStart: EVENT_START });
    expect(replay.calendar).toEqual(["2024-03-04", "2024-03-05", "2024-03-06"]);
    expect(replay.actions).toEqual([
      { symbol: "AAA", exDate: "2024-03-05", dayIndex: 1, at: after(60), kind: "dividend", amountCents: 42, payDate: "2024-03-06", payAt: after(120) },
      { symbol: "AAA", exDate: "2024-03-06", dayIndex: 2, at: after(120), kind: "split", ratio: { to: 1, from: 10 } },
      // The last day played: paid when the replay's last day ends, the pay day its own.
      { symbol: "BBB", exDate: "2024-03-06", dayIndex: 2, at: after(120), kind: "dividend", amountCents: 100, payDate: "2024-03-06", payAt: after(180) },
    ]);
  });
});
