/**
 * A replay event's clock: the event's replay settings mapped onto the market domain's
 * replay (src/domain/market/replay.ts), which does all the playing. This module only
 * translates the organiser's unit — trading days per real hour, the figure they think in
 * ("a crash of 60 trading days in an hour" is 60) — into the seconds per trading day that
 * the replay takes, and starts trading day 0 at the event's `startsAt`.
 */
import { createReplay, type OhlcvRow, type Replay, type ReplayOptions } from "../market";
import type { EventDefinition, ReplaySettings } from "./definition";

/** Real seconds one trading day lasts at `speed` trading days per real hour. */
export function secondsPerTradingDay(speed: number): number {
  return 3600 / speed;
}

/** How many whole trading days fit in the event's window at its speed (the form says "plays about N days"). */
export function tradingDaysInWindow(event: Pick<EventDefinition, "startsAt" | "endsAt"> & { replay: Pick<ReplaySettings, "speed"> }): number {
  const windowMs = event.endsAt.getTime() - event.startsAt.getTime();
  return Math.max(0, Math.floor(windowMs / (secondsPerTradingDay(event.replay.speed) * 1000)));
}

/**
 * The options of the market replay for this event. `datasets` are the event's datasets
 * loaded by the caller, keyed by their instrument's symbol.
 */
export function eventReplayOptions(
  event: Pick<EventDefinition, "startsAt"> & { replay: Pick<ReplaySettings, "from" | "speed"> },
  datasets: Readonly<Record<string, readonly OhlcvRow[]>>,
): ReplayOptions {
  return { datasets, startDate: event.replay.from, secondsPerTradingDay: secondsPerTradingDay(event.replay.speed), eventStart: event.startsAt };
}

/**
 * The event's price source and clock: `position(now)` / `tradingDayAt(now)` say which
 * trading day (and how far through it) `now` is in the event; `quote` prices its symbols;
 * `tradingDay` is the day function its day orders and day change use. Build it once per
 * event and keep it: it indexes the datasets.
 */
export function createEventReplay(
  event: Pick<EventDefinition, "startsAt"> & { replay: Pick<ReplaySettings, "from" | "speed"> },
  datasets: Readonly<Record<string, readonly OhlcvRow[]>>,
): Replay {
  return createReplay(eventReplayOptions(event, datasets));
}
