/**
 * Events use-cases: create, edit, clone, archive, join codes, participants (admins); list,
 * read and join (members). Every rule comes from src/domain/events; this file loads rows,
 * asks the domain, and writes the outcome in one transaction with the event row locked
 * where a count or a decision must not race (joins, edits, removals).
 */
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import {
  checkJoin,
  countdown,
  type EventDefinition,
  eventDraftOf,
  eventPhase,
  checkTeamSizes,
  eventStatus,
  type TeamSizes,
  teamSizesOf,
  formatJoinCode,
  generateJoinCode,
  JOIN_CODE_LENGTH,
  lockedChanges,
  lockedFields,
  mayViewEvent,
  normalizeJoinCode,
  slugify,
  validateEventDefinition,
} from "@/domain/events";
import { formatRatio } from "@/domain/trading";
import { cancelOpenOrders, lockPortfolio, openPortfolio } from "@/features/trading";
import { ownEventRanks } from "@/features/ranking";
import { csvOf } from "@/lib/csv";
import { Outbox } from "@/server/realtime/outbox";
import { audit } from "@/server/audit";
import { withGuessLimit } from "@/server/http/rate-limit";
import { isUniqueViolation } from "@/server/db/errors";
import { eventListedSql } from "@/server/db/event-rules-sql";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { classMembers, courses, datasets, eventParticipants, events, instruments, lessonProgress, lessons } from "@/server/db/schema";
import { DomainError, failures } from "@/domain/errors";
import { joinAddressHash } from "./join-address";
import { replayStatusOf, type ReplayStatus, resetReplayMarks } from "./replay";
import { columnsOf, definitionOf, type EventRow, type ParticipantRow } from "./rows";
import type { CreateEventInput, UpdateEventInput } from "./schemas";
import { eventStandingsOf, participantFigures, rankFigures, rankOf } from "./standings";
import { foundTeam, joinTeamByCode, teachesEventClass, teamNameTaken, teamParticipantOf, teamsView } from "./teams";
import { hasRole } from "@/lib/roles";

export interface Viewer {
  id: string;
  role?: string;
}

const isAdmin = (viewer: Viewer) => hasRole(viewer.role, "admin");
const newJoinCode = () => generateJoinCode(crypto.getRandomValues(new Uint8Array(JOIN_CODE_LENGTH)));

// ---------------------------------------------------------------------------------------
// Reading

async function participantCounts(db: DbOrTx, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: eventParticipants.eventId, n: count() })
    .from(eventParticipants)
    .where(and(inArray(eventParticipants.eventId, eventIds), isNull(eventParticipants.removedAt)))
    .groupBy(eventParticipants.eventId);
  return new Map(rows.map((r) => [r.eventId, r.n]));
}

async function lessonInfo(db: DbOrTx, lessonId: string | null, userId: string) {
  if (!lessonId) return null;
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, slug: lessons.slug, courseSlug: courses.slug })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  return { id: row.id, title: row.title, href: `/learn/${row.courseSlug}/${row.slug}`, passed: await lessonPassed(db, userId, lessonId) };
}

async function lessonPassed(db: DbOrTx, userId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ passedAt: lessonProgress.passedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  return Boolean(row?.passedAt);
}

/** The event as the API shows it: money as decimal strings, times as ISO UTC. */
export function serializeEvent(row: EventRow, now: Date, extra: { participants: number; admin?: boolean }) {
  const clock = countdown(row, now);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    startingCash: row.startingCash,
    commissionFlat: row.commissionFlat,
    commissionBps: Number(row.commissionBps),
    allowShort: row.allowShort,
    maxPositionPct: row.maxPositionPct === null ? null : Number(row.maxPositionPct),
    instruments: row.instruments ?? null,
    visibility: row.visibility,
    lateEntry: row.lateEntry,
    maxParticipants: row.maxParticipants,
    metric: row.metric,
    requiredLesson: row.requiredLessonId,
    replay: row.replay ?? null,
    minHoldings: row.minHoldings,
    maxTradesPerDay: row.maxTradesPerDay,
    minHoldMinutes: row.minHoldMinutes,
    minSharePrice: row.minSharePrice,
    phase: eventPhase(row, now),
    status: eventStatus(row, now),
    countdown: { target: clock.target?.toISOString() ?? null, ms: clock.ms },
    participants: extra.participants,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(extra.admin && { joinCode: row.joinCode ? formatJoinCode(row.joinCode) : null, lockedFields: lockedFields(eventPhase(row, now)) }),
  };
}

