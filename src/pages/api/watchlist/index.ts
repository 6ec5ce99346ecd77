import { getWatchlist } from "@/features/portfolio";
import { getDb } from "@/server/db";
import { watchlistAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    answer: watchlistAnswer,
    docs: {
      summary: "My watchlist",
      response: "200 `{items:[instrument quote, as in /api/instruments], limit: 50}` in the order added",
    },
    async handler({ session }) {
      return { body: await getWatchlist(await getDb(), session.user.id) };
    },
  }),
});
