import { boardRequestOf, rankingQuery } from "@/features/ranking/schemas";
import { rankingPage } from "@/features/ranking/types";
import { leaderboardPage } from "@/features/ranking";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A leaderboard page",
      description: "Input: `?board=practice|xp|event:{slug}` (default `practice`), `&period=day|week|month|all` (practice: all four, default `all`; xp: `all` or `week`; event boards: none), `&page=` (from 1, default 1), `&pageSize=` (1–200, default 50)",
      response: "200 a board's page (its schema below); 400 `VALIDATION_FAILED` with `fields.board`, `fields.period`, `fields.page` or `fields.pageSize` saying what is accepted; 404 `NOT_FOUND` for an event that does not exist or that the caller may not see (private, not joined, not an admin)",
    },
    input: rankingQuery,
    answer: rankingPage,
    async handler({ input, session }) {
      const page = await leaderboardPage(await getDb(), boardRequestOf(input), {
        page: input.page,
        pageSize: input.pageSize,
        viewer: { id: session.user.id, role: session.user.role, roster: session.user.roster },
        now: new Date(),
      });
      return { body: page };
    },
  }),
});