export type EventView = ReturnType<typeof serializeEvent>;

async function findBySlug(db: DbOrTx, slug: string, lock = false): Promise<EventRow | undefined> {
  const query = db.select().from(events).where(eq(events.slug, slug));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The person's participant row in the event: their own, or (a team event) their team's. */
async function participantOf(db: DbOrTx, eventId: string, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select()
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, userId)));
  return row ?? (await teamParticipantOf(db, eventId, userId));
}

/** Whether the viewer is a member (teacher or student) of a class contest's class; false for other events. */
async function inEventClass(db: DbOrTx, event: Pick<EventRow, "classId">, userId: string): Promise<boolean> {
  if (!event.classId) return false;
  const [row] = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, event.classId), eq(classMembers.userId, userId)));
  return Boolean(row);
}

/** The domain's rule of who sees an event (a 404 otherwise, like a slug that does not exist). */
async function visibleTo(db: DbOrTx, event: EventRow, viewer: Viewer, participant: ParticipantRow | undefined, code?: string | null): Promise<boolean> {
  const base = { admin: isAdmin(viewer), participant: Boolean(participant), code };
  if (mayViewEvent(event, base)) return true;
  return Boolean(event.classId) && mayViewEvent(event, { ...base, classMember: await inEventClass(db, event, viewer.id) });
}

const NOT_FOUND = "There is no such event, or it is private: open it with its invite link or join code.";

