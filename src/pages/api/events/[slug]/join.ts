import { joinEvent, joinEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    scope: "trade",
    input: joinEventInput,
    async handler({ req, input, session }) {
      const answer = await joinEvent(await getDb(), session.user, String(req.query.slug), { code: input.code });
      return { status: answer.created ? 201 : 200, body: answer };
    },
  }),
});
