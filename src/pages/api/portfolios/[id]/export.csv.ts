import { findPortfolioFor, portfolioCsv } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { portfolioCsvAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "Orders and fills as CSV",
      response: "200 `text/csv`, `Content-Disposition: attachment`: one line per order (`record=order`: type, trail, notional, `order_class`, `leg`, `parent_id`, status, `filled_quantity`, `average_price`, its journal note in the last column, `note`) and per fill (`record=fill`: price, `reference_price`, `impact_bps`, commission, reason, `reversal_of`); cells starting with `=`, `+`, `-`, `@`, tab or CR are prefixed with `'`",
      contentType: "text/csv",
    },
    answer: portfolioCsvAnswer,
    async handler({ req, res, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      const csv = await portfolioCsv(db, portfolio.id);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="portfolio-${portfolio.id}.csv"`);
      res.setHeader("Cache-Control", "private, no-store");
      res.status(200).send(csv);
    },
  }),
});