export async function listEventsFor(db: Db, viewer: Viewer, options: { page: number; pageSize: number; now?: Date }) {
  const now = options.now ?? new Date();
  const where = eventListedSql("events", { id: viewer.id, admin: isAdmin(viewer) });
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(events).where(where);
  const rows = await db
    .select()
    .from(events)
    .where(where)
    // Live and upcoming first (by start), then ended (latest end first).
    .orderBy(sql`case when ${events.endsAt} > ${now.toISOString()}::timestamptz then 0 else 1 end`, sql`case when ${events.endsAt} > ${now.toISOString()}::timestamptz then ${events.startsAt} end asc`, desc(events.endsAt), asc(events.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const ids = rows.map((r) => r.id);
  const counts = await participantCounts(db, ids);
  const mine = ids.length
    ? await db
        .select()
        .from(eventParticipants)
        .where(and(eq(eventParticipants.userId, viewer.id), inArray(eventParticipants.eventId, ids)))
    : [];
  const mineBy = new Map(mine.map((m) => [m.eventId, m]));
  const isJoined = (row: EventRow) => Boolean(mineBy.get(row.id) && mineBy.get(row.id)!.removedAt === null);
  // Every rank of the page in one statement (the ranking feature's), not one per event.
  const ranks = await ownEventRanks(db, viewer.id, rows.filter(isJoined).map((r) => ({ id: r.id, finalized: r.finalizedAt !== null })));
  const items = rows.map((row) => {
    const participant = mineBy.get(row.id);
    const joined = isJoined(row);
    return {
      ...serializeEvent(row, now, { participants: counts.get(row.id) ?? 0 }),
      joined,
      removed: Boolean(participant?.removedAt),
      portfolioId: joined ? participant!.portfolioId : null,
      rank: joined ? (ranks.get(row.id)?.rank ?? null) : null,
    };
  });
  return { items, page: options.page, pageSize: options.pageSize, total };
}

/** How long an ended event stays among "my events" (with its final rank). */
export const MY_ENDED_EVENTS_DAYS = 7;

/**
 * The events the viewer takes part in, for the dashboard: live ones first (ending soonest),
 * then upcoming (starting soonest), then those that ended in the last MY_ENDED_EVENTS_DAYS
 * (latest first); archived events and events they were removed from are left out. Each with
 * the viewer's rank and the board's size (the ranking feature's, one statement for all).
 * Three statements however many events.
 */
export async function myEvents(db: Db, viewer: Viewer, options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const since = new Date(now.getTime() - MY_ENDED_EVENTS_DAYS * 86_400_000).toISOString();
  const rows = await db
    .select({ event: events })
    .from(eventParticipants)
    .innerJoin(events, eq(events.id, eventParticipants.eventId))
    .where(
      and(
        eq(eventParticipants.userId, viewer.id),
        isNull(eventParticipants.removedAt),
        isNull(events.archivedAt),
        sql`${events.endsAt} > ${since}::timestamptz`,
      ),
    )
    .orderBy(
      // Live (started, not ended), upcoming, ended: the domain's phase boundaries (start inclusive, end exclusive).
      sql`case when ${events.endsAt} <= ${at}::timestamptz then 2 when ${events.startsAt} <= ${at}::timestamptz then 0 else 1 end`,
      sql`case when ${events.endsAt} > ${at}::timestamptz and ${events.startsAt} <= ${at}::timestamptz then ${events.endsAt} end asc`,
      sql`case when ${events.startsAt} > ${at}::timestamptz then ${events.startsAt} end asc`,
      desc(events.endsAt),
      asc(events.id),
    )
    .limit(options.limit ?? 5);
  const list = rows.map((r) => r.event);
  const [counts, ranks] = await Promise.all([
    participantCounts(db, list.map((e) => e.id)),
    ownEventRanks(db, viewer.id, list.map((e) => ({ id: e.id, finalized: e.finalizedAt !== null }))),
  ]);
  return list.map((row) => ({
    ...serializeEvent(row, now, { participants: counts.get(row.id) ?? 0 }),
    rank: ranks.get(row.id)?.rank ?? null,
    ranked: ranks.get(row.id)?.total ?? 0,
  }));
}

export type MyEvent = Awaited<ReturnType<typeof myEvents>>[number];

/** One event for the viewer (404 when they may not see it), with their own place in it. */
export async function getEventFor(db: Db, viewer: Viewer, slug: string, options: { code?: string | null; now?: Date } = {}) {
  const now = options.now ?? new Date();
  const row = await findBySlug(db, slug);
  if (!row) throw failures.notFound(NOT_FOUND);
  const participant = await participantOf(db, row.id, viewer.id);
  if (!(await visibleTo(db, row, viewer, participant, options.code))) throw failures.notFound(NOT_FOUND);
  const counts = await participantCounts(db, [row.id]);
  const joined = Boolean(participant && participant.removedAt === null);
  return {
    ...serializeEvent(row, now, { participants: counts.get(row.id) ?? 0, admin: isAdmin(viewer) }),
    joined,
    removed: Boolean(participant?.removedAt),
    portfolioId: joined ? participant!.portfolioId : null,
    // A team's rank is its founder's row's.
    rank: joined ? await rankOf(db, row, participant!.userId) : null,
    teams: teamSizesOf(row),
    classId: row.classId,
    lesson: await lessonInfo(db, row.requiredLessonId, viewer.id),
  };
}

export type EventDetail = Awaited<ReturnType<typeof getEventFor>>;

/** The event's board for someone who may see it; the viewer's own row is marked. */
export async function standingsFor(db: Db, viewer: Viewer, slug: string, options: { code?: string | null } = {}) {
  const row = await findBySlug(db, slug);
  if (!row) throw failures.notFound(NOT_FOUND);
  const participant = await participantOf(db, row.id, viewer.id);
  if (!(await visibleTo(db, row, viewer, participant, options.code))) throw failures.notFound(NOT_FOUND);
  const board = await eventStandingsOf(db, row);
  return {
    ...board,
    items: board.items.map(({ userId, ...rest }) => ({ ...rest, you: userId === viewer.id })),
    total: board.items.length,
  };
}

/**
 * A replay event's clock and prices for someone who may see the event: the dataset's trading
 * day playing now and each instrument's replay price. Null for an event on the practice market.
 */
export async function replayFor(db: Db, viewer: Viewer, slug: string, options: { code?: string | null; now?: Date } = {}): Promise<ReplayStatus | null> {
  const now = options.now ?? new Date();
  const row = await findBySlug(db, slug);
  if (!row) throw failures.notFound(NOT_FOUND);
  const participant = await participantOf(db, row.id, viewer.id);
  if (!(await visibleTo(db, row, viewer, participant, options.code))) throw failures.notFound(NOT_FOUND);
  return replayStatusOf(db, row, now);
}

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
    const event = await findBySlug(tx, slug, true);
    if (!event) throw failures.notFound(NOT_FOUND);
    const participant = await participantOf(tx, event.id, viewer.id);
    if (participant?.removedAt) throw failures.refused("PARTICIPANT_REMOVED", "The organiser removed you from this event, so you cannot join it again.");
    if (participant) return { portfolioId: participant.portfolioId, joined: true, created: false, slug: event.slug };
    // A private event is a 404 without its code, the same answer as no event at all.
    if (!(await visibleTo(tx, event, viewer, undefined, options.code))) throw failures.notFound(NOT_FOUND);
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
async function decideJoin(tx: Tx, event: EventRow, userId: string, context: { now: Date; codeGiven?: string | null; invited: boolean }) {
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
    lessonPassed: event.requiredLessonId ? await lessonPassed(tx, userId, event.requiredLessonId) : true,
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
    const event = await findBySlug(tx, slug, true);
    if (!event) throw failures.notFound(NOT_FOUND);
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

/** A class's contests (not archived), newest first, with the viewer's place in each: for the class page. */
export async function classContests(db: Db, viewer: Viewer, classId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.classId, classId), isNull(events.archivedAt)))
    .orderBy(desc(events.startsAt), asc(events.id));
  const ids = rows.map((r) => r.id);
  const [counts, mine] = await Promise.all([
    participantCounts(db, ids),
    ids.length ? db.select().from(eventParticipants).where(and(eq(eventParticipants.userId, viewer.id), inArray(eventParticipants.eventId, ids))) : Promise.resolve([]),
  ]);
  const mineBy = new Map(mine.map((m) => [m.eventId, m]));
  return rows.map((row) => {
    const participant = mineBy.get(row.id);
    return {
      slug: row.slug,
      title: row.title,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: eventStatus(row, now),
      metric: row.metric,
      teams: teamSizesOf(row),
      participants: counts.get(row.id) ?? 0,
      joined: Boolean(participant && participant.removedAt === null),
    };
  });
}

