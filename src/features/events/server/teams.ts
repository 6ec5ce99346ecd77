/**
 * Team events (docs/decisions/042-class-contests-and-teams.md). A team shares one portfolio
 * (`portfolios.team_id`): the trading engine lets every member trade it and records who
 * placed each order. On the event it is one participant row, the founder's, so the board,
 * the standings and the end of the event rank teams with no second path. A member who did
 * not found the team reaches the event through `team_members` (`participantOf`, ./access.ts).
 *
 * Founding and joining lock the event row, like joining an event, so sizes cannot race.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { checkTeamJoin, dealTeams, eventPhase, planRandomTeams, teamSizesOf, type TeamDecision } from "@/domain/events";
import { classmateName } from "@/domain/classes";
import { DomainError, failures } from "@/domain/errors";
import { openPortfolio } from "@/features/trading";
import { formatJoinCode, generateJoinCode, JOIN_CODE_LENGTH, normalizeJoinCode } from "@/lib/readable-codes";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { isUniqueViolation } from "@/server/db/errors";
import { classMembers, eventParticipants, portfolios, teamMembers, teams, users } from "@/server/db/schema";
import { withGuessLimit } from "@/server/http/rate-limit";
import { existingEvent, findBySlug, isAdmin, type Viewer, visibleEvent } from "./access";
import { assertMayJoinAsTeam } from "./joining";
import { definitionOf, type EventRow } from "./rows";

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const UNKNOWN_TEAM_CODE = "No team of this event has this code. Check it with your teammate: it looks like ABCD-EFGH.";

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
        /** A manager's: who is in it (the class page hides them from its picker). */
        memberIds: manager ? own.map((m) => m.userId) : null,
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

/** The teams (of any event) this person is a member of: whose portfolios they hold with its founder (the trading port, decision 042). */
export async function teamIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  return (await teamIdsOfPeople(db, [userId])).get(userId) ?? [];
}

/** The teams of each of these people, in one statement (a person in none is absent). */
export async function teamIdsOfPeople(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const teamsOf = new Map<string, string[]>();
  if (userIds.length === 0) return teamsOf;
  const rows = await db
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(userIds.length === 1 ? eq(teamMembers.userId, userIds[0]!) : inArray(teamMembers.userId, [...userIds]));
  for (const row of rows) teamsOf.set(row.userId, [...(teamsOf.get(row.userId) ?? []), row.teamId]);
  return teamsOf;
}

/** Which of these people are in a team of the event already, and in which (its name). */
export async function teamsOfPeople(db: DbOrTx, eventId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: teamMembers.userId, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.eventId, eventId), inArray(teamMembers.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

/** "Team 1", "Team 2", …: the first `n` such names no team of the event has (names are unique case-insensitively). */
export async function freeTeamNames(db: DbOrTx, eventId: string, n: number): Promise<string[]> {
  const taken = new Set((await db.select({ name: teams.name }).from(teams).where(eq(teams.eventId, eventId))).map((t) => t.name.toLowerCase()));
  const names: string[] = [];
  for (let i = 1; names.length < n; i++) if (!taken.has(`team ${i}`)) names.push(`Team ${i}`);
  return names;
}

// ---------------------------------------------------------------------------------------
// Team use-cases (decision 042; the rules: src/domain/events/teams.ts)

/** An event's teams for someone who may see the event (404 otherwise). */
export async function teamsFor(db: Db, viewer: Viewer, slug: string) {
  const { event: row } = await visibleEvent(db, viewer, slug);
  return teamsView(db, row, viewer, isAdmin(viewer) || (await teachesEventClass(db, row, viewer.id)));
}

/** Founds a team with the viewer as its first member, by the event's joining rules (without the seat count: a team's seat is its founder's). */
export async function createTeam(db: Db, viewer: Viewer, slug: string, input: { name: string }, options: { ip?: string; now?: Date } = {}) {
  const now = options.now ?? new Date();
  return db
    .transaction(async (tx) => {
      const { event } = await visibleEvent(tx, viewer, slug, { lock: true });
      await assertMayJoinAsTeam(tx, event, viewer, now);
      return foundTeam(tx, event, { name: input.name, members: [viewer.id], createdBy: viewer.id, now, ip: options.ip });
    })
    .catch(teamNameTaken);
}

/**
 * A team formed by a manager (the class's teacher, through the classes feature, which has
 * checked the members are its students; or an admin): the first member holds its board row.
 * A student already in a team is refused by name, with the team they are in.
 */
export async function formTeam(db: Db, actor: { id: string; ip?: string }, slug: string, input: { name: string; members: readonly string[] }, now = new Date()) {
  return db
    .transaction(async (tx) => {
      const event = await existingEvent(tx, slug, { lock: true });
      const placed = await teamsOfPeople(tx, event.id, input.members);
      const first = input.members.find((id) => placed.has(id));
      if (first) {
        const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, first));
        const message = `${person?.name || "A student you chose"} is in team ${placed.get(first)} already: one team per person.`;
        throw new DomainError("refused", "ALREADY_IN_A_TEAM", message, { fields: { members: message } });
      }
      return foundTeam(tx, event, { name: input.name, members: input.members, createdBy: actor.id, now, ip: actor.ip });
    })
    .catch(teamNameTaken);
}

