import { createToken, listTokens } from "@/features/account/server/api-tokens";
import { createApiTokenSchema } from "@/lib/validation/api-tokens";
import { getDb } from "@/server/db";
import { apiTokenCreated, apiTokensAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

// A token can never list or make tokens: only a signed-in browser can (docs/decisions/031).
export default apiRoute({
  GET: method({
    auth: "user",
    answer: apiTokensAnswer,
    docs: {
      summary: "List my API tokens",
      response: "200 `{items:[{id, name, prefix, scopes, createdAt, expiresAt, lastUsedAt, revokedAt, state: \"active\"|\"revoked\"|\"expired\"|\"ended\"}]}`, newest first; `prefix` is the token's first 10 characters; `lastUsedAt` is written at most once a minute; the secret is never listed",
    },
    scope: "session",
    async handler({ session }) {
      return { body: { items: await listTokens(await getDb(), session.user.id) } };
    },
  }),
  POST: method({
    auth: "user",
    answer: apiTokenCreated,
    docs: {
      summary: "Create an API token (shown once)",
      description: "Input: `{name (1–60), scopes: [\"read\"|\"trade\"|\"admin\", …] (at least one), expiresInDays: 1–365}`",
      status: 201,
      response: "201 the token as listed plus `token` (`tlk_` + 43 characters), the only time it is shown; 400 (`fields.scopes` for `admin` from a member); 422 `TOO_MANY_TOKENS` (20 working tokens); audited as `account.api-token-created`",
    },
    scope: "session",
    input: createApiTokenSchema,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createToken(await getDb(), session.user.id, input, ip) };
    },
  }),
});
