/**
 * An event's lifecycle, upcoming → live → ended, at exact instants: live from `startsAt`
 * (inclusive) to `endsAt` (exclusive), the same window the trading rules accept orders in
 * (tradingRulesFor), so "live" on a page and "orders accepted" can never disagree by a
 * millisecond.
 *
 * Archiving is not a phase: it hides an event from lists and leaves its clock alone, so an
 * archived event's standings and window stay what they were. `eventStatus` folds it in for
 * lists that show one label.
 */

export type EventPhase = "upcoming" | "live" | "ended";

export interface EventWindow {
  startsAt: Date;
  endsAt: Date;
}

export function eventPhase(event: EventWindow, now: Date): EventPhase {
  const t = now.getTime();
  if (t < event.startsAt.getTime()) return "upcoming";
  if (t < event.endsAt.getTime()) return "live";
  return "ended";
}

/** The phase, or "archived" for an event an admin archived (whatever its clock says). */
export function eventStatus(event: EventWindow & { archivedAt: Date | null }, now: Date): EventPhase | "archived" {
  return event.archivedAt !== null ? "archived" : eventPhase(event, now);
}

/** Milliseconds until the event starts; 0 once it has. */
export function msUntilStart(event: EventWindow, now: Date): number {
  return Math.max(0, event.startsAt.getTime() - now.getTime());
}

/** Milliseconds until the event ends; 0 once it has. */
export function msUntilEnd(event: EventWindow, now: Date): number {
  return Math.max(0, event.endsAt.getTime() - now.getTime());
}

export interface Countdown {
  phase: EventPhase;
  /** The next change of phase (the start while upcoming, the end while live); null once ended. */
  target: Date | null;
  /** Milliseconds until `target` (> 0); null once ended. */
  ms: number | null;
}

/** What a countdown shows: time to the start while upcoming, to the end while live. */
export function countdown(event: EventWindow, now: Date): Countdown {
  const phase = eventPhase(event, now);
  if (phase === "ended") return { phase, target: null, ms: null };
  const target = phase === "upcoming" ? event.startsAt : event.endsAt;
  return { phase, target, ms: target.getTime() - now.getTime() };
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Whole days, hours, minutes and seconds in `ms`, rounded up to the second: a countdown
 * reads "0:00:01" until the very instant it reaches zero, never "0:00:00" early.
 */
export function durationParts(ms: number): DurationParts {
  let rest = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  return { days, hours, minutes, seconds: rest - minutes * 60 };
}
