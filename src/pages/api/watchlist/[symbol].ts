import { addToWatchlist, removeFromWatchlist } from "@/features/portfolio";
import { getDb } from "@/server/db";
import { watchlistAnswer } from "@/features/market/types";
import { apiRoute, method } from "@/server/http/api-route";

const symbolOf = (value: unknown) => String(value).toUpperCase().slice(0, 20);

export const config = { api: { bodyParser: false } };

/** PUT adds the instrument (again: no change), DELETE removes it; both answer the watchlist. */
export default apiRoute({
  PUT: method({
    auth: "user",
    answer: watchlistAnswer,
    docs: {
      summary: "Add to my watchlist",
      response: "200 the watchlist with `symbol` added (adding again changes nothing); 404 unknown symbol; 422 `WATCHLIST_FULL` past 50",
    },
    scope: "trade",
    async handler({ req, session }) {
      return { body: await addToWatchlist(await getDb(), session.user.id, symbolOf(req.query.symbol)) };
    },
  }),
  DELETE: method({
    auth: "user",
    answer: watchlistAnswer,
    docs: {
      summary: "Remove from my watchlist",
      response: "200 the watchlist without `symbol`",
    },
    scope: "trade",
    async handler({ req, session }) {
      return { body: await removeFromWatchlist(await getDb(), session.user.id, symbolOf(req.query.symbol)) };
    },
  }),
});
