import { marketRealism } from "@/features/market";
import { getDb } from "@/server/db";
import { realismAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: realismAnswer,
    docs: {
      summary: "How realistic this market is",
      description:
        "The stylized facts of real daily returns (issue #21's table S1–S11), measured on this install's own finished daily candles: for each row the statistic, the measured value(s), the target and whether it holds. Computed once a day. What the page \"How this market works\" shows.",
      response:
        '200 `{days, stocks, from, to, skipped:[symbol], holds, rows:[{id, property, statistic, target, holds, values:[{of, value, bound:{above?, below?}, holds}]}]}`, or `{unavailable: "…"}` while the market has less than a year of finished days',
    },
    async handler() {
      return { body: await marketRealism(await getDb()) };
    },
  }),
});
