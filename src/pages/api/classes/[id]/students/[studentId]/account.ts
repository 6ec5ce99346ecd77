import { deleteRosterAccount } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { noContent } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "user",
    docs: {
      summary: "Delete a roster student's account",
      description:
        "For a roster account this class made: the account and everything it holds are deleted, as when a person deletes their own (ended events keep its standings under \"Deleted user\"). The class's teachers and admins only; audited.",
      status: 204,
      response: "204; 403 (a student of the class); 404; 422 `NOT_A_ROSTER_ACCOUNT` (the student joined with their own account)",
    },
    answer: noContent,
    async handler({ req, session, ip }) {
      await deleteRosterAccount(await getDb(), session.user, String(req.query.id), String(req.query.studentId), { ip });
      return { status: 204 };
    },
  }),
});
