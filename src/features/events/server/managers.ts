/**
 * Who manages an event, for what only its managers see (everyone's report card, a board whose
 * rows open them): admins, the person who created it (its organiser), and, for a class
 * contest, every teacher of its class — a co-teacher manages it as much as the one who
 * clicked "New class contest" (the class routes already let them enrol and form teams).
 */
import { hasRole } from "@/lib/roles";
import type { DbOrTx } from "@/server/db";
import type { EventRow } from "./rows";
import { teachesEventClass } from "./teams";

export async function managesEvent(db: DbOrTx, event: Pick<EventRow, "createdBy" | "classId">, viewer: { id: string; role?: string }): Promise<boolean> {
  if (hasRole(viewer.role, "admin")) return true;
  if (event.createdBy !== null && event.createdBy === viewer.id) return true;
  return teachesEventClass(db, event, viewer.id);
}

/** The address of one participant's report card, as a manager opens it from a board or a roster. */
export const reportCardHref = (slug: string, userId: string) => `/events/${encodeURIComponent(slug)}/report?user=${encodeURIComponent(userId)}`;