export type ClassContest = Awaited<ReturnType<typeof classContests>>[number];

// ---------------------------------------------------------------------------------------
// Teams (decision 042; the rules: src/domain/events/teams.ts, the rows: ./teams.ts)

/** An event's teams for someone who may see the event (404 otherwise). */
export async function teamsFor(db: Db, viewer: Viewer, slug: string) {
  const row = await findBySlug(db, slug);
  if (!row) throw failures.notFound(NOT_FOUND);
  if (!(await visibleTo(db, row, viewer, await participantOf(db, row.id, viewer.id)))) throw failures.notFound(NOT_FOUND);
  return teamsView(db, row, viewer, isAdmin(viewer) || (await teachesEventClass(db, row, viewer.id)));
}

/** Founds a team with the viewer as its first member, by the event's joining rules (without the seat count: a team's seat is its founder's). */
export async function createTeam(db: Db, viewer: Viewer, slug: string, input: { name: string }, options: { ip?: string; now?: Date } = {}) {
  const now = options.now ?? new Date();
  return db
    .transaction(async (tx) => {
      const event = await findBySlug(tx, slug, true);
      if (!event) throw failures.notFound(NOT_FOUND);
      if (!(await visibleTo(tx, event, viewer, await participantOf(tx, event.id, viewer.id)))) throw failures.notFound(NOT_FOUND);
      await assertMayJoinAsTeam(tx, event, viewer, now);
      return foundTeam(tx, event, { name: input.name, members: [viewer.id], createdBy: viewer.id, now, ip: options.ip });
    })
    .catch(teamNameTaken);
}

/**
 * A team formed by a manager (the class's teacher, through the classes feature, which has
 * checked the members are its students; or an admin): the first member holds its board row.
 */
export async function formTeam(db: Db, actor: { id: string; ip?: string }, slug: string, input: { name: string; members: readonly string[] }, now = new Date()) {
  return db
    .transaction(async (tx) => {
      const event = await findBySlug(tx, slug, true);
      if (!event) throw failures.notFound(NOT_FOUND);
      return foundTeam(tx, event, { name: input.name, members: input.members, createdBy: actor.id, now, ip: actor.ip });
    })
    .catch(teamNameTaken);
}

