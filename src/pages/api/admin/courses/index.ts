import { adminListCourses, createCourse } from "@/features/learn/server/authoring";
import { courseInputSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler() {
      return { body: { items: await adminListCourses(await getDb()) } };
    },
  }),
  POST: method({
    auth: "admin",
    input: courseInputSchema,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createCourse(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
