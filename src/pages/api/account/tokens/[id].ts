import { revokeToken } from "@/features/account/server/api-tokens";
import { getDb } from "@/server/db";
import { noContent } from "@/lib/api/answers";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "user",
    answer: noContent,
    docs: {
      summary: "Revoke an API token",
      status: 204,
      response: "204, the token answers 401 from its next request; 404 unknown, someone else's or already revoked; audited as `account.api-token-revoked`",
    },
    scope: "session",
    async handler({ req, session, ip }) {
      await revokeToken(await getDb(), session.user.id, String(req.query.id).slice(0, 100), ip);
      return { status: 204 };
    },
  }),
});
