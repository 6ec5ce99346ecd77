import { z } from "zod";
import { standingsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { standingsView } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "An event’s standings",
      description: "Input: `?code=`",
      response: "200 `{frozen, metric, computedAt, total, items:[{rank, name, equity, totalReturn, sharpe, trades, joinedAt, you, reportCard}]}`: live standings from current equity by the event's metric while it runs (ties to the earlier joiner; an undefined Sharpe ranks last, then by return), the frozen final standings once it has ended; `name` is the display name or an anonymous handle for people who opted out; `reportCard` is the address of the row's report card for the event's managers (admins, its organiser, a class contest's teachers) once the standings are final, else null",
    },
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional() }),
    answer: standingsView,
    async handler({ input, session }) {
      return { body: await standingsFor(await getDb(), session.user, input.slug, { code: input.code }) };
    },
  }),
});
