import { practiceFlagsFor } from "@/features/fairplay";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { practiceFlagsAnswer } from "@/features/fairplay/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "The practice board's fair-play flags",
      response: "200 `{items: [flag as in GET /api/events/{slug}/flags], open}`: repeated resets; reviewed with POST /api/fair-play/flags/{id} (dismiss or warn)",
    },
    answer: practiceFlagsAnswer,
    async handler({ session }) {
      return { body: await practiceFlagsFor(await getDb(), session.user) };
    },
  }),
});
