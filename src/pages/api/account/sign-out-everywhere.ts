import { signOutEverywhere } from "@/features/account/server/lifecycle";
import { getDb } from "@/server/db";
import { signedOutAnswer } from "@/features/account/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    answer: signedOutAnswer,
    docs: {
      summary: "Sign out on every device",
      response: "200 `{signedOut:true}`: every session of the person ends at its next request",
    },
    async handler({ session, ip }) {
      await signOutEverywhere(await getDb(), session.user.id, ip);
      return { body: { signedOut: true } as const };
    },
  }),
});
