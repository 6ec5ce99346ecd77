import { getCourse } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { courseAnswer } from "@/features/learn/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: courseAnswer,
    docs: {
      summary: "A course and its lessons",
      response: "200 `{id, slug, title, summary, lessons:[{id, slug, title, minutes, status: \"not-started\"|\"read\"|\"passed\", bestScore}]}`; 404",
    },
    async handler({ req, session }) {
      return { body: await getCourse(await getDb(), String(req.query.slug), session.user.id) };
    },
  }),
});
