import { changePassword } from "@/features/account/server/lifecycle";
import { changePasswordSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    input: changePasswordSchema,
    async handler({ input, session, ip }) {
      await changePassword(await getDb(), session.user.id, input, ip);
      return { body: { changed: true } };
    },
  }),
});
