import { listEventsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    input: pageQuery,
    async handler({ input, session }) {
      return { body: await listEventsFor(await getDb(), session.user, input) };
    },
  }),
});
