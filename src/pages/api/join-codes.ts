import { findEventByCode, findEventByCodeInput } from "@/features/events";
import { getDb } from "@/server/db";
import { joinCodeAnswer } from "@/features/events/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

/** POST { code }: the event a join code opens ({ slug, title, code }), or 404 UNKNOWN_JOIN_CODE; wrong codes are rate limited. */
export default apiRoute({
  POST: method({
    auth: "user",
    answer: joinCodeAnswer,
    docs: {
      summary: "Find the event a join code opens",
      description: "Input: `{code}` (any case, spaces or a dash). The \"Have a join code?\" box on `/events`: the browser then opens `/events/{slug}?code=` and joins there.",
      response:
        "200 `{slug, title, code}` (`code` as `ABCD-EFGH`) for the unarchived event the code opens; 404 `UNKNOWN_JOIN_CODE` (`fields.code` says it) when no event has it; every unknown code counts against the caller and their IP like a wrong password (`RATE_LIMIT_PER_ADDRESS` / `RATE_LIMIT_PER_IP` per `RATE_LIMIT_WINDOW_MINUTES`), then 429 `RATE_LIMITED` with `Retry-After` for every try until the window ends",
      rateLimited: "unknown codes, per person and per IP (like sign-in guesses)",
    },
    input: findEventByCodeInput,
    async handler({ input, session, ip }) {
      return { body: await findEventByCode(await getDb(), session.user, input.code, { ip }) };
    },
  }),
});
