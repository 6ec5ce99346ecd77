import { resetPassword } from "@/features/account/server/lifecycle";
import { resetConfirmSchema } from "@/lib/validation/account";
import { getDb } from "@/server/db";
import { passwordResetAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "public",
    answer: passwordResetAnswer,
    docs: {
      summary: "Set a new password with a reset token",
      description: "Input: `{token, password}`",
      response: "200 `{reset:true}`: new password, address marked verified, every session ended; 400; 422 `TOKEN_INVALID`",
    },
    input: resetConfirmSchema,
    async handler({ input, ip }) {
      await resetPassword(await getDb(), input.token, input.password, ip);
      return { body: { reset: true } as const };
    },
  }),
});
