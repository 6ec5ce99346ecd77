/**
 * Who may see an event, and the one lookup every use-case starts with: the event by its slug
 * (locked when the caller will decide on it) and the viewer's participant row, refused with
 * the same 404 as an event that does not exist (`visibleEvent`). The rule itself is the
 * domain's (`mayViewEvent`).
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { mayViewEvent } from "@/domain/events";
import { failures } from "@/domain/errors";
import { hasRole } from "@/lib/roles";
import type { DbOrTx } from "@/server/db";
import { classMembers, eventParticipants, events, portfolios, teamMembers } from "@/server/db/schema";
import type { EventRow, ParticipantRow } from "./rows";

export interface Viewer {
  id: string;
  role?: string;
}

export const isAdmin = (viewer: Viewer) => hasRole(viewer.role, "admin");

export const NOT_FOUND = "There is no such event, or it is private: open it with its invite link or join code.";

export async function findBySlug(db: DbOrTx, slug: string, lock = false): Promise<EventRow | undefined> {
  const query = db.select().from(events).where(eq(events.slug, slug));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The event by its slug (locked with `lock`), or a 404 with `message` (by default the members' one). */
export async function existingEvent(db: DbOrTx, slug: string, options: { lock?: boolean; message?: string } = {}): Promise<EventRow> {
  const row = await findBySlug(db, slug, options.lock);
  if (!row) throw failures.notFound(options.message ?? NOT_FOUND);
  return row;
}

/** The participant row a person trades under in an event through a team (the founder's). */
export async function teamParticipantOf(db: DbOrTx, eventId: string, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select({ participant: eventParticipants })
    .from(teamMembers)
    .innerJoin(portfolios, eq(portfolios.teamId, teamMembers.teamId))
    .innerJoin(eventParticipants, eq(eventParticipants.portfolioId, portfolios.id))
    .where(and(eq(teamMembers.eventId, eventId), eq(teamMembers.userId, userId)));
  return row?.participant;
}

/** The person's participant row in the event: their own, or (a team event) their team's. */
export async function participantOf(db: DbOrTx, eventId: string, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
  return row ?? (await teamParticipantOf(db, eventId, userId));
}

/** Whether the viewer is a member (teacher or student) of a class contest's class; false for other events. */
export async function inEventClass(db: DbOrTx, event: Pick<EventRow, "classId">, userId: string): Promise<boolean> {
  if (!event.classId) return false;
  const [row] = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, event.classId), eq(classMembers.userId, userId)));
  return Boolean(row);
}

/** The domain's rule of who sees an event (a 404 otherwise, like a slug that does not exist). */
export async function visibleTo(db: DbOrTx, event: EventRow, viewer: Viewer, participant: ParticipantRow | undefined, code?: string | null): Promise<boolean> {
  const base = { admin: isAdmin(viewer), participant: Boolean(participant), code };
  if (mayViewEvent(event, base)) return true;
  return Boolean(event.classId) && mayViewEvent(event, { ...base, classMember: await inEventClass(db, event, viewer.id) });
}

/**
 * The event a viewer asked for by its slug, with their participant row (their own or their
 * team's): a 404 (NOT_FOUND) when there is no such event or they may not see it. `lock`
 * takes the event row's lock first (a join or a team's founding decides on it).
 */
export async function visibleEvent(db: DbOrTx, viewer: Viewer, slug: string, options: { code?: string | null; lock?: boolean } = {}): Promise<{ event: EventRow; participant: ParticipantRow | undefined }> {
  const { event, participant } = options.lock ? await lockedEventWithParticipant(db, slug, viewer.id) : await eventWithParticipant(db, slug, viewer.id);
  if (!(await visibleTo(db, event, viewer, participant, options.code))) throw failures.notFound(NOT_FOUND);
  return { event, participant };
}

/**
 * The event and the viewer's participant row (participantOf's: their own, else their team's) in one
 * statement, where two or three ran one after another: every event page starts here. Named, and
 * built once per database: planning five tables' joins cost PostgreSQL more than running them, and
 * building the select (three tables' columns) cost the app ~0.3 ms a request.
 */
async function eventWithParticipant(db: DbOrTx, slug: string, userId: string): Promise<{ event: EventRow; participant: ParticipantRow | undefined }> {
  let lookup = eventLookups.get(db);
  if (!lookup) eventLookups.set(db, (lookup = eventLookupOn(db)));
  const [row] = await lookup.execute({ slug, userId });
  if (!row) throw failures.notFound(NOT_FOUND);
  return { event: row.event, participant: row.own ?? row.team ?? undefined };
}

function eventLookupOn(db: DbOrTx) {
  const teamParticipants = alias(eventParticipants, "team_participants");
  const viewer = sql.placeholder("userId");
  return db
    .select({ event: events, own: eventParticipants, team: teamParticipants })
    .from(events)
    .leftJoin(eventParticipants, and(eq(eventParticipants.eventId, events.id), eq(eventParticipants.userId, viewer)))
    .leftJoin(teamMembers, and(eq(teamMembers.eventId, events.id), eq(teamMembers.userId, viewer)))
    .leftJoin(portfolios, eq(portfolios.teamId, teamMembers.teamId))
    .leftJoin(teamParticipants, eq(teamParticipants.portfolioId, portfolios.id))
    .where(eq(events.slug, sql.placeholder("slug")))
    .prepare("tl_visible_event");
}

const eventLookups = new WeakMap<DbOrTx, ReturnType<typeof eventLookupOn>>();

/**
 * The same for a caller that decides on it (a join, a team's founding): the event row locked first,
 * then the participant read in a statement of its own — one statement would read it in the snapshot
 * taken before the lock was granted, and miss the row a concurrent join committed meanwhile.
 */
async function lockedEventWithParticipant(db: DbOrTx, slug: string, userId: string): Promise<{ event: EventRow; participant: ParticipantRow | undefined }> {
  const event = await existingEvent(db, slug, { lock: true });
  return { event, participant: await participantOf(db, event.id, userId) };
}
