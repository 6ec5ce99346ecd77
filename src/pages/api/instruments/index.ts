import { listInstruments } from "@/features/market/server/queries";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List instruments with quotes",
      response: "200 `{items:[{symbol,name,sector,kind,active,lastPrice,previousClose,dayChange,dayChangePct,updatedAt}]}`; `kind` is `stock`, `etf` or `index` (the TLX benchmark: its `lastPrice` is its level; it cannot be traded)",
    },
    async handler() {
      return { body: { items: await listInstruments(await getDb()) } };
    },
  }),
});
