import { listParticipants } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler({ req }) {
      return { body: await listParticipants(await getDb(), String(req.query.slug)) };
    },
  }),
});
