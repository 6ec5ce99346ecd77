import { reviewFlag, reviewFlagInput } from "@/features/fairplay";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Review a fair-play flag",
      description:
        "Input: `{decision: 'dismiss'|'warn'|'disqualify', reason?}` (a reason is required to warn or disqualify: the person is shown it). The event's organiser or an admin; practice-board flags admins only; anyone else 404.",
      response:
        "200 `{id, status, reviewedAt, reason, disqualifiedAt}`; disqualify takes the person off the event's board and out of its standings; audited as `fairplay.flag-reviewed` (and `event.participant-disqualified`); 400 without a reason; 409 `FLAG_DECIDED` after a disqualification; 422 `NOTHING_TO_DISQUALIFY` for a practice-board flag",
    },
    input: reviewFlagInput,
    async handler({ req, input, session, ip }) {
      return { body: await reviewFlag(await getDb(), session.user, String(req.query.id), input, { ip }) };
    },
  }),
});
