import { leagueOf } from "@/features/leagues";
import { leagueView } from "@/features/leagues/types";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "My league this week",
      description: "The caller's weekly league (docs/decisions/045-leagues.md): their tier, group, place and what it takes to move up. Read from the precomputed standings (refreshed every minute).",
      response: "200 the caller's league (`status: \"in-league\"`), or `status` `opted-out`, `waiting` or `no-class` with the week's bounds when the caller is in no league",
    },
    answer: leagueView,
    async handler({ session }) {
      return { body: await leagueOf(await getDb(), session.user.id, new Date()) };
    },
  }),
});
