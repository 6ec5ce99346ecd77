import { portfolioSummary } from "@/features/portfolio";
import { findPortfolioFor } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { summaryAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A portfolio’s summary",
      response: "200 the same summary; 404 unless the caller owns it (admins may read any)",
    },
    answer: summaryAnswer,
    async handler({ req, session }) {
      const db = await getDb();
      return { body: await portfolioSummary(db, await findPortfolioFor(db, String(req.query.id), session.user)) };
    },
  }),
});
