import { findEventByCode, findEventByCodeInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

/** POST { code }: the event a join code opens ({ slug, title, code }), or 404 UNKNOWN_JOIN_CODE; wrong codes are rate limited. */
export default apiRoute({
  POST: method({
    auth: "user",
    input: findEventByCodeInput,
    async handler({ input, session, ip }) {
      return { body: await findEventByCode(await getDb(), session.user, input.code, { ip }) };
    },
  }),
});
