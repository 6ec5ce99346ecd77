import { requestEmailChange } from "@/features/account/server/lifecycle";
import { changeEmailSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { sentAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: sentAnswer,
    docs: {
      summary: "Change my email address (sends a confirmation link)",
      description: "Input: `{newEmail, currentPassword?}` — `currentPassword` required when the account has a password",
      status: 202,
      response: "202 `{sent:true}`: a confirmation link goes to the new address; 400 (same address); 409 `EMAIL_TAKEN`; 422 `WRONG_PASSWORD` with `fields.currentPassword`; 422 `ROSTER_ACCOUNT` (a class's roster account has no email address); 429",
      rateLimited: "the account address’s sign-in limit, and the IP’s",
    },
    input: changeEmailSchema,
    async handler({ input, session, ip }) {
      await requestEmailChange(await getDb(), session.user.id, input, ip);
      return { status: 202, body: { sent: true } as const };
    },
  }),
});
