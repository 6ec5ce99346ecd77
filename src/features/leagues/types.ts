/**
 * What GET /api/leagues/me answers and the league page shows, as zod schemas (docs/api.md,
 * docs/decisions/071): declared by the route, published, checked in the tests; the server and
 * the page take their types from them. No server code here.
 */
import * as z from "zod/mini";
import { instant, int } from "@/lib/api/answers";

export const leagueZone = z.enum(["up", "down", "stay"]);
export type LeagueZone = z.output<typeof leagueZone>;

export const leagueRow = z.object({
  rank: int,
  name: z.string(),
  you: z.boolean(),
  points: int,
  learning: int,
  journal: int,
  diversification: int,
  risk: int,
  /** Where this place leads when the week ends. */
  zone: leagueZone,
});
export type LeagueRow = z.output<typeof leagueRow>;

export const leagueTierInfo = z.object({ level: int, name: z.string(), above: z.nullable(z.string()), below: z.nullable(z.string()) });
export type LeagueTierInfo = z.output<typeof leagueTierInfo>;

export const leagueView = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("in-league"),
    weekStart: instant,
    weekEnd: instant,
    tier: leagueTierInfo,
    group: int,
    /** "class": a class's league (roster accounts meet only their class). */
    scope: z.enum(["all", "class"]),
    /** How the person arrived in this tier this week (src/server/db/schema/leagues.ts LEAGUE_ARRIVALS). */
    arrival: z.enum(["new", "up", "down", "stay"]),
    promote: int,
    demote: int,
    rows: z.array(leagueRow),
    own: leagueRow,
    /** What it takes to move up, in one sentence. */
    hint: z.string(),
    computedAt: z.nullable(instant),
  }),
  z.object({
    /** Opted out: in no league. Waiting: no activity this week yet. No class: a roster account not in a class. */
    status: z.enum(["opted-out", "waiting", "no-class"]),
    weekStart: instant,
    weekEnd: instant,
    /** Waiting only: active this week, in line until enough people (`minSize`) can start a league with them. */
    queued: z.optional(z.boolean()),
    minSize: z.optional(int),
  }),
]);
export type LeagueView = z.output<typeof leagueView>;
