import { adminGetLesson, deleteLesson, saveLesson } from "@/features/learn/server/authoring";
import { lessonInputSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent } from "@/lib/api/answers";
import { adminLesson, lessonSaved } from "@/features/learn/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "A lesson with its answers (authoring)",
      response: "200 the whole lesson with correct answers; 404",
    },
    answer: adminLesson,
    async handler({ req }) {
      return { body: await adminGetLesson(await getDb(), String(req.query.id)) };
    },
  }),
  PUT: method({
    auth: "admin",
    docs: {
      summary: "Replace a lesson",
      description: "Input: `{slug, title, body, passMark (1–100), unlocks: null|\"short-selling\", published, questions:[{prompt, options:[{text, correct, explanation}] (2–8, ≥ 1 correct)}]}`",
      response: "200 `{id, updatedAt}`; 400 with `fields` named down to `questions.0.options.1.text`; 404",
    },
    input: lessonInputSchema,
    answer: lessonSaved,
    async handler({ req, input, session, ip }) {
      return { body: await saveLesson(await getDb(), { id: session.user.id, ip }, String(req.query.id), input) };
    },
  }),
  DELETE: method({
    auth: "admin",
    docs: {
      summary: "Delete a lesson",
      status: 204,
      response: "Deleted; 404",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      await deleteLesson(await getDb(), { id: session.user.id, ip }, String(req.query.id));
      return { status: 204 };
    },
  }),
});
