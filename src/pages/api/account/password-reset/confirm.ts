import { resetPassword } from "@/features/account/server/lifecycle";
import { resetConfirmSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    input: resetConfirmSchema,
    async handler({ input, ip }) {
      await resetPassword(await getDb(), input.token, input.password, ip);
      return { body: { reset: true } };
    },
  }),
});
