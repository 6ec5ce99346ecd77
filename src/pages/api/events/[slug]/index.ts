import { z } from "zod";
import { getEventFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { eventDetail } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "An event",
      description: "Input: `?code=`",
      response: "200 the event + `{joined, removed, portfolioId, rank, teams: {min,max}|null, classId, lesson: {id,title,href,passed}|null, manages}` (`manages`: the caller is an admin, the event's organiser or a teacher of a class contest's class — they open everyone's report card); 404 when the caller may not see it",
    },
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional() }),
    answer: eventDetail,
    async handler({ input, session }) {
      return { body: await getEventFor(await getDb(), session.user, input.slug, { code: input.code }) };
    },
  }),
});