/** Joins a teammate's team with its code, by the event's joining rules. */
export async function joinTeam(db: Db, viewer: Viewer, slug: string, code: string, options: { ip: string; now?: Date }) {
  const now = options.now ?? new Date();
  const event = await findBySlug(db, slug);
  if (!event) throw failures.notFound(NOT_FOUND);
  if (!(await visibleTo(db, event, viewer, await participantOf(db, event.id, viewer.id)))) throw failures.notFound(NOT_FOUND);
  return joinTeamByCode(db, viewer, event, code, { ip: options.ip, now }, async (tx) => {
    const locked = (await findBySlug(tx, slug, true))!;
    await assertMayJoinAsTeam(tx, locked, viewer, now);
    return locked;
  });
}

/** checkJoin for a team member: the class (or a team's code) is the invitation, and a team's seat is not a new one. */
async function assertMayJoinAsTeam(tx: Tx, event: EventRow, viewer: Viewer, now: Date) {
  const decision = await decideJoin(tx, event, viewer.id, { now, invited: true });
  if (!decision.ok && decision.code !== "EVENT_FULL") {
    throw new DomainError("refused", decision.code, decision.message, { fields: decision.lessonId ? { requiredLesson: decision.lessonId } : undefined });
  }
}

// ---------------------------------------------------------------------------------------
// Admin

async function requireEvent(db: DbOrTx, slug: string, lock = false): Promise<EventRow> {
  const row = await findBySlug(db, slug, lock);
  if (!row) throw failures.notFound("There is no such event.");
  return row;
}

/** Checks what only the database knows: the lesson and the instruments exist. */
async function checkReferences(db: DbOrTx, definition: EventDefinition, input: { requiredLesson?: string | null }): Promise<{ definition: EventDefinition; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let requiredLesson = definition.requiredLesson;
  if (requiredLesson !== null && input.requiredLesson !== undefined) {
    const [lesson] = await db
      .select({ id: lessons.id })
      .from(lessons)
      .where(or(eq(lessons.id, requiredLesson), eq(lessons.slug, requiredLesson)));
    if (!lesson) fields.requiredLesson = "There is no such lesson: choose one from the list.";
    else requiredLesson = lesson.id;
  }
  let instrumentList = definition.instruments;
  if (definition.replay) {
    // A replay event trades exactly its datasets' symbols, whatever the practice market lists.
    const ids = definition.replay.datasets;
    const found = await db.select().from(datasets).where(inArray(datasets.id, ids));
    const missing = ids.filter((id) => !found.some((d) => d.id === id));
    if (missing.length > 0) fields["replay.datasets"] = "A chosen dataset does not exist (any more): choose datasets from the list.";
    else if (new Set(ids).size !== ids.length) fields["replay.datasets"] = "Choose each dataset once.";
    else {
      const symbols = ids.map((id) => found.find((d) => d.id === id)!.symbol);
      const twice = symbols.filter((s, i) => symbols.indexOf(s) !== i);
      if (twice.length > 0) fields["replay.datasets"] = `Two datasets are both ${twice[0]}: an event replays one history per symbol.`;
      else {
        const first = found.reduce((m, d) => (d.firstDate < m ? d.firstDate : m), found[0]!.firstDate);
        const last = found.reduce((m, d) => (d.lastDate > m ? d.lastDate : m), found[0]!.lastDate);
        if (definition.replay.from < first || definition.replay.from > last) fields["replay.from"] = `Start within the data: from ${first} to ${last}.`;
        instrumentList = symbols;
        if (definition.minHoldings !== null && definition.minHoldings > symbols.length) {
          fields.minHoldings = `This replay has ${symbols.length === 1 ? "1 instrument" : `${symbols.length} instruments`}, so nobody could hold ${definition.minHoldings} different ones.`;
        }
      }
    }
  } else if (definition.instruments) {
    const known = await db.select({ symbol: instruments.symbol }).from(instruments).where(inArray(instruments.symbol, definition.instruments));
    const have = new Set(known.map((k) => k.symbol));
    const missing = definition.instruments.filter((s) => !have.has(s));
    if (missing.length > 0) fields.instruments = `Unknown ${missing.length === 1 ? "symbol" : "symbols"}: ${missing.join(", ")}.`;
  }
  return { definition: { ...definition, requiredLesson, instruments: instrumentList }, fields };
}

