/**
 * The query of GET /api/rankings, shared by the route and the page: board, period and page,
 * each refused with a message that says what would be accepted. The page part is also an event's
 * standings' (boardPageQuery).
 */
import { z } from "zod";
import { LEADERBOARD_PAGE_SIZE, MAX_LEADERBOARD_PAGE_SIZE, RANKING_PERIODS } from "@/domain/ranking";
import type { BoardRequest } from "./server/queries";

/**
 * Which page of a board, and how many rows a page: GET /api/rankings' and an event's standings
 * (GET /api/events/{slug}/standings), so both refuse the same way.
 */
export const boardPageQuery = z.object({
  page: z.coerce
      .number({ error: "page is a whole number from 1." })
      .int("page is a whole number from 1.")
      .min(1, "page is a whole number from 1.")
      .max(1_000_000, "page is at most 1000000.")
      .default(1),
  pageSize: z.coerce
      .number({ error: `pageSize is a whole number from 1 to ${MAX_LEADERBOARD_PAGE_SIZE}.` })
      .int(`pageSize is a whole number from 1 to ${MAX_LEADERBOARD_PAGE_SIZE}.`)
      .min(1, `pageSize is a whole number from 1 to ${MAX_LEADERBOARD_PAGE_SIZE}.`)
      .max(MAX_LEADERBOARD_PAGE_SIZE, `pageSize is a whole number from 1 to ${MAX_LEADERBOARD_PAGE_SIZE}.`)
      .default(LEADERBOARD_PAGE_SIZE),
});

const BOARD = /^(practice|xp|event:[a-z0-9][a-z0-9-]{0,99})$/;

export const rankingQuery = z
  .object({
    board: z
        .string({ error: "board is one of practice, xp or event:{slug}." })
        .regex(BOARD, "board is one of practice, xp or event:{slug} (the event's address, like event:spring-cup).")
        .default("practice"),
    period: z.enum(RANKING_PERIODS, { error: "period is one of day, week, month or all." }).optional(),
    ...boardPageQuery.shape,
  })
  .superRefine((query, ctx) => {
    if (query.board === "xp" && query.period && query.period !== "all" && query.period !== "week") {
      ctx.addIssue({ code: "custom", path: ["period"], message: "The XP board has all time and this week: period is all or week." });
    }
    if (query.board.startsWith("event:") && query.period && query.period !== "all") {
      ctx.addIssue({ code: "custom", path: ["period"], message: "An event board covers the whole event: leave period out (or use all)." });
    }
  });

export type RankingQuery = z.output<typeof rankingQuery>;

/** The board a valid query names. */
export function boardRequestOf(query: Pick<RankingQuery, "board" | "period">): BoardRequest {
  if (query.board === "practice") return { kind: "practice", period: query.period ?? "all" };
  if (query.board === "xp") return { kind: "xp", period: query.period === "week" ? "week" : "all" };
  return { kind: "event", slug: query.board.slice("event:".length) };
}
