import { confirmEmailChange } from "@/features/account/server/lifecycle";
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
      summary: "Confirm a new email address",
      description: "Input: `{token}`",
      response: "200 `{email}`: address changed and verified, every session ended; 409 `EMAIL_TAKEN`; 422 `TOKEN_INVALID`",
    },
    input: tokenSchema,
    async handler({ input, ip }) {
      return { body: await confirmEmailChange(await getDb(), input.token, ip) };
    },
  }),
});
