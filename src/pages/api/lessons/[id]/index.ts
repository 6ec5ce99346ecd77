import { getLesson } from "@/features/learn/server/learning";
import { getDb } from "@/server/db";
import { lessonAnswer } from "@/features/learn/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: lessonAnswer,
    docs: {
      summary: "A lesson with its quiz",
      description:
        "Draws the person's quiz attempt from the lesson's question bank when none is open (the previous attempt's questions are avoided while the bank has others); a reload shows the same open attempt. During a cool-down nothing is drawn and `quiz.retryAt` says until when",
      response:
        "200 the lesson: `{id, slug, title, body (Markdown), minutes, passMark, unlocks, course, position, previous, next, quiz:{attemptId, size, questions:[{id, prompt, multiple, options:[{id, text}]}], retryAt}, progress}` — options in the drawn order; which are correct and the explanations are **not** included; 404 for unknown or unpublished",
    },
    async handler({ req, session }) {
      return { body: await getLesson(await getDb(), String(req.query.id), session.user.id) };
    },
  }),
});
