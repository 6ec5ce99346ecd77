import { z } from "zod";
import { historyFilling } from "@/features/market/server/history";
import { getCandles, instrumentExists } from "@/features/market/server/queries";
import { getDb } from "@/server/db";
import { candlesAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";

const time = z.iso.datetime({ offset: true, error: "Use an ISO 8601 time, like 2026-01-31T00:00:00Z." }).optional();

const query = z.object({
  symbol: z.string().min(1).max(12),
  interval: z.enum(["1m", "1d"], { error: 'interval is "1m" or "1d".' }).default("1d"),
  from: time,
  to: time,
});

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: candlesAnswer,
    docs: {
      summary: "Price candles of an instrument",
      description: "Input: `?interval=1m|1d` (default `1d`) `&from=&to=` (ISO times)",
      response:
        "200 `{symbol,interval,items:[{start,open,high,low,close,volume}],historyFilling?}` oldest first, at most the newest 2,000 in the range; `historyFilling: true` (daily only) while a first start's older years are still being written; 404 unknown symbol; 400",
    },
    input: query,
    async handler({ input }) {
      const db = await getDb();
      const symbol = input.symbol.toUpperCase();
      if (!(await instrumentExists(db, symbol))) throw failures.notFound(`There is no instrument ${symbol}.`);
      const items = await getCandles(db, { symbol, interval: input.interval, from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined });
      // Right after a first start the older years are written in the background (decision 058): say so rather than show a short history as all there is.
      const filling = input.interval === "1d" && (await historyFilling(db));
      return { body: { symbol, interval: input.interval, items, ...(filling && { historyFilling: true as const }) } };
    },
  }),
});
