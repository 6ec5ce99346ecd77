import { listEventsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { eventsPage } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List events I can see",
      description: "Input: `?page=&pageSize=`",
      response: "200 `{items:[event + {joined, removed, portfolioId, rank}], page, pageSize, total}`: public unarchived events and those the caller joined (admins: every unarchived one); live and upcoming first by start, then ended, latest first; `rank` is the caller's place (frozen once ended), null when not joined",
    },
    input: pageQuery,
    answer: eventsPage,
    async handler({ input, session }) {
      return { body: await listEventsFor(await getDb(), session.user, input) };
    },
  }),
});
