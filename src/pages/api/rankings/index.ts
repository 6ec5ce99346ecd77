import { boardRequestOf, rankingQuery } from "@/features/ranking/schemas";
import { leaderboardPage } from "@/features/ranking";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    input: rankingQuery,
    async handler({ input, session }) {
      const page = await leaderboardPage(await getDb(), boardRequestOf(input), {
        page: input.page,
        pageSize: input.pageSize,
        viewer: { id: session.user.id, role: session.user.role },
        now: new Date(),
      });
      return { body: page };
    },
  }),
});
