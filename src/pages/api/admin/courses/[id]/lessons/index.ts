import { createLesson } from "@/features/learn/server/authoring";
import { newLessonSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { lessonCreated } from "@/features/learn/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Add a lesson to a course",
      description: "Input: `{slug, title}`",
      status: 201,
      response: "201 `{id, slug}` (an unpublished, empty lesson)",
    },
    input: newLessonSchema,
    answer: lessonCreated,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await createLesson(await getDb(), { id: session.user.id, ip }, String(req.query.id), input) };
    },
  }),
});
