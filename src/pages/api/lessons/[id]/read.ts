import { markRead } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { lessonReadAnswer } from "@/features/learn/types";
import { apiRoute, method } from "@/server/http/api-route";
import { resolveTimeZone } from "@/server/http/time-zone";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: lessonReadAnswer,
    docs: {
      summary: "Mark a lesson read",
      response: "200 `{xpAwarded}` (10 the first time, then 0)",
    },
    async handler({ req, session }) {
      const timeZone = resolveTimeZone(session.user.timeZone, req.cookies);
      return { body: await markRead(await getDb(), session.user.id, String(req.query.id), timeZone) };
    },
  }),
});
