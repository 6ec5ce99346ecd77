/** Test-only: applies the corporate actions due now without moving the market; exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import { z } from "zod";
import { env } from "@/env";
import { applyDueCorporateActions } from "@/features/market/server/test-prices";
import { getDb } from "@/server/db";
import { testCorporateActionsAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "admin",
      answer: testCorporateActionsAnswer,
      docs: {
        summary: "Test only: apply the corporate actions due now",
        description: "**Only with `TEST_PRICE_CONTROL=1`** (404 otherwise). What the simulator's tick does at an ex-date and a pay date (docs/decisions/052), without moving any other price.",
        response: "200 `{applied}`: the number of actions applied",
      },
      input: z.object({}),
      async handler() {
        return { body: { applied: await applyDueCorporateActions(await getDb()) } };
      },
    }),
  },
  { onlyWhen: () => env().TEST_PRICE_CONTROL },
);
