import { z } from "zod";
import { listCorporateActions } from "@/features/market/server/corporate-actions";
import { getDb } from "@/server/db";
import { corporateActionsAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

const query = z.object({ symbol: z.string().min(1).max(12) });

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: corporateActionsAnswer,
    docs: {
      summary: "Dividends and splits of an instrument, past and coming",
      description: "An action takes effect at 00:00 UTC of its ex-date (docs/decisions/052-corporate-actions.md).",
      response:
        '200 `{items:[{id,kind:"dividend"|"split",exDate,payDate?,amount?,ratio?,source,applied,paid?}]}` newest ex-date first: `amount` is per share (a decimal string), `ratio` new:old shares ("2:1", "1:10"), `source` `simulated`, `admin` or `dataset`; 404 unknown symbol',
    },
    input: query,
    async handler({ input }) {
      return { body: { items: await listCorporateActions(await getDb(), input.symbol.toUpperCase()) } };
    },
  }),
});
