/** Test-only: refreshes every board now. Exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import { refreshAllBoards } from "@/features/ranking";
import { env } from "@/env";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "user",
      docs: {
        summary: "Test only: refresh every leaderboard now",
        description: "Only with `TEST_PRICE_CONTROL=1` (404 otherwise), for the browser tests.",
        response: "200 `{rows}`",
      },
      async handler() {
        return { body: { rows: await refreshAllBoards(await getDb(), { now: new Date() }) } };
      },
    }),
  },
  // Test-only: 404 unless TEST_PRICE_CONTROL is on.
  { onlyWhen: () => env().TEST_PRICE_CONTROL },
);
