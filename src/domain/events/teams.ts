/**
 * Team events (docs/decisions/042-class-contests-and-teams.md): a team of 2 to 5 people
 * shares one portfolio. The rules here are pure: how big a team may be, who may join one, and
 * when a team may trade. The events feature reads the counts under the event's lock and asks.
 */
import { eventPhase } from "./lifecycle";

export const TEAM_SIZE_MIN = 2;
export const TEAM_SIZE_MAX = 5;
export const TEAM_NAME_MAX_LENGTH = 40;

export interface TeamSizes {
  min: number;
  max: number;
}

/** A team event's sizes, or why they are not valid (the field is the API's `teams`). */
export function checkTeamSizes(teams: TeamSizes | null | undefined): string | null {
  if (!teams) return null;
  const whole = Number.isInteger(teams.min) && Number.isInteger(teams.max);
  if (!whole || teams.min < TEAM_SIZE_MIN || teams.max > TEAM_SIZE_MAX || teams.min > teams.max) {
    return `A team has ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX} people: choose a smallest and a largest size in that range.`;
  }
  return null;
}

/** The stored sizes (two nullable columns) as the rule's pair. */
export function teamSizesOf(row: { teamSizeMin: number | null; teamSizeMax: number | null }): TeamSizes | null {
  return row.teamSizeMin !== null && row.teamSizeMax !== null ? { min: row.teamSizeMin, max: row.teamSizeMax } : null;
}

export const TEAM_REFUSAL_CODES = ["NOT_A_TEAM_EVENT", "ALREADY_IN_A_TEAM", "TEAM_FULL", "EVENT_ENDED", "ALREADY_JOINED_ALONE"] as const;
export type TeamRefusalCode = (typeof TEAM_REFUSAL_CODES)[number];
export type TeamDecision = { ok: true } | { ok: false; code: TeamRefusalCode; message: string };

export interface TeamJoinContext {
  now: Date;
  teams: TeamSizes | null;
  /** The team's members now (0 for a team being founded). */
  members: number;
  /** The person is in a team of this event already. */
  inATeam: boolean;
  /** The person joined this event alone (before it became a team event, or as an admin). */
  joinedAlone: boolean;
}

/** May this person found or join a team of the event? (Whether they may see and join the event at all is checkJoin's.) */
export function checkTeamJoin(event: { startsAt: Date; endsAt: Date }, context: TeamJoinContext): TeamDecision {
  if (!context.teams) return { ok: false, code: "NOT_A_TEAM_EVENT", message: "This event is not a team event: join it on your own." };
  if (context.inATeam) return { ok: false, code: "ALREADY_IN_A_TEAM", message: "You are in a team of this event already: one team per person." };
  if (context.joinedAlone) return { ok: false, code: "ALREADY_JOINED_ALONE", message: "You joined this event on your own, so you cannot be in a team of it." };
  if (eventPhase(event, context.now) === "ended") return { ok: false, code: "EVENT_ENDED", message: "This event has ended; teams can no longer change." };
  if (context.members >= context.teams.max) return { ok: false, code: "TEAM_FULL", message: `This team is full: a team has at most ${context.teams.max} people.` };
  return { ok: true };
}

/** Why a team may not trade yet (fewer members than the smallest size), or null when it may. */
export function teamTradingRefusal(teams: TeamSizes | null, members: number): string | null {
  if (!teams || members >= teams.min) return null;
  return `Your team needs at least ${teams.min} members before it can trade; it has ${members}. Share the team code with a classmate.`;
}

/**
 * How `count` people not yet in a team fall into random teams of `size` (the teacher's
 * choice, within the event's sizes): as many teams of `size` as fit, the remainder spread one
 * by one over them while that keeps every team within the largest size; else one team more,
 * everyone spread evenly, when that keeps every team at the smallest size; else the remainder
 * stays out (too few for a team of their own) and is said so. Sizes largest first.
 */
export type RandomTeamsPlan = { ok: true; sizes: number[]; leftOut: number } | { ok: false; message: string };

export function planRandomTeams(count: number, size: number, sizes: TeamSizes): RandomTeamsPlan {
  if (!Number.isInteger(size) || size < sizes.min || size > sizes.max) {
    return { ok: false, message: `Choose a team size from ${sizes.min} to ${sizes.max}: this contest's teams have ${sizes.min}–${sizes.max} people.` };
  }
  if (count < sizes.min) {
    return { ok: false, message: count === 0 ? "Every student is in a team already." : `Only ${count} ${count === 1 ? "student is" : "students are"} not in a team: a team needs at least ${sizes.min}.` };
  }
  const even = (people: number, teams: number) => Array.from({ length: teams }, (_, i) => Math.floor(people / teams) + (i < people % teams ? 1 : 0));
  const full = Math.floor(count / size);
  const rest = count - full * size;
  if (full === 0) return { ok: true, sizes: [count], leftOut: 0 };
  if (rest === 0) return { ok: true, sizes: even(count, full), leftOut: 0 };
  if (size + Math.ceil(rest / full) <= sizes.max) return { ok: true, sizes: even(count, full), leftOut: 0 };
  if (Math.floor(count / (full + 1)) >= sizes.min) return { ok: true, sizes: even(count, full + 1), leftOut: 0 };
  return { ok: true, sizes: even(full * size, full), leftOut: rest };
}

/** The people dealt into the plan's teams in a random order (Fisher–Yates with the given draw of [0, 1)). */
export function dealTeams<T>(people: readonly T[], plan: { sizes: readonly number[] }, random: () => number): T[][] {
  const deck = [...people];
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const teams: T[][] = [];
  let at = 0;
  for (const n of plan.sizes) {
    teams.push(deck.slice(at, at + n));
    at += n;
  }
  return teams;
}
