import { listParticipants } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { participantsAnswer } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "An event’s participants",
      response: "200 `{items:[{userId, name, email, portfolioId, joinedAt, removedAt, rank, equity, totalReturn, sharpe, trades}], total, frozen}` by rank, removed people last",
    },
    answer: participantsAnswer,
    async handler({ req }) {
      return { body: await listParticipants(await getDb(), String(req.query.slug)) };
    },
  }),
});
