import { removeParticipant } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { participantRemoved } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "admin",
    docs: {
      summary: "Remove a participant",
      response: "200 `{removed: true, userId, at}`: off the board, open orders cancelled (reservations released), no more trading or joining, history kept; audited as `event.participant-removed`; 422 `EVENT_ENDED` once the standings are frozen; 404 not a participant",
    },
    answer: participantRemoved,
    async handler({ req, session, ip }) {
      return { body: await removeParticipant(await getDb(), { id: session.user.id, ip }, String(req.query.slug), String(req.query.userId)) };
    },
  }),
});
