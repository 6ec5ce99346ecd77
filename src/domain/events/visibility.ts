/**
 * Who sees an event — the one rule, used by the event pages, the events list and the
 * ranking's event boards (and, for lists, by SQL: server/db/event-rules-sql.ts mirrors it and
 * a test keeps the two equal).
 *
 * - Admins see every event; a person who joined it sees it (also once removed: it is their record).
 * - Otherwise an archived event is hidden; a public one is open to all; a private one only
 *   with its join code (its invite link carries it).
 * - Lists show what a person may see without typing a code; an admin's list of events (not
 *   the admin screens) leaves archived ones out, like everyone's.
 * - A class contest (`classId` set) is seen and listed by its class's members only (teachers
 *   and students), and admins; no code opens it (decision 042).
 */
import { normalizeJoinCode } from "./codes";
import type { EventVisibility } from "./definition";

export interface VisibleEvent {
  visibility: EventVisibility;
  archivedAt: Date | null;
  joinCode: string | null;
  /** A class contest's class; null or absent for every other event. */
  classId?: string | null;
}

export interface EventViewer {
  admin: boolean;
  /** Joined this event (removed or not). */
  participant: boolean;
  /** The join code the request carries, if any. */
  code?: string | null;
  /** A member (teacher or student) of the event's class, when it is a class contest. */
  classMember?: boolean;
}

function codeMatches(event: VisibleEvent, code: string | null | undefined): boolean {
  if (!code || !event.joinCode) return false;
  return normalizeJoinCode(code) === normalizeJoinCode(event.joinCode);
}

/** May the viewer open the event's page, board and replay? (No: a 404 like no event at all.) */
export function mayViewEvent(event: VisibleEvent, viewer: EventViewer): boolean {
  if (viewer.admin || viewer.participant) return true;
  if (event.archivedAt !== null) return false;
  if (event.classId) return Boolean(viewer.classMember);
  return event.visibility === "public" || codeMatches(event, viewer.code);
}

/** Does the event appear in the viewer's list of events (and of boards)? */
export function isEventListed(event: VisibleEvent, viewer: Omit<EventViewer, "code">): boolean {
  if (viewer.participant) return true;
  if (event.archivedAt !== null) return false;
  if (event.classId) return viewer.admin || Boolean(viewer.classMember);
  return viewer.admin || event.visibility === "public";
}
