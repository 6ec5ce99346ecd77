import { adminListEvents, createEvent, createEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    input: pageQuery,
    async handler({ input }) {
      return { body: await adminListEvents(await getDb(), input) };
    },
  }),
  POST: method({
    auth: "admin",
    input: createEventInput,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createEvent(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