/**
 * Random teams of `size` (a manager's one action): the given people (the class's students,
 * checked by the classes feature) who are in no team and did not join alone are shuffled
 * into teams by the domain's plan (planRandomTeams: the remainder spread, or one team more,
 * or left out and counted), named "Team 1", "Team 2", … (names no team has), each founded
 * like a team the teacher forms. One transaction with the event row locked.
 */
export async function formRandomTeams(db: Db, actor: { id: string; ip?: string }, slug: string, input: { people: readonly string[]; size: number }, now = new Date()) {
  return db.transaction(async (tx) => {
    const event = await existingEvent(tx, slug, { lock: true });
    const sizes = teamSizesOf(event);
    if (!sizes) throw failures.refused("NOT_A_TEAM_EVENT", "This contest is not a team contest: enrol everyone instead.");
    if (eventPhase(event, now) === "ended") throw failures.refused("EVENT_ENDED", "This contest has ended; teams can no longer change.");
    const inTeams = await teamsOfPeople(tx, event.id, input.people);
    const alone = new Set(
      (await tx.select({ userId: eventParticipants.userId }).from(eventParticipants).where(eq(eventParticipants.eventId, event.id))).map((r) => r.userId),
    );
    const free = [...new Set(input.people)].filter((id) => !inTeams.has(id) && !alone.has(id));
    const plan = planRandomTeams(free.length, input.size, sizes);
    if (!plan.ok) throw new DomainError("refused", "NO_RANDOM_TEAMS", plan.message, { fields: { size: plan.message } });
    const random = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
    const groups = dealTeams(free, plan, random);
    const names = await freeTeamNames(tx, event.id, groups.length);
    const made = [];
    for (const [i, members] of groups.entries()) {
      const team = await foundTeam(tx, event, { name: names[i]!, members, createdBy: actor.id, now, ip: actor.ip });
      made.push({ id: team.id, name: team.name, size: members.length });
    }
    return { teams: made, placed: groups.reduce((n, g) => n + g.length, 0), leftOut: plan.leftOut, alreadyInTeams: inTeams.size };
  });
}

/** Joins a teammate's team with its code, by the event's joining rules. */
export async function joinTeam(db: Db, viewer: Viewer, slug: string, code: string, options: { ip: string; now?: Date }) {
  const now = options.now ?? new Date();
  const { event } = await visibleEvent(db, viewer, slug);
  return joinTeamByCode(db, viewer, event, code, { ip: options.ip, now }, async (tx) => {
    const locked = (await findBySlug(tx, slug, true))!;
    await assertMayJoinAsTeam(tx, locked, viewer, now);
    return locked;
  });
}
