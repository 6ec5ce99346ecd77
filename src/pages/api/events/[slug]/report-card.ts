import { z } from "zod";
import { reportCardFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { reportCardView } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A participant's report card for an ended event",
      description:
        "Input: `?user=` (a participant's id: the event's managers only — admins, its organiser, a class contest's teachers; default: your own card; a team member's card is the team's). Return against the event's benchmark and the risk figures of the event's window (the performance panel's Event figures), final holdings, diversification per UTC day (holdings and the largest position's share of the basis held), every trade with its journal note and realised P&L, the best and worst closed trade, and the lessons passed during the event.",
      response:
        "200 `{event:{slug, title, startsAt, endsAt, metric}, participant:{id, name, team, removed, you}, rank, startingCash, finalEquity, benchmark:{symbol, name}, metrics:{totalReturn, benchmarkReturn, maxDrawdown, volatility, sharpe, beta, alpha, observations, minObservations}, points, holdings, diversification:[{day, holdings, largestShare}], trades:[{order, fills, realisedPnl}], journalEntries, best, worst, lessons:[{lessonId, title, course, passedAt, bestScore}]}`; 409 `EVENT_NOT_ENDED`; 404 (no such event, not a participant, or someone else's card without managing the event)",
    },
    input: z.object({ slug: z.string().max(100), user: z.string().max(100).optional() }),
    answer: reportCardView,
    async handler({ input, session }) {
      return { body: await reportCardFor(await getDb(), session.user, input.slug, { userId: input.user }) };
    },
  }),
});
