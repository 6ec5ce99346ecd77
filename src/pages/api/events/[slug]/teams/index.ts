import { createTeam, createTeamInput, teamsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { teamCreated, teamsView } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "An event's teams",
      description: "For someone who may see the event. Members are shown as first name + initial; a team's code only to its members, and to admins and the class's teacher; `memberIds` (the members' ids) only to admins and the class's teacher, else null.",
      response: "200 the event's teams; 404",
    },
    answer: teamsView,
    async handler({ req, session }) {
      return { body: await teamsFor(await getDb(), session.user, String(req.query.slug)) };
    },
  }),
  POST: method({
    auth: "user",
    docs: {
      summary: "Found a team",
      description:
        "Input: `{name}` (1–40 characters, unique in the event). The caller becomes the team's first member; the team gets a shared portfolio with the event's starting cash and a code (ABCD-EFGH) classmates join with. By the event's joining rules (a class contest: its class's members).",
      status: 201,
      response: "201 `{id, name, code, portfolioId}`; 400; 404; 409 `TEAM_NAME_TAKEN`; 422 `NOT_A_TEAM_EVENT`, `ALREADY_IN_A_TEAM`, `ALREADY_JOINED_ALONE`, `EVENT_ENDED`, `LATE_ENTRY_CLOSED`, `LESSON_REQUIRED`",
    },
    input: createTeamInput,
    answer: teamCreated,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await createTeam(await getDb(), session.user, String(req.query.slug), input, { ip }) };
    },
  }),
});