function refuseInvalid(fields: Record<string, string>): never {
  throw failures.invalid(Object.values(fields)[0] ?? "The event is not valid.", fields);
}

async function uniqueSlug(db: DbOrTx, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (await db.select({ slug: events.slug }).from(events).where(sql`${events.slug} = ${base} or ${events.slug} like ${`${base.slice(0, 50)}%`}`)).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = slugify(title, n);
    if (!taken.has(candidate)) return candidate;
  }
}

async function insertEvent(db: Db, actorId: string, definition: EventDefinition, classId: string | null = null, teams: TeamSizes | null = null) {
  for (let attempt = 0; ; attempt++) {
    const slug = await uniqueSlug(db, definition.title);
    try {
      const [row] = await db
        .insert(events)
        // A class contest takes no code: its class is the invitation.
        .values({ ...columnsOf(definition), slug, joinCode: definition.visibility === "private" && !classId ? newJoinCode() : null, classId, teamSizeMin: teams?.min ?? null, teamSizeMax: teams?.max ?? null, createdBy: actorId })
        .returning();
      await resetReplayMarks(db, row!);
      return row!;
    } catch (error) {
      // Two events with the same title created at once: the unique slug index decides; try the next suffix.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

function created(row: EventRow, now: Date) {
  return { event: serializeEvent(row, now, { participants: 0, admin: true }), slug: row.slug, ...(row.joinCode && { joinCode: formatJoinCode(row.joinCode) }) };
}

/**
 * Creates an event; with `classId`, a class contest (the caller, the classes feature, has
 * checked that the actor teaches that class): private, without a join code.
 */
export async function createEvent(db: Db, actor: { id: string; ip?: string }, input: CreateEventInput, now = new Date(), options: { classId?: string; teams?: TeamSizes | null } = {}) {
  const validation = validateEventDefinition(input, { now });
  const teamProblem = checkTeamSizes(options.teams);
  if (!validation.ok || teamProblem) refuseInvalid({ ...(validation.ok ? {} : validation.fields), ...(teamProblem && { teams: teamProblem }) });
  const { definition, fields } = await checkReferences(db, validation.value, input);
  if (Object.keys(fields).length) refuseInvalid(fields);
  const row = await insertEvent(db, actor.id, definition, options.classId ?? null, options.teams ?? null);
  await audit(db, { action: "event.created", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: row.id, slug: row.slug, title: row.title, ...(row.classId && { classId: row.classId }) } });
  return created(row, now);
}

export async function updateEvent(db: Db, actor: { id: string; ip?: string }, slug: string, patch: UpdateEventInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await requireEvent(tx, slug, true);
    const before = definitionOf(row);
    const draft = { ...eventDraftOf(before), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    const validation = validateEventDefinition(draft);
    if (!validation.ok) refuseInvalid(validation.fields);
    const { definition: after, fields } = await checkReferences(tx, validation.value, patch);
    if (Object.keys(fields).length) refuseInvalid(fields);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(eventParticipants)
      .where(and(eq(eventParticipants.eventId, row.id), isNull(eventParticipants.removedAt)));
    const locked = lockedChanges(before, after, { now, participants: n });
    if (locked.length > 0) {
      const reasons = Object.fromEntries(locked.map((l) => [l.field, l.reason]));
      throw failures.refused("EVENT_LOCKED", locked[0]!.reason, reasons);
    }
    if (eventPhase(before, now) === "upcoming" && after.endsAt.getTime() !== before.endsAt.getTime() && after.endsAt.getTime() <= now.getTime()) {
      refuseInvalid({ endsAt: "This end time has already passed." });
    }
    const joinCode = after.visibility === "private" && !row.classId ? (row.joinCode ?? newJoinCode()) : null;
    const [updated] = await tx
      .update(events)
      .set({ ...columnsOf(after), joinCode, updatedAt: now })
      .where(eq(events.id, row.id))
      .returning();
    if (eventPhase(before, now) === "upcoming" || !updated!.replay) await resetReplayMarks(tx, updated!);
    await audit(tx, { action: "event.updated", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: row.id, slug: row.slug, fields: Object.keys(patch) } });
    return { event: serializeEvent(updated!, now, { participants: n, admin: true }), slug: updated!.slug };
  });
}

