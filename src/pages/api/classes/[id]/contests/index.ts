import { classContestInput, createClassContest } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { classContestCreated } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Create a class contest",
      description:
        "Input: the event fields of `POST /api/admin/events` without `visibility`, `maxParticipants` and `replay`: `{title, description?, startsAt, endsAt, startingCash, commissionFlat?, commissionBps?, allowShort?, maxPositionPct?, lateEntry?, metric?: return|sharpe (default sharpe), instruments?, requiredLesson?, margin?, borrowFees?}` (margin and borrow fees as for events: decision 070). A class contest is seen and joined only by the class's members (and admins); it has no join code. The class's teachers and admins only.",
      status: 201,
      response: "201 `{event, slug}`; 400 (`fields` name the inputs, as for events); 403 (a student of the class); 404 (not in the class, no class)",
    },
    input: classContestInput,
    answer: classContestCreated,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await createClassContest(await getDb(), session.user, String(req.query.id), input, { ip }) };
    },
  }),
});
