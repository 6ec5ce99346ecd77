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
    docs: {
      summary: "Performance and risk figures",
      description: "Input: `?range=day|week|month|all` (default `day`: the last 24 h, 7 days, 30 days, all time)",
      response: "200 `{range, stepMinutes (5, 60, 60, 1440), benchmark:{symbol,name}, points:[{at, equity, benchmark}], metrics:{totalReturn, benchmarkReturn, maxDrawdown, volatility, sharpe, beta, alpha, observations, minObservations}}` — `points` are the range's equity snapshots (a portfolio younger than the range starts at its starting cash) ending at equity now; `benchmark` is the portfolio's benchmark (TLX; a replay event's own index of its instruments) scaled to the range's first equity (null before it had a level); volatility, Sharpe, beta and alpha are annualised from the evenly spaced snapshots by the one risk function (`riskFigures`, also what a Sharpe board ranks by), null with fewer than `minObservations` (3) of them; 400 unknown range; 404",
    },
    input: query,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await portfolioPerformance(db, portfolio, input.range) };
    },
  }),
});
