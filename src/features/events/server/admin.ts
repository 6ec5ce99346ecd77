/**
 * Events use-cases for organisers and admins: create, edit, clone, archive, join codes,
 * removing a participant, the participants table and the standings CSV. Every rule comes from
 * src/domain/events; this file loads rows, asks the domain, and writes the outcome in one
 * transaction with the event row locked where a decision must not race (edits, removals).
 */
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  checkTeamSizes,
  type EventDefinition,
  eventDraftOf,
  eventPhase,
  formatJoinCode,
  generateJoinCode,
  JOIN_CODE_LENGTH,
  lockedChanges,
  slugify,
  type TeamSizes,
  validateEventDefinition,
} from "@/domain/events";
import { failures } from "@/domain/errors";
import { formatRatio } from "@/domain/trading";
import { lessonIdOf, publishedLessonsByCourse } from "@/features/learn";
import { datasetRanges, knownSymbols } from "@/features/market";
import { LEADERBOARD_PAGE_SIZE } from "@/domain/ranking";
import { dropFromEventBoard, eventBoardRowsSql } from "@/features/ranking";
import { cancelOpenOrders, lockPortfolio } from "@/features/trading";
import { csvOf } from "@/lib/csv";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { containing } from "@/server/db/search";
import { eventParticipants, events } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { existingEvent, participantOf } from "./access";
import { participantCounts, serializeEvent } from "./queries";
import { resetReplayMarks } from "./replay";
import { columnsOf, definitionOf, type EventRow } from "./rows";
import type { CreateEventInput, UpdateEventInput } from "./schemas";
import { eventStandingsOf, participantFigures, rankFigures } from "./standings";

const newJoinCode = () => generateJoinCode(crypto.getRandomValues(new Uint8Array(JOIN_CODE_LENGTH)));

// ---------------------------------------------------------------------------------------
// Admin

/** An admin's lookup (the route checked the role): the event whatever its visibility. */
const requireEvent = (db: DbOrTx, slug: string, lock = false): Promise<EventRow> => existingEvent(db, slug, { lock, message: "There is no such event." });

