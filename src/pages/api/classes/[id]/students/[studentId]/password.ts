import { resetStudentPassword } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { newPassword } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Give a roster student a new password",
      description:
        "For a roster account this class made. Every session of the student ends at their next request. The class's teachers and admins only; audited.",
      response: "200 `{password}` (shown this once); 403 (a student of the class); 404; 422 `NOT_A_ROSTER_ACCOUNT` (the student joined with their own account)",
    },
    answer: newPassword,
    async handler({ req, session, ip }) {
      return { body: await resetStudentPassword(await getDb(), session.user, String(req.query.id), String(req.query.studentId), { ip }) };
    },
  }),
});
