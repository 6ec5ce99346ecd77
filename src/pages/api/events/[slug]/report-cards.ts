import { z } from "zod";
import { reportCardIndex } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { reportCardIndexView } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "Every report card of an ended event, for its managers",
      description:
        "The final board's rows in its order, each with the address of the participant's report card (`href`, the page `/events/{slug}/report?user=…`; null for an account deleted since). For the event's managers only: admins, its organiser (who created it) and, for a class contest, the teachers of its class.",
      response: "200 `{event:{slug, title, startsAt, endsAt, metric}, items:[{rank, tied, name, userId, href}]}`; 409 `EVENT_NOT_ENDED`; 404 (no such event, or not one of its managers)",
    },
    input: z.object({ slug: z.string().max(100) }),
    answer: reportCardIndexView,
    async handler({ input, session }) {
      return { body: await reportCardIndex(await getDb(), session.user, input.slug) };
    },
  }),
});