const HOUR_MS = 3_600_000;

/** A new event with the same rules: new dates (by default the same length, starting in a day), a new slug and code. */
export async function cloneEvent(db: Db, actor: { id: string; ip?: string }, slug: string, input: { title?: string; startsAt?: string; endsAt?: string }, now = new Date()) {
  const source = await requireEvent(db, slug);
  const before = definitionOf(source);
  const length = before.endsAt.getTime() - before.startsAt.getTime();
  const start = input.startsAt ?? new Date(Math.ceil((now.getTime() + 24 * HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString();
  const startDate = new Date(start);
  const end = input.endsAt ?? (Number.isNaN(startDate.getTime()) ? start : new Date(startDate.getTime() + length).toISOString());
  const title = input.title ?? `${before.title} (copy)`.slice(0, 120);
  const validation = validateEventDefinition({ ...eventDraftOf(before), title, startsAt: start, endsAt: end }, { now });
  if (!validation.ok) refuseInvalid(validation.fields);
  const row = await insertEvent(db, actor.id, validation.value);
  await audit(db, { action: "event.cloned", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: row.id, slug: row.slug, from: source.slug } });
  return created(row, now);
}

export async function archiveEvent(db: Db, actor: { id: string; ip?: string }, slug: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await requireEvent(tx, slug, true);
    const [updated] = await tx
      .update(events)
      .set({ archivedAt: row.archivedAt ?? now, updatedAt: now })
      .where(eq(events.id, row.id))
      .returning();
    if (!row.archivedAt) await audit(tx, { action: "event.archived", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: row.id, slug: row.slug } });
    const counts = await participantCounts(tx, [row.id]);
    return { event: serializeEvent(updated!, now, { participants: counts.get(row.id) ?? 0, admin: true }) };
  });
}

export async function regenerateJoinCode(db: Db, actor: { id: string; ip?: string }, slug: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await requireEvent(tx, slug, true);
    if (row.visibility !== "private") throw failures.refused("EVENT_NOT_PRIVATE", "Only a private event has a join code. Make it private first.");
    if (row.classId) throw failures.refused("CLASS_CONTEST", "A class contest has no join code: its class's members join it from the class page.");
    const joinCode = newJoinCode();
    await tx.update(events).set({ joinCode, updatedAt: now }).where(eq(events.id, row.id));
    await audit(tx, { action: "event.join-code-regenerated", actorId: actor.id, subjectId: null, ip: actor.ip, detail: { eventId: row.id, slug: row.slug } });
    return { slug: row.slug, joinCode: formatJoinCode(joinCode) };
  });
}

/** Off the board, open orders cancelled, no more trading or joining; audited. Not after the standings froze. */
export async function removeParticipant(db: Db, actor: { id: string; ip?: string }, slug: string, userId: string, now = new Date()) {
  const outbox = new Outbox();
  const removed = await db.transaction(async (tx: Tx) => {
    const row = await requireEvent(tx, slug, true);
    if (row.finalizedAt) throw failures.refused("EVENT_ENDED", "This event has ended: its final standings are a record and cannot change.");
    const participant = await participantOf(tx, row.id, userId);
    if (!participant) throw failures.notFound("This person has not joined this event.");
    if (participant.removedAt) return { removed: true, userId, at: participant.removedAt.toISOString() };
    const portfolio = await lockPortfolio(tx, participant.portfolioId);
    const cancelled = portfolio ? await cancelOpenOrders(tx, [portfolio], outbox, { now }) : 0;
    await tx
      .update(eventParticipants)
      .set({ removedAt: now })
      .where(and(eq(eventParticipants.eventId, row.id), eq(eventParticipants.userId, userId)));
    // The live board drops them at once, not at its next refresh.
    await tx.execute(sql`delete from leaderboard_entries where board = ${`event:${row.id}`} and user_id = ${userId}`);
    await audit(tx, { action: "event.participant-removed", actorId: actor.id, subjectId: userId, ip: actor.ip, detail: { eventId: row.id, slug: row.slug, cancelledOrders: cancelled } });
    return { removed: true, userId, at: now.toISOString() };
  });
  outbox.afterCommit();
  return removed;
}

