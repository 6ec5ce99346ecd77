/**
 * Team events (docs/decisions/042-class-contests-and-teams.md). A team shares one portfolio
 * (`portfolios.team_id`): the trading engine lets every member trade it and records who
 * placed each order. On the event it is one participant row, the founder's, so the board,
 * the standings and the end of the event rank teams with no second path. A member who did
 * not found the team reaches the event through `team_members` (participantOf below).
 *
 * Founding and joining lock the event row, like joining an event, so sizes cannot race.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { checkTeamJoin, teamSizesOf, type TeamDecision } from "@/domain/events";
import { classmateName } from "@/domain/classes";
import { DomainError } from "@/domain/errors";
import { openPortfolio } from "@/features/trading";
import { formatJoinCode, generateJoinCode, JOIN_CODE_LENGTH, normalizeJoinCode } from "@/lib/readable-codes";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { classMembers, eventParticipants, portfolios, teamMembers, teams, users } from "@/server/db/schema";
import { withGuessLimit } from "@/server/http/rate-limit";
import { definitionOf, type EventRow, type ParticipantRow } from "./rows";

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const UNKNOWN_TEAM_CODE = "No team of this event has this code. Check it with your teammate: it looks like ABCD-EFGH.";

/** The participant row a person trades under in an event: their own, or their team's (the founder's). */
export async function teamParticipantOf(db: DbOrTx, eventId: string, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db
    .select({ participant: eventParticipants })
    .from(teamMembers)
    .innerJoin(portfolios, eq(portfolios.teamId, teamMembers.teamId))
    .innerJoin(eventParticipants, eq(eventParticipants.portfolioId, portfolios.id))
    .where(and(eq(teamMembers.eventId, eventId), eq(teamMembers.userId, userId)));
  return row?.participant;
}

function refuse(decision: TeamDecision): void {
  if (!decision.ok) throw new DomainError("refused", decision.code, decision.message);
}

async function membersOf(db: DbOrTx, teamId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return n;
}

async function teamContext(tx: DbOrTx, event: EventRow, userId: string) {
  const [inTeam] = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.eventId, event.id), eq(teamMembers.userId, userId)));
  const [alone] = await tx
    .select({ userId: eventParticipants.userId })
    .from(eventParticipants)
    .where(and(eq(eventParticipants.eventId, event.id), eq(eventParticipants.userId, userId)));
  return { inATeam: Boolean(inTeam), joinedAlone: Boolean(alone) && !inTeam };
}

/**
 * A new team of a team event with its first members (the founder first): its shared
 * portfolio (the event's starting cash, deposited), its participant row (the founder's) and
 * its code. The caller has locked the event row and decided the founder may join the event.
 */
export async function foundTeam(tx: Tx, event: EventRow, input: { name: string; members: readonly string[]; createdBy: string; now: Date; ip?: string }) {
  const sizes = teamSizesOf(event);
  for (const [i, userId] of input.members.entries()) {
    refuse(checkTeamJoin(event, { now: input.now, teams: sizes, members: i, ...(await teamContext(tx, event, userId)) }));
  }
  const [team] = await tx
    .insert(teams)
    .values({ eventId: event.id, name: input.name, joinCode: generateJoinCode(randomBytes), createdBy: input.createdBy, createdAt: input.now })
    .returning();
  const founder = input.members[0]!;
  const portfolio = await openPortfolio(tx, { userId: founder, kind: "event", eventId: event.id, teamId: team!.id, startingCash: definitionOf(event).startingCash, now: input.now });
  await tx.insert(eventParticipants).values({ eventId: event.id, userId: founder, portfolioId: portfolio!.id, joinedAt: input.now });
  await tx.insert(teamMembers).values(input.members.map((userId) => ({ eventId: event.id, teamId: team!.id, userId, joinedAt: input.now })));
  await audit(tx, { action: "event.team-created", actorId: input.createdBy, subjectId: null, ip: input.ip, detail: { eventId: event.id, teamId: team!.id, members: [...input.members] } });
  return { id: team!.id, name: team!.name, code: formatJoinCode(team!.joinCode), portfolioId: portfolio!.id };
}

/** Founding a team with a name already taken in the event: the unique index's answer, as a field error. */
export function teamNameTaken(error: unknown): never {
  const message = "Another team of this event has this name: choose another.";
  if (isUniqueViolation(error)) throw new DomainError("conflict", "TEAM_NAME_TAKEN", message, { fields: { name: message } });
  throw error;
}

