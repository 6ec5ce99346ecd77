import { adminGetCourse, deleteCourse, updateCourse } from "@/features/learn/server/authoring";
import { coursePatchSchema } from "@/lib/validation/learn";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    async handler({ req }) {
      return { body: await adminGetCourse(await getDb(), String(req.query.id)) };
    },
  }),
  PATCH: method({
    auth: "admin",
    input: coursePatchSchema,
    async handler({ req, input, session, ip }) {
      return { body: await updateCourse(await getDb(), { id: session.user.id, ip }, String(req.query.id), input) };
    },
  }),
  DELETE: method({
    auth: "admin",
    async handler({ req, session, ip }) {
      await deleteCourse(await getDb(), { id: session.user.id, ip }, String(req.query.id));
      return { status: 204 };
    },
  }),
});
