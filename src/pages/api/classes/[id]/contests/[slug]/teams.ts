import { formClassTeam, formTeamInput } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { teamCreated } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Form a team of a class contest",
      description:
        "Input: `{name, members:[studentId]}` (1–5 students of the class, none in a team of the contest yet). The team's shared portfolio is opened; the first student holds its place on the board. The class's teachers and admins only.",
      status: 201,
      response: "201 `{id, name, code, portfolioId}`; 400 (`members` not students of the class); 403 (a student); 404; 409 `TEAM_NAME_TAKEN`; 422 `NOT_A_TEAM_EVENT`, `ALREADY_IN_A_TEAM` (its message names the student and the team they are in), `TEAM_FULL`, `EVENT_ENDED`",
    },
    input: formTeamInput,
    answer: teamCreated,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await formClassTeam(await getDb(), session.user, String(req.query.id), String(req.query.slug), input, { ip }) };
    },
  }),
});
