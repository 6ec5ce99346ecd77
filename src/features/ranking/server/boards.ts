/**
 * Board keys as stored in leaderboard_entries.board: practice:{day|week|month|all},
 * xp:{all|week}, event:{eventId}. The API names boards by what a person sees
 * (practice + period, xp + period, event:{slug}); the server maps those to keys.
 */
import type { RankingPeriod } from "@/domain/ranking";

export const XP_PERIODS = ["all", "week"] as const;
export type XpPeriod = (typeof XP_PERIODS)[number];

export const practiceBoard = (period: RankingPeriod) => `practice:${period}`;
export const xpBoard = (period: XpPeriod) => `xp:${period}`;
export const eventBoard = (eventId: string) => `event:${eventId}`;

/** The UTC calendar day ("YYYY-MM-DD") of an instant: the key of the daily rank record. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
