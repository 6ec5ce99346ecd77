/** Test-only price control: exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import type { NextApiRequest, NextApiResponse } from "next";
import { z } from "zod";
import { listInstrumentsBySymbol } from "@/features/market/server/queries";
import { setPrice } from "@/features/market/server/test-prices";
import { env } from "@/env";
import { getDb } from "@/server/db";
import { apiRoute, method, sendError } from "@/server/http/api-route";
import { failures } from "@/domain/errors";
import { getHub, QUOTES_TOPIC } from "@/server/realtime/hub";

const body = z.object({
  symbol: z.string().min(1).max(12),
  price: z.string().regex(/^\d+(\.\d{1,2})?$/, 'price is a decimal string with at most 2 decimals, like "101.25".'),
});

export const config = { api: { bodyParser: false } };

const route = apiRoute({
  POST: method({
    auth: "user",
    input: body,
    async handler({ input }) {
      const db = await getDb();
      const moved = await setPrice(db, input.symbol.toUpperCase(), input.price);
      // As the simulator does after a tick: open pages see the new price at once.
      const [quote] = await listInstrumentsBySymbol(db, [moved.symbol]).then((m) => [...m.values()]);
      if (quote) {
        const data = { at: new Date().toISOString(), quotes: [{ symbol: quote.symbol, price: quote.lastPrice, previousClose: quote.previousClose, at: quote.updatedAt }] };
        await getHub().publish(db, { topic: QUOTES_TOPIC, type: "quotes", data });
      }
      return { body: moved };
    },
  }),
});

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  if (!env().TEST_PRICE_CONTROL) return sendError(res, failures.notFound());
  return route(req, res);
}
