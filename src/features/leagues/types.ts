/** What GET /api/leagues/me answers and the league page shows (docs/api.md). */
import type { LeagueArrival } from "@/server/db/schema";

export type LeagueZone = "up" | "down" | "stay";

export interface LeagueRow {
  rank: number;
  name: string;
  you: boolean;
  points: number;
  learning: number;
  journal: number;
  diversification: number;
  risk: number;
  /** Where this place leads when the week ends. */
  zone: LeagueZone;
}

export interface LeagueTierInfo {
  level: number;
  name: string;
  above: string | null;
  below: string | null;
}

export type LeagueView =
  | {
      status: "in-league";
      weekStart: string;
      weekEnd: string;
      tier: LeagueTierInfo;
      group: number;
      /** "class": a class's league (roster accounts meet only their class). */
      scope: "all" | "class";
      arrival: LeagueArrival;
      promote: number;
      demote: number;
      rows: LeagueRow[];
      own: LeagueRow;
      /** What it takes to move up, in one sentence. */
      hint: string;
      computedAt: string | null;
    }
  | {
      /** Opted out: in no league. Waiting: no activity this week yet. No class: a roster account not in a class. */
      status: "opted-out" | "waiting" | "no-class";
      weekStart: string;
      weekEnd: string;
      /** Waiting only: active this week, in line until enough people (`minSize`) can start a league with them. */
      queued?: boolean;
      minSize?: number;
    };
