import { adminListCourses, createCourse } from "@/features/learn/server/authoring";
import { courseInputSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { adminCoursesAnswer, courseRecord } from "@/features/learn/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List courses (authoring)",
      response: "200 `{items:[{id, slug, title, summary, published, position, lessonCount}]}`",
    },
    answer: adminCoursesAnswer,
    async handler() {
      return { body: { items: await adminListCourses(await getDb()) } };
    },
  }),
  POST: method({
    auth: "admin",
    docs: {
      summary: "Create a course",
      description: "Input: `{slug, title, summary?, published?}`",
      status: 201,
      response: "201 the course; 400 with `fields`; 409 `SLUG_TAKEN` (with `fields.slug`)",
    },
    input: courseInputSchema,
    answer: courseRecord,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createCourse(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
