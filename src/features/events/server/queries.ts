/**
 * The events feature's read queries: the list, "my events", one event, its board and its
 * replay's clock for a member who may see it (`visibleEvent`), and a class's contests.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { countdown, eventPhase, eventStatus, formatJoinCode, lockedFields, teamSizesOf } from "@/domain/events";
import { LEADERBOARD_PAGE_SIZE, pageContaining } from "@/domain/ranking";
import { hasPassedLesson, lessonLink } from "@/features/learn";
import { ownEventRanks } from "@/features/ranking";
import type { Db, DbOrTx } from "@/server/db";
import { eventListedSql } from "@/server/db/event-rules-sql";
import { eventParticipants, events, portfolios, teamMembers } from "@/server/db/schema";
import { isAdmin, type Viewer, visibleEvent } from "./access";
import { managesEvent, reportCardHref } from "./managers";
import { replayStatusOf, type ReplayStatus } from "./replay";
import { definitionOf, type EventRow } from "./rows";
import { eventStandingsOf, rankOf, type StandingRow } from "./standings";

// ---------------------------------------------------------------------------------------
// Reading

export async function participantCounts(db: DbOrTx, eventIds: string[]): Promise<Map<string, number>> {
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
  const lesson = await lessonLink(db, lessonId);
  return lesson && { ...lesson, passed: await hasPassedLesson(db, userId, lessonId) };
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
    halfSpreadBps: Number(row.halfSpreadBps),
    participationPct: Number(row.participationPct),
    impact: row.impact,
    /** Margin terms (decision 070); null = no borrowing. */
    margin: definitionOf(row).margin,
    borrowFees: row.borrowFees,
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
  const { event: row, participant } = await visibleEvent(db, viewer, slug, { code: options.code });
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
    /** Admins, its organiser, a class contest's teachers: they open everyone's report card. */
    manages: await managesEvent(db, row, viewer),
  };
}

export type EventDetail = Awaited<ReturnType<typeof getEventFor>>;

/** The event's board for someone who may see it; the viewer's own row is marked. */
export async function standingsFor(db: Db, viewer: Viewer, slug: string, options: { code?: string | null; page?: number; pageSize?: number } = {}) {
  const { event: row } = await visibleEvent(db, viewer, slug, { code: options.code });
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const board = await eventStandingsOf(db, row, { from: (page - 1) * pageSize + 1, to: page * pageSize, userId: viewer.id });
  // Once the board is final its managers open each row's report card (an account deleted since has none).
  const cards =
    board.frozen && board.items.length > 0 && (await managesEvent(db, row, viewer))
      ? new Set(
          (
            await db
              .select({ userId: eventParticipants.userId })
              .from(eventParticipants)
              .where(and(eq(eventParticipants.eventId, row.id), inArray(eventParticipants.userId, board.items.map((r) => r.userId))))
          ).map((p) => p.userId),
        )
      : null;
  const view = ({ userId, place: _place, ...rest }: StandingRow) => ({ ...rest, you: userId === viewer.id, reportCard: cards?.has(userId) ? reportCardHref(row.slug, userId) : null });
  const own = board.items.find((r) => r.userId === viewer.id);
  return {
    frozen: board.frozen,
    metric: board.metric,
    computedAt: board.computedAt,
    items: board.items.filter((r) => r.place >= (page - 1) * pageSize + 1 && r.place <= page * pageSize).map(view),
    total: board.total,
    page,
    pageSize,
    pages: Math.max(1, Math.ceil(board.total / pageSize)),
    own: own ? { ...view(own), page: pageContaining(own.place, pageSize) } : null,
  };
}

/**
 * A replay event's clock and prices for someone who may see the event: the dataset's trading
 * day playing now and each instrument's replay price. Null for an event on the practice market.
 */
export async function replayFor(db: Db, viewer: Viewer, slug: string, options: { code?: string | null; now?: Date } = {}): Promise<ReplayStatus | null> {
  const now = options.now ?? new Date();
  const { event: row } = await visibleEvent(db, viewer, slug, { code: options.code });
  return replayStatusOf(db, row, now);
}

/**
 * Everyone in each of these events: their own participant rows (removed ones too) and, in a
 * team event, every member of a team (through the team portfolio's row). Two statements.
 */
