/**
 * Leaderboard periods are calendar periods in UTC (PRODUCT.md, Ranking): since 00:00 today,
 * since Monday 00:00, since the 1st 00:00, or all time. UTC, not the viewer's zone, because
 * a board is one shared ranking: everybody's "this week" must start at the same instant.
 */

export const RANKING_PERIODS = ["day", "week", "month", "all"] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];

const DAY_MS = 86_400_000;

/** The instant the period containing `now` began; null for "all" (since the portfolio began). */
export function periodStart(period: RankingPeriod, now: Date): Date | null {
  const midnight = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  switch (period) {
    case "day":
      return new Date(midnight);
    case "week": {
      // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday, so Sunday is day 6 of its week.
      const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
      return new Date(midnight - sinceMonday * DAY_MS);
    }
    case "month":
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    case "all":
      return null;
  }
}
