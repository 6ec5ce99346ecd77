import { requestPasswordReset } from "@/features/account/server/lifecycle";
import { resetRequestSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { sentAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    answer: sentAnswer,
    docs: {
      summary: "Ask for a password-reset link",
      description: "Input: `{email}`",
      status: 202,
      response: "202 `{sent:true}` whether or not the address has an account (a disabled account gets no mail; an unknown address gets a \"no account\" mail); 400; 429",
      rateLimited: "password reset, per address and per IP",
    },
    input: resetRequestSchema,
    async handler({ input, ip }) {
      await requestPasswordReset(await getDb(), input.email, ip);
      // The same answer whether or not the address has an account.
      return { status: 202, body: { sent: true } as const };
    },
  }),
});
