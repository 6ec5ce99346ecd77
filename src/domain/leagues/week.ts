/**
 * A league week runs from Monday 00:00 UTC to the next Monday 00:00 UTC: the ranking's "week"
 * period (src/domain/ranking/periods.ts), so the league week and the XP board's week agree.
 */
import { periodStart } from "../ranking/periods";

const WEEK_MS = 7 * 86_400_000;

/** Monday 00:00 UTC of the week containing `now`. */
export const leagueWeekStart = (now: Date): Date => periodStart("week", now)!;

/** The next Monday 00:00 UTC: when this week's places move people up and down. */
export const leagueWeekEnd = (now: Date): Date => new Date(leagueWeekStart(now).getTime() + WEEK_MS);

/** The week key stored with a membership: "YYYY-MM-DD" of its Monday. */
export const leagueWeekKey = (now: Date): string => leagueWeekStart(now).toISOString().slice(0, 10);
