import { marketDay } from "@/features/market";
import { getDb } from "@/server/db";
import { marketDayAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: marketDayAnswer,
    docs: {
      summary: "Today's price path and volume of every instrument",
      description:
        "The practice market's day so far (it starts at 00:00 UTC): for each instrument the last price of every `stepMinutes` since `start`, oldest first (`null` for a step without a price), and the shares traded today. What the market overview's sparklines draw.",
      response: "200 `{start, stepMinutes, items:[{symbol, volume, closes:[\"101.25\"|null, …]}]}`",
    },
    async handler() {
      return { body: await marketDay(await getDb()) };
    },
  }),
});
