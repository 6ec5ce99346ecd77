import { joinTeam, joinTeamInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { teamJoined } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Join a team with its code",
      description:
        "Input: `{code}` (case, spaces and dashes ignored). Joins the team of this event the code opens; its members share its portfolio. Codes that open nothing count against the join-code guess limit (per person and IP).",
      response: "200 `{id, name, joined}` (`joined: false` when already in it); 400; 404 `UNKNOWN_TEAM_CODE` (or no such event); 422 `TEAM_FULL`, `ALREADY_IN_A_TEAM`, `ALREADY_JOINED_ALONE`, `EVENT_ENDED`; 429",
    },
    input: joinTeamInput,
    answer: teamJoined,
    async handler({ req, input, session, ip }) {
      return { body: await joinTeam(await getDb(), session.user, String(req.query.slug), input.code, { ip }) };
    },
  }),
});
