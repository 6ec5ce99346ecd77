/**
 * Joining an event: by its join code, by its slug (the event row locked, so the last seat is
 * taken once), and a class contest's teacher enrolling the class. The rules are the domain's
 * (`checkJoin`); this file adds what only the database knows.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { checkJoin, formatJoinCode, JOIN_CODE_LENGTH, normalizeJoinCode, teamSizesOf } from "@/domain/events";
import { DomainError, failures } from "@/domain/errors";
import { hasPassedLesson } from "@/features/learn";
import { openPortfolio } from "@/features/trading";
import { audit } from "@/server/audit";
import type { Db, Tx } from "@/server/db";
import { eventParticipants, events } from "@/server/db/schema";
import { withGuessLimit } from "@/server/http/rate-limit";
import { existingEvent, inEventClass, isAdmin, participantOf, type Viewer, visibleEvent, visibleTo } from "./access";
import { joinAddressHash } from "./join-address";
import { definitionOf, type EventRow } from "./rows";

// ---------------------------------------------------------------------------------------
// Joining

const UNKNOWN_CODE = "No event has this join code. Check it with your organiser: it looks like ABCD-EFGH.";

/**
 * The event a join code opens, for someone who has only the code (the "Have a join code?"
 * box on /events): its slug and title, so the browser can show the event and its rules
 * before the person joins with the same code. A code that opens nothing is a 404
 * UNKNOWN_JOIN_CODE and counts as a guess against the person and their IP, like a wrong
 * password (server/http/rate-limit.ts, action "join-code"); once over the limit every try
 * is a 429 until the window ends, so 40-bit codes cannot be walked.
 */
export async function findEventByCode(db: Db, viewer: Viewer, code: string, options: { ip: string }) {
  const normalized = normalizeJoinCode(code);
  const found = await withGuessLimit(db, { personId: viewer.id, ip: options.ip }, async () => {
    if (normalized.length !== JOIN_CODE_LENGTH) return null;
    const [row] = await db
      .select()
      .from(events)
      .where(and(eq(events.joinCode, normalized), isNull(events.archivedAt)));
    return row && (await visibleTo(db, row, viewer, await participantOf(db, row.id, viewer.id), normalized)) ? row : null;
  });
  if (!found) throw new DomainError("not-found", "UNKNOWN_JOIN_CODE", UNKNOWN_CODE, { fields: { code: UNKNOWN_CODE } });
  return { slug: found.slug, title: found.title, code: formatJoinCode(normalized) };
}

/**
 * Joins the event, or answers the portfolio already joined. The event row is locked first,
 * so the participant count checkJoin sees cannot change until this commits: concurrent
 * joins queue on the lock and the last seat is taken once. The portfolio (with the event's
 * starting cash and its deposit in the ledger) is created in the same transaction.
 */
export async function joinEvent(db: Db, viewer: Viewer, slug: string, options: { code?: string | null; now?: Date; ip?: string | null } = {}) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // A private event is a 404 without its code, the same answer as no event at all (someone
    // who joined, or was removed, sees it whatever the code).
    const { event, participant } = await visibleEvent(tx, viewer, slug, { code: options.code, lock: true });
    if (participant?.removedAt) throw failures.refused("PARTICIPANT_REMOVED", "The organiser removed you from this event, so you cannot join it again.");
    if (participant) return { portfolioId: participant.portfolioId, joined: true, created: false, slug: event.slug };
    if (teamSizesOf(event)) throw failures.refused("TEAM_EVENT", "This is a team event: found a team, or join your teammate's team with its code.");
    const classMember = await inEventClass(tx, event, viewer.id);
    const decision = await decideJoin(tx, event, viewer.id, {
      now,
      // Admins may join a private event without typing its code; a class contest's class is its members' code.
      codeGiven: event.visibility === "private" && isAdmin(viewer) && !options.code ? event.joinCode : options.code,
      invited: classMember || (Boolean(event.classId) && isAdmin(viewer)),
    });
    if (!decision.ok) {
      throw new DomainError("refused", decision.code, decision.message, { fields: decision.lessonId ? { requiredLesson: decision.lessonId } : undefined });
    }
    const portfolioId = await addParticipant(tx, event, viewer.id, now, joinAddressHash(options.ip));
    return { portfolioId, joined: true, created: true, slug: event.slug };
  });
}

/** checkJoin with what only the database knows: the participant count (the event row is locked) and the lesson. */
export async function decideJoin(tx: Tx, event: EventRow, userId: string, context: { now: Date; codeGiven?: string | null; invited: boolean }) {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, event.id), isNull(eventParticipants.removedAt)));
  return checkJoin(definitionOf(event), {
    now: context.now,
    participants: n,
    alreadyJoined: false,
    codeGiven: context.codeGiven,
    codeExpected: event.joinCode,
    invited: context.invited,
    lessonPassed: event.requiredLessonId ? await hasPassedLesson(tx, userId, event.requiredLessonId) : true,
  });
}

/** The participant row and its portfolio (the event's starting cash, deposited in the ledger), in the caller's transaction. */
async function addParticipant(tx: Tx, event: EventRow, userId: string, now: Date, addressHash: string | null = null): Promise<string> {
  const portfolio = await openPortfolio(tx, { userId, kind: "event", eventId: event.id, startingCash: definitionOf(event).startingCash, now });
  await tx.insert(eventParticipants).values({ eventId: event.id, userId, portfolioId: portfolio!.id, joinedAt: now, joinAddressHash: addressHash });
  return portfolio!.id;
}

/**
 * A class contest's teacher enrols people (the class's students: the caller decides who) by
 * the same rules as joining, without a code: those already in stay, those the rules refuse
 * (a lesson not passed, the event ended or full) are answered with the refusal's code. One
 * transaction with the event row locked, so it cannot race a join.
 */
export async function enrolParticipants(db: Db, actor: { id: string; ip?: string }, slug: string, userIds: readonly string[], now = new Date()) {
  return db.transaction(async (tx) => {
    const event = await existingEvent(tx, slug, { lock: true });
    if (teamSizesOf(event)) throw failures.refused("TEAM_EVENT", "This is a team event: form teams instead of enrolling everyone alone.");
    const existing = new Set(
      (await tx.select({ userId: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, event.id))).map((r) => r.userId),
    );
    const enrolled: string[] = [];
    const refused: Array<{ userId: string; code: string }> = [];
    for (const userId of userIds) {
      if (existing.has(userId)) continue;
      const decision = await decideJoin(tx, event, userId, { now, invited: true });
      if (!decision.ok) {
        refused.push({ userId, code: decision.code });
        continue;
      }
      await addParticipant(tx, event, userId, now);
      enrolled.push(userId);
    }
    if (enrolled.length > 0) await audit(tx, { action: "event.participants-enrolled", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: event.id, slug: event.slug, userIds: enrolled } });
    return { enrolled: enrolled.length, already: userIds.filter((id) => existing.has(id)).length, refused };
  });
}


/** checkJoin for a team member: the class (or a team's code) is the invitation, and a team's seat is not a new one. */
export async function assertMayJoinAsTeam(tx: Tx, event: EventRow, viewer: Viewer, now: Date) {
  const decision = await decideJoin(tx, event, viewer.id, { now, invited: true });
  if (!decision.ok && decision.code !== "EVENT_FULL") {
    throw new DomainError("refused", decision.code, decision.message, { fields: decision.lessonId ? { requiredLesson: decision.lessonId } : undefined });
  }
}
