import { findPortfolioFor, listFills } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    input: pageQuery,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await listFills(db, portfolio.id, input) };
    },
  }),
});
