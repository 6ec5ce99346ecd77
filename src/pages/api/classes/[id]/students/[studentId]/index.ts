import { removeStudent } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "user",
    docs: {
      summary: "Remove a student from a class",
      description: "The student's account stays (a roster account can be deleted with `DELETE …/account`). The class's teachers and admins only; audited.",
      status: 204,
      response: "204; 403 (a student of the class); 404 (no such class or student)",
    },
    async handler({ req, session, ip }) {
      await removeStudent(await getDb(), session.user, String(req.query.id), String(req.query.studentId), { ip });
      return { status: 204 };
    },
  }),
});
