import { createToken, listTokens } from "@/features/account/server/api-tokens";
import { createApiTokenSchema } from "@/lib/validation/api-tokens";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

// A token can never list or make tokens: only a signed-in browser can (docs/decisions/031).
export default apiRoute({
  GET: method({
    auth: "user",
    scope: "session",
    async handler({ session }) {
      return { body: { items: await listTokens(await getDb(), session.user.id) } };
    },
  }),
  POST: method({
    auth: "user",
    scope: "session",
    input: createApiTokenSchema,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createToken(await getDb(), session.user.id, input, ip) };
    },
  }),
});
