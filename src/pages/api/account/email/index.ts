import { requestEmailChange } from "@/features/account/server/lifecycle";
import { changeEmailSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    input: changeEmailSchema,
    async handler({ input, session, ip }) {
      await requestEmailChange(await getDb(), session.user.id, input, ip);
      return { status: 202, body: { sent: true } };
    },
  }),
});
