import { findPortfolioFor, listPortfolioActions } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { portfolioActionsAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "What dividends and splits did to a portfolio",
      description: "The owner (and a team's members) and admins. Newest first, at most 100 (docs/decisions/052-corporate-actions.md).",
      response:
        '200 `{items:[{actionId,kind:"dividend"|"split",symbol,exDate,payDate?,reason,amount,quantityBefore,quantityAfter,paid?,at}]}`: `reason` reads "Dividend 0.42 × 120 shares" or "Split 2:1: 120 → 240 shares"; `amount` is the signed dividend owed to (or, on a short, by) the portfolio, or the cash a split\'s fraction settled; 404',
    },
    answer: portfolioActionsAnswer,
    async handler({ req, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: { items: await listPortfolioActions(db, portfolio.id) } };
    },
  }),
});
