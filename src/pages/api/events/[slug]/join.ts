import { joinEvent, joinEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { joinAnswer } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Join an event",
      description: "Input: `{code?}`",
      status: 201,
      response: "201 `{portfolioId, joined: true, created: true, slug}`; joining again answers 200 with the same `portfolioId` (`created: false`); 404 private without the right code; 422 `EVENT_ENDED`, `LATE_ENTRY_CLOSED`, `EVENT_FULL`, `LESSON_REQUIRED` (`fields.requiredLesson` = the lesson id), `PARTICIPANT_REMOVED`. The portfolio (starting cash = the event's) is then served by `/api/portfolios/{id}…` and trades under the event's rules: `EVENT_NOT_LIVE`, `INSTRUMENT_NOT_ALLOWED`, `SHORTING_DISABLED`, `POSITION_LIMIT`, the event's commission; a removed participant's orders are refused with 422 `PARTICIPANT_REMOVED`",
    },
    scope: "trade",
    input: joinEventInput,
    answer: joinAnswer,
    async handler({ req, input, session, ip }) {
      const answer = await joinEvent(await getDb(), session.user, String(req.query.slug), { code: input.code, ip });
      return { status: answer.created ? 201 : 200, body: answer };
    },
  }),
});
