import { isDomainError } from "@/domain/errors";
import { fillsForCorrector } from "@/features/corrections";
import { findPortfolioFor, listFills } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { fillsPage } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List a portfolio’s fills",
      description: "Input: `?page=&pageSize=`. The owner, admins, and whoever may correct the portfolio (a teacher of the owner's class, the event's organiser). A compensating fill carries `reversalOf`, a reversed one `reversedBy`.",
      response: "200 `{items:[{id,orderId,portfolioId,symbol,side,quantity,price,commission,reason,referencePrice,impactBps,reversalOf,reversedBy,createdAt}], page, pageSize, total}` — `referencePrice` the market price the fill was priced against and `impactBps` the market impact it paid (decision 056; null for earlier fills and reversals)",
    },
    input: pageQuery,
    answer: fillsPage,
    async handler({ req, input, session }) {
      const db = await getDb();
      const id = String(req.query.id);
      const portfolio = await findPortfolioFor(db, id, session.user).catch((error: unknown) => {
        if (isDomainError(error) && error.kind === "not-found") return null;
        throw error;
      });
      return { body: portfolio ? await listFills(db, portfolio.id, input) : await fillsForCorrector(db, session.user, id, input) };
    },
  }),
});
