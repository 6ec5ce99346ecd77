import { getClassFor } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class",
      description: "For its teachers and admins the teacher's view; for its students the student's view. Anyone else gets 404, as for no class.",
      response:
        "200 teacher's view `{view:\"teacher\", id, name, startsOn, endsOn, role, teachers:[{name}], joinCode, inviteUrl, createdAt, students:[{id, name, username, roster, joinedAt}]}` (`username` only for roster accounts this class made) or student's view `{view:\"student\", id, name, startsOn, endsOn, role:\"student\", teachers:[{name}], classmates:[first name + initial]}`; 404",
    },
    async handler({ req, session }) {
      return { body: await getClassFor(await getDb(), session.user, String(req.query.id)) };
    },
  }),
});
