import { listParticipants } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { participantsAnswer } from "@/features/events/types";
import { boardPageQuery } from "@/features/ranking/schemas";
import { z } from "zod";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "An event’s participants",
      description: "Input: `?page=` (from 1, default 1), `&pageSize=` (1–200, default 50), `&q=` (part of a name, email or username; at most 100 characters)",
      response: "200 `{items:[{userId, name, email, portfolioId, joinedAt, removedAt, disqualifiedAt, disqualifiedReason, rank, equity, totalReturn, sharpe, trades}], total, page, pageSize, pages, frozen}`: a page in board order (the rank shared on the live board or in the final standings), those not ranked yet, then removed and disqualified people; `total` counts those `q` finds; 400 `VALIDATION_FAILED` naming `page`, `pageSize` or `q`",
    },
    answer: participantsAnswer,
    input: z.object({ slug: z.string().max(100), q: z.string().max(100, "q is at most 100 characters.").optional(), ...boardPageQuery.shape }),
    async handler({ input }) {
      return { body: await listParticipants(await getDb(), input.slug, new Date(), { page: input.page, pageSize: input.pageSize, q: input.q }) };
    },
  }),
});