async function entrantsOf(db: DbOrTx, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  const [own, inTeams] = await Promise.all([
    db
      .select({ eventId: eventParticipants.eventId, userId: eventParticipants.userId, removedAt: eventParticipants.removedAt })
      .from(eventParticipants)
      .where(inArray(eventParticipants.eventId, [...eventIds])),
    db
      .select({ eventId: teamMembers.eventId, userId: teamMembers.userId, teamId: teamMembers.teamId, removedAt: eventParticipants.removedAt })
      .from(teamMembers)
      .innerJoin(portfolios, eq(portfolios.teamId, teamMembers.teamId))
      .innerJoin(eventParticipants, eq(eventParticipants.portfolioId, portfolios.id))
      .where(inArray(teamMembers.eventId, [...eventIds])),
  ]);
  const seen = new Map<string, { eventId: string; userId: string; teamId: string | null; removed: boolean }>();
  for (const r of inTeams) seen.set(`${r.eventId}:${r.userId}`, { eventId: r.eventId, userId: r.userId, teamId: r.teamId, removed: r.removedAt !== null });
  for (const r of own) if (!seen.has(`${r.eventId}:${r.userId}`)) seen.set(`${r.eventId}:${r.userId}`, { eventId: r.eventId, userId: r.userId, teamId: null, removed: r.removedAt !== null });
  return [...seen.values()];
}

/** The ids of every contest of a class, archived ones too (a class's assignments count what was done in them). */
export async function classContestIds(db: DbOrTx, classId: string): Promise<string[]> {
  return (await db.select({ id: events.id }).from(events).where(eq(events.classId, classId))).map((r) => r.id);
}

/**
 * A class's contests (not archived), newest first, with the viewer's place in each: for the
 * class page. `participants` counts people, not board rows (a team of three is three);
 * `teamCount` is a team contest's number of teams. With `students` (the class's, for its
 * teacher) each contest also says how many of them are in no way in it yet (`studentsOut`:
 * "Enrol everyone" has nothing left to do at 0).
 */
export async function classContests(db: Db, viewer: Viewer, classId: string, options: { now?: Date; students?: readonly string[] } = {}) {
  const now = options.now ?? new Date();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.classId, classId), isNull(events.archivedAt)))
    .orderBy(desc(events.startsAt), asc(events.id));
  const entrants = await entrantsOf(db, rows.map((r) => r.id));
  return rows.map((row) => {
    const own = entrants.filter((e) => e.eventId === row.id);
    const active = own.filter((e) => !e.removed);
    const anyway = new Set(own.map((e) => e.userId));
    return {
      slug: row.slug,
      title: row.title,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: eventStatus(row, now),
      metric: row.metric,
      teams: teamSizesOf(row),
      participants: active.length,
      teamCount: teamSizesOf(row) ? new Set(active.flatMap((e) => (e.teamId ? [e.teamId] : []))).size : null,
      joined: active.some((e) => e.userId === viewer.id),
      /** Ended and its final standings written: every participant's report card is ready. */
      finalized: row.finalizedAt !== null,
      studentsOut: options.students ? options.students.filter((id) => !anyway.has(id)).length : null,
    };
  });
}

/**
 * Each of these people's report cards in a class's ended contests (for its teacher's roster),
 * newest contest first: `{userId → [{slug, title, href}]}`. A team member's card is the team's.
 */
export async function classReportCards(db: Db, classId: string, userIds: readonly string[]) {
  const rows = await db
    .select({ id: events.id, slug: events.slug, title: events.title })
    .from(events)
    .where(and(eq(events.classId, classId), isNull(events.archivedAt), sql`${events.finalizedAt} is not null`))
    .orderBy(desc(events.startsAt), asc(events.id));
  const wanted = new Set(userIds);
  const byUser = new Map<string, Array<{ slug: string; title: string; href: string }>>();
  const entrants = await entrantsOf(db, rows.map((r) => r.id));
  for (const row of rows) {
    for (const e of entrants) {
      if (e.eventId !== row.id || !wanted.has(e.userId)) continue;
      byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), { slug: row.slug, title: row.title, href: reportCardHref(row.slug, e.userId) }]);
    }
  }
  return byUser;
}

export type ClassContest = Awaited<ReturnType<typeof classContests>>[number];
