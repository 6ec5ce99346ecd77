import { joinClass, joinClassInput } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { classJoined } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Join a class with its join code",
      description:
        "Input: `{code}` (any case, spaces or a dash). The invite link `/classes/join?code=` posts this when the person presses Join. Joining again answers the same class.",
      response:
        "200 `{id, name, role, joined}` (`joined`: false when already in it); 404 `UNKNOWN_JOIN_CODE` (`fields.code`); 422 `CLASS_FULL`; every unknown code counts against the caller and their IP like a wrong password (shared with events' join codes), then 429 `RATE_LIMITED` with `Retry-After`",
      rateLimited: "unknown codes, per person and per IP (like sign-in guesses)",
    },
    input: joinClassInput,
    answer: classJoined,
    async handler({ input, session, ip }) {
      return { body: await joinClass(await getDb(), session.user, input.code, { ip }) };
    },
  }),
});
