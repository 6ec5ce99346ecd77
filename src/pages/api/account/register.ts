import { register } from "@/features/account/server/lifecycle";
import { registerSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { registeredAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    answer: registeredAnswer,
    docs: {
      summary: "Create an account",
      description: "Input: `{email, password, name}` — email ≤ 254, password 8–200 characters, name 1–60 without control characters",
      status: 201,
      response: "201 `{user:{id,email,name,role}}` and a verification email; 400; 409 `EMAIL_TAKEN`; 429",
      rateLimited: "registration, per address and per IP",
    },
    input: registerSchema,
    async handler({ input, ip }) {
      const user = await register(await getDb(), input, ip);
      return { status: 201, body: { user } };
    },
  }),
});
