import { getLesson } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A lesson with its quiz",
      response: "200 the lesson: `{id, slug, title, body (Markdown), minutes, passMark, unlocks, course, position, previous, next, questions:[{id, prompt, multiple, options:[{id, text}]}], progress}` — which options are correct is **not** included; 404 for unknown or unpublished",
    },
    async handler({ req, session }) {
      return { body: await getLesson(await getDb(), String(req.query.id), session.user.id) };
    },
  }),
});
