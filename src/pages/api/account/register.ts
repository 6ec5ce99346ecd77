import { register } from "@/features/account/server/lifecycle";
import { registerSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    input: registerSchema,
    async handler({ input, ip }) {
      const user = await register(await getDb(), input, ip);
      return { status: 201, body: { user } };
    },
  }),
});
