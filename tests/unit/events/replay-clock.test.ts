import { describe, expect, it } from "vitest";
import { createEventReplay, eventReplayOptions, secondsPerTradingDay, tradingDaysInWindow } from "@/domain/events";
import type { OhlcvRow } from "@/domain/market";
import { event, ms, STARTS } from "./helpers";

const row = (date: string, open: string, high: string, low: string, close: string): OhlcvRow => ({ date, open, high, low, close, volume: 1000 });

// A few days of a fictional crash: Friday, then Monday to Wednesday (no weekend rows).
const CRASH: OhlcvRow[] = [
  row("2008-09-12", "100.00", "101.00", "99.00", "100.50"),
  row("2008-09-15", "100.50", "100.50", "90.00", "91.00"),
  row("2008-09-16", "91.00", "95.00", "88.00", "94.00"),
  row("2008-09-17", "94.00", "94.00", "85.00", "86.00"),
];

// 60 trading days per real hour: one trading day per real minute.
const replayEvent = event({ replay: { datasets: ["ds-crash"], from: "2008-09-13", speed: 60 } });
const replay = replayEvent.replay!;
const minutes = (n: number) => ms(STARTS, n * 60_000);

describe("a replay event's clock", () => {
  it("turns the organiser's speed (trading days per real hour) into seconds per trading day", () => {
    expect(secondsPerTradingDay(60)).toBe(60);
    expect(secondsPerTradingDay(1 / 24)).toBe(86_400);
    expect(secondsPerTradingDay(360)).toBe(10);
  });

  it("starts trading day 0 at the event's start, on the first dataset day on or after the chosen date", () => {
    expect(eventReplayOptions({ ...replayEvent, replay }, { CRSH: CRASH })).toEqual({
      datasets: { CRSH: CRASH },
      startDate: "2008-09-13",
      secondsPerTradingDay: 60,
      eventStart: STARTS,
    });
    const clock = createEventReplay({ ...replayEvent, replay }, { CRSH: CRASH });
    expect(clock.calendar).toEqual(["2008-09-15", "2008-09-16", "2008-09-17"]);
    expect(clock.position(ms(STARTS, -1))).toMatchObject({ phase: "before", tradingDay: "2008-09-15" });
    expect(clock.tradingDayAt(STARTS)).toBe("2008-09-15");
    expect(clock.tradingDayAt(ms(minutes(1), -1))).toBe("2008-09-15");
    expect(clock.tradingDayAt(minutes(1))).toBe("2008-09-16");
    expect(clock.position(minutes(2.5))).toEqual({ phase: "running", dayIndex: 2, tradingDay: "2008-09-17", fractionOfDay: 0.5 });
    expect(clock.position(minutes(3))).toMatchObject({ phase: "ended", tradingDay: "2008-09-17" });
  });

  it("prices the event's symbols from its datasets and uses the dataset's day for day orders", () => {
    const clock = createEventReplay({ ...replayEvent, replay }, { CRSH: CRASH });
    expect(clock.quote("CRSH", STARTS)?.price).toBe("100.50");
    expect(clock.quote("CRSH", minutes(10))?.price).toBe("86.00"); // after the last day: the last close
    expect(clock.quote("ACME", STARTS)).toBeUndefined(); // the practice market is not in it
    expect(clock.tradingDay(minutes(1))).toBe("2008-09-16");
  });

  it("says how many trading days fit in the event's window", () => {
    expect(tradingDaysInWindow({ ...replayEvent, replay })).toBe(7 * 24 * 60); // a week of minutes
    expect(tradingDaysInWindow({ startsAt: STARTS, endsAt: ms(STARTS, 3_599_999), replay: { speed: 1 } })).toBe(0);
  });
});
