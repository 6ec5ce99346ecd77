import { resendVerification } from "@/features/account/server/lifecycle";
import { getDb } from "@/server/db";
import { sentAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: sentAnswer,
    docs: {
      summary: "Send the verification email again",
      status: 202,
      response: "202 `{sent:true}`; 409 `ALREADY_VERIFIED`",
    },
    async handler({ session }) {
      await resendVerification(await getDb(), session.user.id);
      return { status: 202, body: { sent: true } as const };
    },
  }),
});
