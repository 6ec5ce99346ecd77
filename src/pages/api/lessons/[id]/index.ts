import { getLesson } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    async handler({ req, session }) {
      return { body: await getLesson(await getDb(), String(req.query.id), session.user.id) };
    },
  }),
});
