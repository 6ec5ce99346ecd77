/** Test-only price control: exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import { z } from "zod";
import { listInstrumentsBySymbol } from "@/features/market/server/queries";
import { setPrice } from "@/features/market/server/test-prices";
import { env } from "@/env";
import { getDb } from "@/server/db";
import { testPriceAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";
import { getHub, QUOTES_TOPIC } from "@/server/realtime/hub";

const body = z.object({
  symbol: z.string().min(1).max(12),
  price: z.string().regex(/^\d+(\.\d{1,2})?$/, 'price is a decimal string with at most 2 decimals, like "101.25".'),
});

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "user",
      answer: testPriceAnswer,
      docs: {
        summary: "Test only: set a price",
        description: "Input: `{symbol, price}`",
        response: "**Only with `TEST_PRICE_CONTROL=1`** (404 otherwise): sets the last price, updates the minute and day candles, fills/triggers resting orders, runs the maintenance check and publishes the quote to open pages like a tick; 200 `{symbol,previous,price,candidates,filled,triggered,rejected,maintenance,trailed}` (`trailed`: trailing stops whose mark the price moved)",
      },
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
  },
  // Test-only: 404 unless TEST_PRICE_CONTROL is on.
  { onlyWhen: () => env().TEST_PRICE_CONTROL },
);
