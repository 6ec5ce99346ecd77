import { portfolioSummary } from "@/features/portfolio";
import { getOrCreatePracticePortfolio } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    async handler({ session }) {
      const db = await getDb();
      return { body: await portfolioSummary(db, await getOrCreatePracticePortfolio(db, session.user.id)) };
    },
  }),
});
