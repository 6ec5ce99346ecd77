import { adminGetEvent, updateEvent, updateEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { adminEventAnswer, eventUpdated } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "An event (administration)",
      response: "200 `{event}`",
    },
    answer: adminEventAnswer,
    async handler({ req }) {
      return { body: { event: await adminGetEvent(await getDb(), String(req.query.slug)) } };
    },
  }),
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change an event",
      description: "Input: any of the POST fields",
      response: "200 `{event, slug}`. The body is merged over the stored event and validated as a whole (400 per field); changes the event's phase forbids answer 422 `EVENT_LOCKED` with `fields: {field: reason}` — live: start, cash, commission, shorting, position limit, instruments, metric, required lesson, replay are locked, the end may move to a time still ahead, the participant limit not below those in; ended: everything",
    },
    input: updateEventInput,
    answer: eventUpdated,
    async handler({ req, input, session, ip }) {
      return { body: await updateEvent(await getDb(), { id: session.user.id, ip }, String(req.query.slug), input) };
    },
  }),
});