/**
 * Joins the team a code opens. Codes that open nothing count as guesses (withGuessLimit, the
 * join codes' counter). The caller has decided the person may see and join the event.
 */
export async function joinTeamByCode(db: Db, viewer: { id: string }, event: EventRow, code: string, options: { ip: string; now: Date }, lockEvent: (tx: Tx) => Promise<EventRow>) {
  const normalized = normalizeJoinCode(code);
  const team = await withGuessLimit(db, { personId: viewer.id, ip: options.ip }, async () => {
    if (normalized.length !== JOIN_CODE_LENGTH) return null;
    const [row] = await db
      .select()
      .from(teams)
      .where(and(eq(teams.joinCode, normalized), eq(teams.eventId, event.id)));
    return row ?? null;
  });
  if (!team) throw new DomainError("not-found", "UNKNOWN_TEAM_CODE", UNKNOWN_TEAM_CODE, { fields: { code: UNKNOWN_TEAM_CODE } });
  return db.transaction(async (tx) => {
    const locked = await lockEvent(tx);
    const context = await teamContext(tx, locked, viewer.id);
    const [already] = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.eventId, locked.id), eq(teamMembers.userId, viewer.id)));
    if (already?.teamId === team.id) return { id: team.id, name: team.name, joined: false };
    refuse(checkTeamJoin(locked, { now: options.now, teams: teamSizesOf(locked), members: await membersOf(tx, team.id), ...context }));
    await tx.insert(teamMembers).values({ eventId: locked.id, teamId: team.id, userId: viewer.id, joinedAt: options.now });
    await audit(tx, { action: "event.team-joined", actorId: viewer.id, subjectId: viewer.id, ip: options.ip, detail: { eventId: locked.id, teamId: team.id } });
    return { id: team.id, name: team.name, joined: true };
  });
}

/**
 * An event's teams as the viewer may see them: names and members (first name + initial, as
 * classmates see each other); the code only of the viewer's own team, or of every team for a
 * manager (an admin, the class's teacher).
 */
export async function teamsView(db: DbOrTx, event: EventRow, viewer: { id: string }, manager: boolean) {
  const rows = await db.select().from(teams).where(eq(teams.eventId, event.id)).orderBy(asc(teams.createdAt), asc(teams.id));
  const ids = rows.map((t) => t.id);
  const members = ids.length
    ? await db
        .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, name: users.name })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(inArray(teamMembers.teamId, ids))
        .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
    : [];
  const mine = members.find((m) => m.userId === viewer.id)?.teamId ?? null;
  return {
    teams: teamSizesOf(event),
    myTeam: mine,
    items: rows.map((t) => {
      const own = members.filter((m) => m.teamId === t.id);
      return {
        id: t.id,
        name: t.name,
        members: own.map((m) => classmateName(m.name ?? "")).sort((a, b) => a.localeCompare(b)),
        size: own.length,
        mine: t.id === mine,
        code: t.id === mine || manager ? formatJoinCode(t.joinCode) : null,
      };
    }),
  };
}

/** Whether the viewer is a teacher of the event's class (a class contest's manager, with admins). */
export async function teachesEventClass(db: DbOrTx, event: Pick<EventRow, "classId">, userId: string): Promise<boolean> {
  if (!event.classId) return false;
  const [row] = await db
    .select({ role: classMembers.role })
    .from(classMembers)
    .where(and(eq(classMembers.classId, event.classId), eq(classMembers.userId, userId)));
  return row?.role === "teacher";
}

/** Each team portfolio's member count (the trading port: a team below its smallest size may not trade). */
export async function teamSizesByPortfolio(db: DbOrTx, portfolioIds: readonly string[]): Promise<Map<string, number>> {
  if (portfolioIds.length === 0) return new Map();
  const rows = await db
    .select({ portfolioId: portfolios.id, n: count(teamMembers.userId) })
    .from(portfolios)
    .innerJoin(teamMembers, eq(teamMembers.teamId, portfolios.teamId))
    .where(inArray(portfolios.id, [...portfolioIds]))
    .groupBy(portfolios.id);
  return new Map(rows.map((r) => [r.portfolioId, r.n]));
}
