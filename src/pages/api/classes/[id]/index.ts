import { getClassFor } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { classView } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class",
      description: "For its teachers and admins the teacher's view; for its students the student's view. Anyone else gets 404, as for no class.",
      response:
        "200 teacher's view `{view:\"teacher\", id, name, startsOn, endsOn, role, teachers:[{name}], joinCode, inviteUrl, createdAt, students:[{id, name, username, roster, joinedAt, reportCards:[{slug, title, href}]}], contests}` (`username` only for roster accounts this class made; `reportCards`: the student's cards in the class's ended contests) or student's view `{view:\"student\", id, name, startsOn, endsOn, role:\"student\", teachers:[{name}], classmates:[first name + initial], contests}`; both with `contests:[{slug, title, startsAt, endsAt, status, metric, teams, participants (people, not teams), teamCount, joined, finalized, studentsOut (the teacher's view: students not in it yet; null for a student)}]`; 404",
    },
    answer: classView,
    async handler({ req, session }) {
      return { body: await getClassFor(await getDb(), session.user, String(req.query.id)) };
    },
  }),
});
