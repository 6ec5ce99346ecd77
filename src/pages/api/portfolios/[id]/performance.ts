import { z } from "zod";
import { PERFORMANCE_RANGES, portfolioPerformance } from "@/features/portfolio";
import { findPortfolioFor } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { performanceAnswer } from "@/features/portfolio/types";

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
      response:
        "200 `{range, stepMinutes (5, 60, 60, 1440), benchmark:{symbol,name}, points:[{at, equity, benchmark}], metrics:{totalReturn, benchmarkReturn, maxDrawdown, volatility, sharpe, beta, alpha, risk:{volatility|sharpe|beta|alpha: {value, bound, reason}}, sampleMinutes, observations, minObservations}}` — `points` are the range's equity snapshots (a portfolio younger than the range starts at its starting cash) ending at equity now; `benchmark` is the portfolio's benchmark (TLX; a replay event's own index of its instruments) scaled to the range's first equity (null before it had a level). Risk figures (decision 053, one rule: `evidencedRiskFigures`, also what a Sharpe board ranks by) are annualised from returns over whole hours (`sampleMinutes` 60; days for `all`), shown only with enough of them — volatility and Sharpe 24 hourly / 20 daily returns, beta and alpha 72 hourly / 60 daily — and only inside their plausible range (volatility 0–5, Sharpe −10–10, beta −5–5, alpha −5–5; `bound` \"max\"/\"min\" when held at its edge); an absent figure is null with `risk.<figure>.reason` `{code: NOT_ENOUGH_HISTORY, have, need, unit, message: \"Not enough history yet — 3 of 24 hours\"}` or `{code: BENCHMARK_FLAT, message}`; 400 unknown range; 404",
    },
    input: query,
    answer: performanceAnswer,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await portfolioPerformance(db, portfolio, input.range) };
    },
  }),
});
