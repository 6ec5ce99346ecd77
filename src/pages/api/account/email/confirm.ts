import { confirmEmailChange } from "@/features/account/server/lifecycle";
import { tokenSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    input: tokenSchema,
    async handler({ input, ip }) {
      return { body: await confirmEmailChange(await getDb(), input.token, ip) };
    },
  }),
});
