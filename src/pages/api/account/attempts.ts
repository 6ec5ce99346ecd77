/** How long the sign-in form must wait after "too many attempts" (counts nothing itself). */
import { z } from "zod";
import { getDb } from "@/server/db";
import { attemptsAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";
import { peekWait } from "@/server/http/rate-limit";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "public",
    answer: attemptsAnswer,
    docs: {
      summary: "How long sign-in or email links must wait",
      description: "Input: `?action=sign-in|email-link&email=`",
      response: "200 `{retryAfterSeconds}` — how long the address or this IP must still wait (0: none). Counts nothing.",
    },
    input: z.object({
      action: z.enum(["sign-in", "email-link"]),
      email: z.string().max(254).optional(),
    }),
    async handler({ input, ip }) {
      const retryAfterSeconds = await peekWait(await getDb(), input.action, { address: input.email, ip });
      return { body: { retryAfterSeconds } };
    },
  }),
});
