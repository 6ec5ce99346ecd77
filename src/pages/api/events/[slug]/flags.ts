import { eventFlagsFor } from "@/features/fairplay";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { eventFlagsAnswer } from "@/features/fairplay/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "An event's fair-play flags",
      description: "For whoever manages the event (its organiser, every teacher of a class contest's class, admins); anyone else gets 404. Flags are computed by the fair-play monitor (docs/decisions/046).",
      response:
        "200 `{event: {slug, title, ended}, items: [{id, kind, title, explanation, status, person: {userId, name}, counterpart, evidence, people, raisedAt, updatedAt, reviewedAt, reviewedBy, reviewReason}], open}`, open flags first",
    },
    answer: eventFlagsAnswer,
    async handler({ req, session }) {
      return { body: await eventFlagsFor(await getDb(), session.user, String(req.query.slug)) };
    },
  }),
});
