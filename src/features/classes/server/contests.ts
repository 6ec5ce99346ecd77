/**
 * Class contests (docs/decisions/042-class-contests-and-teams.md): an event limited to a
 * class, made by its teacher from the class page. What an event is and how one is created
 * stay the events feature's (`createEvent`, the domain's validateEventDefinition); this file
 * decides who may (the class's teachers and admins) and what a class contest is: private
 * without a code, ranked by the risk-adjusted metric unless the teacher picks another.
 */
import { and, eq, inArray } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { createEvent, enrolParticipants, formRandomTeams, formTeam } from "@/features/events";
import type { Db } from "@/server/db";
import { classMembers, events } from "@/server/db/schema";
import { managed, type Viewer } from "./classes";
import type { ClassContestInput, FormTeamInput, RandomTeamsInput } from "./schemas";

/** The metric a class contest ranks by when the teacher does not choose: risk-adjusted. */
export const CLASS_CONTEST_METRIC = "sharpe" as const;

export async function createClassContest(db: Db, viewer: Viewer, classId: string, input: ClassContestInput, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const { teams, ...fields } = input;
  return createEvent(db, { id: viewer.id, ip: options.ip }, { ...fields, visibility: "private", metric: input.metric ?? CLASS_CONTEST_METRIC }, options.now, { classId, teams: teams ?? null });
}

/** The class's contest of this slug, for its teacher (404 when the contest is not this class's). */
async function contestOf(db: Db, classId: string, slug: string) {
  const [event] = await db
    .select({ slug: events.slug })
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.classId, classId)));
  if (!event) throw failures.notFound("This class has no such contest.");
  return event;
}

/** A team the teacher forms from students of the class (each checked to be one). */
export async function formClassTeam(db: Db, viewer: Viewer, classId: string, slug: string, input: FormTeamInput, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const event = await contestOf(db, classId, slug);
  const members = [...new Set(input.members)];
  const students = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.role, "student"), inArray(classMembers.userId, members)));
  if (students.length !== members.length) throw failures.invalid("Choose students of this class.", { members: "Choose students of this class." });
  return formTeam(db, { id: viewer.id, ip: options.ip }, event.slug, { name: input.name, members }, options.now);
}

/** Every student of the class into one of its contests (those already in stay; refusals answered per student). */
export async function enrolClass(db: Db, viewer: Viewer, classId: string, slug: string, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const event = await contestOf(db, classId, slug);
  return enrolParticipants(db, { id: viewer.id, ip: options.ip }, event.slug, await studentIdsOf(db, classId), options.now);
}

/**
 * Random teams of the size the teacher picks, from the class's students not in a team yet
 * (the events feature shuffles, spreads the remainder, names and founds the teams).
 */
export async function randomClassTeams(db: Db, viewer: Viewer, classId: string, slug: string, input: RandomTeamsInput, options: { ip?: string; now?: Date } = {}) {
  await managed(db, classId, viewer);
  const event = await contestOf(db, classId, slug);
  return formRandomTeams(db, { id: viewer.id, ip: options.ip }, event.slug, { people: await studentIdsOf(db, classId), size: input.size }, options.now);
}

/** The ids of the class's students (its teachers are members too, and never enrolled). */
async function studentIdsOf(db: Db, classId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.role, "student")));
  return rows.map((r) => r.userId);
}
