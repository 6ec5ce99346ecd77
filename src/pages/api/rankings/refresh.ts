/** Test-only: refreshes every board and the leagues now. Exists only when TEST_PRICE_CONTROL is on (404 otherwise). */
import { refreshLeagues } from "@/features/leagues";
import { refreshAllBoards } from "@/features/ranking";
import { refreshAnswer } from "@/features/ranking/types";
import { env } from "@/env";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "user",
      docs: {
        summary: "Test only: refresh every leaderboard and the leagues now",
        description: "Only with `TEST_PRICE_CONTROL=1` (404 otherwise), for the browser tests.",
        response: "200 how many rows were written",
      },
      answer: refreshAnswer,
      async handler() {
        const db = await getDb();
        const now = new Date();
        return { body: { rows: (await refreshAllBoards(db, { now })) + (await refreshLeagues(db, { now })) } };
      },
    }),
  },
  // Test-only: 404 unless TEST_PRICE_CONTROL is on.
  { onlyWhen: () => env().TEST_PRICE_CONTROL },
);
