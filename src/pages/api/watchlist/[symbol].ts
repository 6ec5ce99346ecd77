import { addToWatchlist, removeFromWatchlist } from "@/features/portfolio";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";

const symbolOf = (value: unknown) => String(value).toUpperCase().slice(0, 20);

export const config = { api: { bodyParser: false } };

/** PUT adds the instrument (again: no change), DELETE removes it; both answer the watchlist. */
export default apiRoute({
  PUT: method({
    auth: "user",
    scope: "trade",
    async handler({ req, session }) {
      return { body: await addToWatchlist(await getDb(), session.user.id, symbolOf(req.query.symbol)) };
    },
  }),
  DELETE: method({
    auth: "user",
    scope: "trade",
    async handler({ req, session }) {
      return { body: await removeFromWatchlist(await getDb(), session.user.id, symbolOf(req.query.symbol)) };
    },
  }),
});
