import { adminGetCourse, deleteCourse, updateCourse } from "@/features/learn/server/authoring";
import { coursePatchSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent } from "@/lib/api/answers";
import { adminCourse, courseRecord } from "@/features/learn/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "A course with its lessons (authoring)",
      response: "200 the course with `lessons:[{id, slug, title, published, questionCount, minutes}]`; 404",
    },
    answer: adminCourse,
    async handler({ req }) {
      return { body: await adminGetCourse(await getDb(), String(req.query.id)) };
    },
  }),
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change a course",
      description: "Input: any of `{slug, title, summary, published}`",
      response: "200 the course; 400 with `fields`; 404; 409 `SLUG_TAKEN`",
    },
    input: coursePatchSchema,
    answer: courseRecord,
    async handler({ req, input, session, ip }) {
      return { body: await updateCourse(await getDb(), { id: session.user.id, ip }, String(req.query.id), input) };
    },
  }),
  DELETE: method({
    auth: "admin",
    docs: {
      summary: "Delete a course",
      status: 204,
      response: "Deleted; 404",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      await deleteCourse(await getDb(), { id: session.user.id, ip }, String(req.query.id));
      return { status: 204 };
    },
  }),
});
