import { reviewFlag, reviewFlagInput } from "@/features/fairplay";
import { getDb } from "@/server/db";
import { flagReviewed } from "@/features/fairplay/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: flagReviewed,
    docs: {
      summary: "Review a fair-play flag",
      description:
        "Input: `{decision: 'dismiss'|'warn'|'disqualify', reason?, who?: 'person'|'counterpart'|'both'}` (a reason is required to warn or disqualify: the person is shown it). `who` says whom it acts on: the flag's person (default), the other account of a pair (mirror trading), or both — each account's own flag takes the answer. Whoever manages the event (its organiser, a teacher of a class contest's class, an admin); practice-board flags admins only; anyone else 404.",
      response:
        "200 `{id, status, reviewedAt, reason, disqualifiedAt, reviewed: [{id, userId, status, disqualifiedAt}]}` (`id` and `disqualifiedAt` of the first person acted on; `reviewed` each one); disqualify takes the person off the event's board and out of its standings; audited as `fairplay.flag-reviewed` (and `event.participant-disqualified`) per person; 400 without a reason; 409 `FLAG_DECIDED` after a disqualification of anyone acted on, `NO_COUNTERPART` when the pair's other flag is gone; 422 `NOTHING_TO_DISQUALIFY` for a practice-board flag, `NO_COUNTERPART` for `counterpart`/`both` on a flag about one person",
    },
    input: reviewFlagInput,
    async handler({ req, input, session, ip }) {
      return { body: await reviewFlag(await getDb(), session.user, String(req.query.id), input, { ip }) };
    },
  }),
});