export async function adminListEvents(db: Db, options: { page: number; pageSize: number; now?: Date }) {
  const now = options.now ?? new Date();
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(events);
  const rows = await db
    .select()
    .from(events)
    .orderBy(desc(events.startsAt), asc(events.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const counts = await participantCounts(db, rows.map((r) => r.id));
  return { items: rows.map((r) => serializeEvent(r, now, { participants: counts.get(r.id) ?? 0, admin: true })), page: options.page, pageSize: options.pageSize, total };
}

export async function adminGetEvent(db: Db, slug: string, now = new Date()) {
  const row = await requireEvent(db, slug);
  const counts = await participantCounts(db, [row.id]);
  return serializeEvent(row, now, { participants: counts.get(row.id) ?? 0, admin: true });
}

/** Who is on the event's board: neither removed nor disqualified. */
const onBoard = (f: { removedAt: Date | null; disqualifiedAt: Date | null }) => f.removedAt === null && f.disqualifiedAt === null;

/** The participants table: equity, return, trades, rank (frozen once ended), removed and disqualified ones last. */
export async function listParticipants(db: Db, slug: string, now = new Date()) {
  const row = await requireEvent(db, slug);
  const figures = await participantFigures(db, row, { now, includeRemoved: true });
  const active = figures.filter(onBoard);
  const frozen = row.finalizedAt ? await eventStandingsOf(db, row) : null;
  const ranks = new Map(frozen ? frozen.items.map((i) => [i.userId, i.rank]) : rankFigures(row, active).map((r) => [r.userId, r.sharedRank]));
  const items = figures
    .map((f) => ({
      userId: f.userId,
      name: f.name,
      email: f.email,
      portfolioId: f.portfolioId,
      joinedAt: f.joinedAt.toISOString(),
      removedAt: f.removedAt?.toISOString() ?? null,
      disqualifiedAt: f.disqualifiedAt?.toISOString() ?? null,
      disqualifiedReason: f.disqualifiedReason,
      rank: ranks.get(f.userId) ?? null,
      equity: f.equity,
      totalReturn: formatRatio(f.totalReturn),
      sharpe: formatRatio(f.sharpe),
      trades: f.trades,
    }))
    .sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.joinedAt.localeCompare(b.joinedAt));
  return { items, total: items.length, frozen: Boolean(row.finalizedAt) };
}

/** Standings as CSV, safe for spreadsheets (a name like "=1+1" is not run as a formula). */
export async function standingsCsv(db: Db, slug: string, now = new Date()) {
  const row = await requireEvent(db, slug);
  const participants = await participantFigures(db, row, { now, includeRemoved: true });
  const byUser = new Map(participants.map((p) => [p.userId, p]));
  // Frozen standings once ended; while live, the figures this instant (an export must not lag
  // the precomputed board by a refresh).
  const board = row.finalizedAt ? await eventStandingsOf(db, row) : { frozen: false, items: rankFigures(row, participants.filter(onBoard)).map((r, _i, all) => ({ rank: r.sharedRank, tied: all.filter((o) => o.sharedRank === r.sharedRank).length, userId: r.userId, name: r.name ?? "", equity: r.equity, totalReturn: formatRatio(r.totalReturn), sharpe: formatRatio(r.sharpe), trades: r.trades, joinedAt: r.joinedAt.toISOString() })) };
  const header = ["rank", "name", "email", "equity", "total_return", "sharpe", "trades", "joined_at", "final"];
  const lines: Array<Array<string | number | null>> = [header];
  for (const item of board.items) {
    const person = byUser.get(item.userId);
    lines.push([item.rank, person?.name ?? item.name, person?.email ?? null, item.equity, item.totalReturn, item.sharpe, item.trades, item.joinedAt, board.frozen ? "yes" : "no"]);
  }
  return { filename: `${row.slug}-standings.csv`, body: csvOf(lines) };
}

/** The lessons an organiser can require (published ones), for the admin form. */
export async function lessonChoices(db: Db) {
  const rows = await db
    .select({ id: lessons.id, title: lessons.title, course: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.published, true))
    .orderBy(asc(courses.title), asc(lessons.position));
  return rows;
}
