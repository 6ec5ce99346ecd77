import { classDashboard } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { classDashboardView } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A class's dashboard",
      description:
        "Per student: last activity (latest order or step in Learn), trades (fills) since Monday 00:00 UTC, lessons passed, journal entries (orders with a note), and the practice portfolio's equity with the performance panel's week figures (return, volatility, max drawdown, Sharpe). The class's teachers and admins only.",
      response:
        "200 `{id, name, range:\"week\", weekStart, students:[{id, name, lastActivityAt, tradesThisWeek, lessonsPassed, journalEntries, practice:{equity, metrics:{totalReturn, benchmarkReturn, maxDrawdown, volatility, sharpe, beta, alpha, observations, minObservations}} | null}]}`; 403 (a student of the class); 404",
    },
    answer: classDashboardView,
    async handler({ req, session }) {
      return { body: await classDashboard(await getDb(), session.user, String(req.query.id)) };
    },
  }),
});
