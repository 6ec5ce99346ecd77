import { portfolioSummary } from "@/features/portfolio";
import { findPortfolioFor, resetPracticePortfolio } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    scope: "trade",
    async handler({ req, session, ip }) {
      const db = await getDb();
      await resetPracticePortfolio(db, { userId: session.user.id, portfolioId: String(req.query.id), ip });
      return { body: await portfolioSummary(db, await findPortfolioFor(db, String(req.query.id), session.user)) };
    },
  }),
});
