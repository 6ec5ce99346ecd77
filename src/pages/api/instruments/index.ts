import { instrumentFigures } from "@/features/market/server/corporate-actions";
import { listInstruments } from "@/features/market/server/queries";
import { getDb } from "@/server/db";
import { instrumentsAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: instrumentsAnswer,
    docs: {
      summary: "List instruments with quotes",
      response:
        "200 `{items:[{symbol,name,sector,kind,active,lastPrice,previousClose,dayChange,dayChangePct,updatedAt,dividendYield,averageDailyVolume}]}`; `kind` is `stock`, `etf` or `index` (the TLX benchmark: its `lastPrice` is its level; it cannot be traded); `dividendYield` the indicated annual yield as a fraction (`\"0.0312\"`: the latest dividend × 4 over the last price, `\"0.0000\"` for none); `averageDailyVolume` shares a day over the last 30 days; `liquidity: {averageDailyVolume, volatility}` the parameters the engine prices fills with (impact and partial fills, decision 056)",
    },
    async handler() {
      const db = await getDb();
      const [items, figures] = await Promise.all([listInstruments(db), instrumentFigures(db)]);
      return { body: { items: items.map((i) => ({ ...i, ...(figures.get(i.symbol) ?? { dividendYield: "0.0000", averageDailyVolume: 0 }) })) } };
    },
  }),
});
