import { adminGetEvent, updateEvent, updateEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler({ req }) {
      return { body: { event: await adminGetEvent(await getDb(), String(req.query.slug)) } };
    },
  }),
  PATCH: method({
    auth: "admin",
    input: updateEventInput,
    async handler({ req, input, session, ip }) {
      return { body: await updateEvent(await getDb(), { id: session.user.id, ip }, String(req.query.slug), input) };
    },
  }),
});
