import { verifyEmail } from "@/features/account/server/lifecycle";
import { tokenSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { emailAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    answer: emailAnswer,
    docs: {
      summary: "Verify an email address with its token",
      description: "Input: `{token}` (10–200 chars)",
      response: "200 `{email}`; 400; 422 `TOKEN_INVALID` (unknown, used, expired, or for an address no longer the account's)",
    },
    input: tokenSchema,
    async handler({ input }) {
      return { body: await verifyEmail(await getDb(), input.token) };
    },
  }),
});
