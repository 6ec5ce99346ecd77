import { regenerateJoinCode } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { joinCodeIssued } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Issue a new join code",
      response: "200 `{slug, joinCode}`: a new code; the old one and its invite links stop working; 422 `EVENT_NOT_PRIVATE`; audited",
    },
    answer: joinCodeIssued,
    async handler({ req, session, ip }) {
      return { body: await regenerateJoinCode(await getDb(), { id: session.user.id, ip }, String(req.query.slug)) };
    },
  }),
});
