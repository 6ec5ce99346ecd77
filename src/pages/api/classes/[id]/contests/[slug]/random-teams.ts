import { randomClassTeams, randomTeamsInput } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { randomTeams } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Random teams of a class contest",
      description:
        "Input: `{size}` (within the contest's team sizes). The class's students in no team yet are shuffled into teams of `size`: the remainder is spread over them while no team grows past the contest's largest size, else one team more with everyone spread evenly, else the few who fit nowhere stay out (`leftOut`). The teams are named Team 1, Team 2, … (names no team of the contest has) and founded as a team the teacher forms. The class's teachers and admins only.",
      status: 201,
      response: "201 `{teams:[{id, name, size}], placed, leftOut, alreadyInTeams}`; 400 (`size` not a whole number from 2 to 5); 403 (a student); 404; 422 `NO_RANDOM_TEAMS` (a size outside the contest's, or fewer students left than its smallest team), `NOT_A_TEAM_EVENT`, `EVENT_ENDED`",
    },
    input: randomTeamsInput,
    answer: randomTeams,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await randomClassTeams(await getDb(), session.user, String(req.query.id), String(req.query.slug), input, { ip }) };
    },
  }),
});
