import { cloneEvent, cloneEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    input: cloneEventInput,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await cloneEvent(await getDb(), { id: session.user.id, ip }, String(req.query.slug), input) };
    },
  }),
});
