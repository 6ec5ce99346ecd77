import { removeParticipant } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "admin",
    async handler({ req, session, ip }) {
      return { body: await removeParticipant(await getDb(), { id: session.user.id, ip }, String(req.query.slug), String(req.query.userId)) };
    },
  }),
});
