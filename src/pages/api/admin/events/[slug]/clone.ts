import { cloneEvent, cloneEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { eventCreated } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Copy an event",
      description: "Input: `{title?, startsAt?, endsAt?}`",
      status: 201,
      response: "201 `{event, slug, joinCode?}`: the same rules with a new slug (and code); by default titled \"… (copy)\", starting on the next full hour a day from now with the same length",
    },
    input: cloneEventInput,
    answer: eventCreated,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await cloneEvent(await getDb(), { id: session.user.id, ip }, String(req.query.slug), input) };
    },
  }),
});
