import { changePassword } from "@/features/account/server/lifecycle";
import { changePasswordSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { passwordChangedAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: passwordChangedAnswer,
    docs: {
      summary: "Set or change my password",
      description: "Input: `{currentPassword?, newPassword}` — `currentPassword` required when the account has a password",
      response: "200 `{changed:true}`, every session ended (the caller's too: sign in again); 400; 422 `WRONG_PASSWORD` with `fields.currentPassword`; 429",
      rateLimited: "the account address’s sign-in limit, and the IP’s",
    },
    input: changePasswordSchema,
    async handler({ input, session, ip }) {
      await changePassword(await getDb(), session.user.id, input, ip);
      return { body: { changed: true } as const };
    },
  }),
});