/** Checks what only the database knows: the lesson and the instruments exist. */
async function checkReferences(db: DbOrTx, definition: EventDefinition, input: { requiredLesson?: string | null }): Promise<{ definition: EventDefinition; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let requiredLesson = definition.requiredLesson;
  if (requiredLesson !== null && input.requiredLesson !== undefined) {
    const lessonId = await lessonIdOf(db, requiredLesson);
    if (!lessonId) fields.requiredLesson = "There is no such lesson: choose one from the list.";
    else requiredLesson = lessonId;
  }
  let instrumentList = definition.instruments;
  if (definition.replay) {
    // A replay event trades exactly its datasets' symbols, whatever the practice market lists.
    const ids = definition.replay.datasets;
    const found = await datasetRanges(db, ids);
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
    const have = await knownSymbols(db, definition.instruments);
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
    if (participant.removedAt) return { removed: true as const, userId, at: participant.removedAt.toISOString() };
    const portfolio = await lockPortfolio(tx, participant.portfolioId);
    const cancelled = portfolio ? await cancelOpenOrders(tx, [portfolio], outbox, { now }) : 0;
    await tx
      .update(eventParticipants)
      .set({ removedAt: now })
      .where(and(eq(eventParticipants.eventId, row.id), eq(eventParticipants.userId, userId)));
    // The live board drops them at once, not at its next refresh.
    await dropFromEventBoard(tx, row.id, userId);
    await audit(tx, { action: "event.participant-removed", actorId: actor.id, subjectId: userId, ip: actor.ip, detail: { eventId: row.id, slug: row.slug, cancelledOrders: cancelled } });
    return { removed: true as const, userId, at: now.toISOString() };
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

/** Which page of the participants table, and whose names or addresses contain `q`. */
export interface ParticipantsPage {
  page?: number;
  pageSize?: number;
  q?: string;
}

/**
 * The participants table, a page at a time: in board order — the rank they share on the live
 * board (refreshed every few seconds) or in the frozen standings — then those not ranked yet,
 * then removed and disqualified people, each by join time; equity, return, Sharpe and trades
 * computed now for the page's rows only (an event of 100,000 took 2.3 s and 29 MB a poll whole).
 */
export async function listParticipants(db: Db, slug: string, now = new Date(), options: ParticipantsPage = {}) {
  const row = await requireEvent(db, slug);
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? LEADERBOARD_PAGE_SIZE;
  const q = options.q?.trim();
  const matching = q
    ? sql`and exists (select 1 from users u where u.id = ep.user_id and (u.name ilike ${containing(q)} or u.email ilike ${containing(q)} or u.username ilike ${containing(q)}))`
    : sql``;
  // Ranked participants only: removed and disqualified people have no place.
  const placed = row.finalizedAt
    ? sql`left join lateral (select s.rank as place, coalesce(s.shared_rank, s.rank) as rank from event_standings s where s.event_id = ${row.id} and s.user_id = ep.user_id) b
          on ep.removed_at is null and ep.disqualified_at is null`
    : sql`left join (select e.user_id, e.rank as place, e.shared_rank as rank from (${await eventBoardRowsSql(db, row.id)}) e) b
          on b.user_id = ep.user_id and ep.removed_at is null and ep.disqualified_at is null`;
  const [ordered, [{ total } = { total: 0 }]] = await Promise.all([
    db.execute<{ user_id: string; portfolio_id: string; rank: number | null }>(sql`
      select ep.user_id, ep.portfolio_id, b.rank from event_participants ep
      ${placed}
      where ep.event_id = ${row.id} ${matching}
      order by (ep.removed_at is not null or ep.disqualified_at is not null), b.place nulls last, ep.joined_at, ep.user_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from event_participants ep where ep.event_id = ${row.id} ${matching}`).then((r) => r.rows),
  ]);
  const portfolioIds = ordered.rows.map((r) => r.portfolio_id);
  const figures = new Map((portfolioIds.length ? await participantFigures(db, row, { now, includeRemoved: true, portfolioIds }) : []).map((f) => [f.userId, f]));
  const items = ordered.rows.flatMap((r) => {
    const f = figures.get(r.user_id);
    if (!f) return [];
    return [
      {
        userId: f.userId,
        name: f.name,
        email: f.email,
        portfolioId: f.portfolioId,
        joinedAt: f.joinedAt.toISOString(),
        removedAt: f.removedAt?.toISOString() ?? null,
        disqualifiedAt: f.disqualifiedAt?.toISOString() ?? null,
        disqualifiedReason: f.disqualifiedReason,
        rank: r.rank === null ? null : Number(r.rank),
        equity: f.equity,
        totalReturn: formatRatio(f.totalReturn),
        sharpe: formatRatio(f.sharpe),
        trades: f.trades,
      },
    ];
  });
  const count = Number(total);
  return { items, total: count, page, pageSize, pages: Math.max(1, Math.ceil(count / pageSize)), frozen: Boolean(row.finalizedAt) };
}

/** Standings as CSV, safe for spreadsheets (a name like "=1+1" is not run as a formula). */
export async function standingsCsv(db: Db, slug: string, now = new Date()) {
  const row = await requireEvent(db, slug);
  const participants = await participantFigures(db, row, { now, includeRemoved: true });
  const byUser = new Map(participants.map((p) => [p.userId, p]));
  // Frozen standings once ended; while live, the figures this instant (an export must not lag
  // the precomputed board by a refresh).
  const board = row.finalizedAt ? await eventStandingsOf(db, row) : { frozen: false, items: rankFigures(row, participants.filter(onBoard)).map((r) => ({ rank: r.sharedRank, userId: r.userId, name: r.name ?? "", equity: r.equity, totalReturn: formatRatio(r.totalReturn), sharpe: formatRatio(r.sharpe), trades: r.trades, joinedAt: r.joinedAt.toISOString() })) };
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
  return publishedLessonsByCourse(db);
}
