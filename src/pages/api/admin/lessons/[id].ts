import { adminGetLesson, deleteLesson, saveLesson } from "@/features/learn/server/authoring";
import { lessonInputSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler({ req }) {
      return { body: await adminGetLesson(await getDb(), String(req.query.id)) };
    },
  }),
  PUT: method({
    auth: "admin",
    input: lessonInputSchema,
    async handler({ req, input, session, ip }) {
      return { body: await saveLesson(await getDb(), { id: session.user.id, ip }, String(req.query.id), input) };
    },
  }),
  DELETE: method({
    auth: "admin",
    async handler({ req, session, ip }) {
      await deleteLesson(await getDb(), { id: session.user.id, ip }, String(req.query.id));
      return { status: 204 };
    },
  }),
});
