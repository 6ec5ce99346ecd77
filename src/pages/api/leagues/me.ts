import { leagueOf } from "@/features/leagues";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "My league this week",
      description: "The caller's weekly league (docs/decisions/045-leagues.md): their tier, group, place and what it takes to move up. Read from the precomputed standings (refreshed every minute).",
      response:
        "200 `{status: \"in-league\", weekStart, weekEnd, tier: {level, name, above, below}, group, scope: \"all\"|\"class\", arrival: \"new\"|\"up\"|\"down\"|\"stay\", promote, demote, rows: [{rank, name, you, points, learning, journal, diversification, risk, zone: \"up\"|\"down\"|\"stay\"}], own, hint, computedAt}`, or `{status: \"opted-out\"|\"waiting\"|\"no-class\", weekStart, weekEnd}` when the caller is in no league",
    },
    async handler({ session }) {
      return { body: await leagueOf(await getDb(), session.user.id, new Date()) };
    },
  }),
});
