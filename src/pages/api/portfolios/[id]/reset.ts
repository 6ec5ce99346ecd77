import { portfolioSummary } from "@/features/portfolio";
import { findPortfolioFor, resetPracticePortfolio } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { summaryAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Start the practice portfolio over",
      response: "200 the summary of the practice portfolio started over: holdings, orders, fills, ledger and snapshots deleted, 100,000.00 in cash, audited as `portfolio.reset`; 422 `RESET_NOT_ALLOWED` for an event portfolio; 404",
    },
    scope: "trade",
    answer: summaryAnswer,
    async handler({ req, session, ip }) {
      const db = await getDb();
      await resetPracticePortfolio(db, { userId: session.user.id, portfolioId: String(req.query.id), ip });
      return { body: await portfolioSummary(db, await findPortfolioFor(db, String(req.query.id), session.user)) };
    },
  }),
});
