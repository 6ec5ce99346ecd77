import { signOutEverywhere } from "@/features/account/server/lifecycle";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    async handler({ session, ip }) {
      await signOutEverywhere(await getDb(), session.user.id, ip);
      return { body: { signedOut: true } };
    },
  }),
});
