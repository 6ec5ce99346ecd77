import { findPortfolioFor, listFills } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List a portfolio’s fills",
      description: "Input: `?page=&pageSize=`",
      response: "200 `{items:[{id,orderId,portfolioId,symbol,side,quantity,price,commission,reason,createdAt}], page, pageSize, total}`",
    },
    input: pageQuery,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await listFills(db, portfolio.id, input) };
    },
  }),
});
