import { z } from "zod";
import { PERFORMANCE_RANGES, portfolioPerformance } from "@/features/portfolio";
import { findPortfolioFor } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

const query = z.object({
  range: z.enum(PERFORMANCE_RANGES, { error: "range is one of day, week, month, all." }).default("day"),
});

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    input: query,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await portfolioPerformance(db, portfolio, input.range) };
    },
  }),
});
