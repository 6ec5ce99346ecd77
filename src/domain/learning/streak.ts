/**
 * Streaks count consecutive days with learning activity, in the learner's own time zone:
 * a lesson read at 23:30 in Auckland belongs to that Auckland day, whatever UTC says.
 */

/** The calendar day ("YYYY-MM-DD") that `instant` falls on in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** "YYYY-MM-DD" shifted by whole days (calendar arithmetic; no time zone involved). */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + delta));
  return date.toISOString().slice(0, 10);
}

export interface Streak {
  /** Consecutive active days ending today, or ending yesterday while today is still open. */
  current: number;
  longest: number;
  activeToday: boolean;
}

/** @param activeDays the learner's activity days ("YYYY-MM-DD", any order, duplicates allowed). */
export function streakOf(activeDays: readonly string[], today: string): Streak {
  const days = [...new Set(activeDays)].sort();
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous && addDays(previous, 1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const set = new Set(days);
  const activeToday = set.has(today);
  let current = 0;
  let cursor = activeToday ? today : addDays(today, -1);
  while (set.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  return { current, longest, activeToday };
}
