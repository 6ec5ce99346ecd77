/**
 * The classes domain (docs/decisions/038-classes.md): who may create a class, how a
 * classmate's name is shown, a class's dates, and the names a teacher pastes for a roster
 * (from a CSV file: ./roster-csv.ts). Pure: no I/O; random codes come from src/lib/readable-codes.ts with bytes passed in.
 */
import { isCalendarDate } from "@/lib/calendar-date";
import { hasRole } from "@/lib/roles";

export const CLASS_NAME_MAX_LENGTH = 80;
export const STUDENT_NAME_MAX_LENGTH = 60;
/** Names one roster request may add: a big class in one paste, and a bound on hashing work. */
export const MAX_ROSTER_BATCH = 100;
/** Members one class may have (teachers and students). */
export const MAX_CLASS_MEMBERS = 400;

/**
 * Who may create a class: an organiser or an admin, or any member once an admin allows it.
 * A roster account never (it lives inside the class it was made for).
 */
export function mayCreateClasses(person: { role: string; kind: string }, settings: { membersMayCreateClasses: boolean }): boolean {
  if (person.kind === "roster") return false;
  return hasRole(person.role, "organiser") || settings.membersMayCreateClasses;
}

/**
 * How students see a classmate: first name and the initial of the last ("Maya Kowalska" →
 * "Maya K."); one name stays as it is. The initial is the first letter (a whole grapheme, so
 * "Émile Ørsted" → "Émile Ø.").
 */
export function classmateName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Student";
  if (parts.length === 1) return parts[0]!;
  const last = parts[parts.length - 1]!;
  const initial = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(last)][0]?.segment ?? "";
  return `${parts[0]} ${initial.toLocaleUpperCase()}.`;
}

export type ClassDatesProblem = { field: "startsOn" | "endsOn"; message: string } | null;

/** A class's optional dates: calendar dates, the end not before the start. */
export function checkClassDates(startsOn: string | null | undefined, endsOn: string | null | undefined): ClassDatesProblem {
  if (startsOn && !isCalendarDate(startsOn)) return { field: "startsOn", message: "Enter the first day as a date, YYYY-MM-DD." };
  if (endsOn && !isCalendarDate(endsOn)) return { field: "endsOn", message: "Enter the last day as a date, YYYY-MM-DD." };
  if (startsOn && endsOn && endsOn < startsOn) return { field: "endsOn", message: "The last day cannot be before the first." };
  return null;
}

/** The names of a pasted list: one per line; blank lines and surrounding spaces dropped. */
export function namesFromPaste(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
