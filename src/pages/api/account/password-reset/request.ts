import { requestPasswordReset } from "@/features/account/server/lifecycle";
import { resetRequestSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    input: resetRequestSchema,
    async handler({ input, ip }) {
      await requestPasswordReset(await getDb(), input.email, ip);
      // The same answer whether or not the address has an account.
      return { status: 202, body: { sent: true } };
    },
  }),
});
