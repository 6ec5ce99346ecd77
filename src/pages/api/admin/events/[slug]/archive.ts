import { archiveEvent } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { adminEventAnswer } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Archive an event",
      response: "200 `{event}`: hidden from members' lists (participants still reach it); its clock is unchanged; audited",
    },
    answer: adminEventAnswer,
    async handler({ req, session, ip }) {
      return { body: await archiveEvent(await getDb(), { id: session.user.id, ip }, String(req.query.slug)) };
    },
  }),
});
