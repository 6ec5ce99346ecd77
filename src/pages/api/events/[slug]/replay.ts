import { z } from "zod";
import { replayFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { failures } from "@/domain/errors";
import { replayView } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

/** A replay event's trading day and instrument prices now (the event page polls it). */
export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "A replay event’s clock and prices",
      description: "Input: `?code=`",
      response: "200 `{phase: before|running|ended, tradingDay: \"YYYY-MM-DD\", day, days, instruments: [{symbol, name, sector, price, previousClose}], actions: [{symbol, kind: dividend|split, exDate, day, amount?, payDate?, ratio?, applied}], at}`: a replay event's clock and prices now (`day` 1-based of the `days` the window plays; `name` is the dataset's name; `previousClose` null on the first day; `actions` the datasets' dividends and splits the window plays, each taking effect at the start of its trading day `day`, docs/decisions/063). 404 for an event on the practice market, or one the person may not see. The event page polls it every 3 s (the SSE stream carries practice quotes only)",
    },
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional() }),
    answer: replayView,
    async handler({ input, session }) {
      const replay = await replayFor(await getDb(), session.user, input.slug, { code: input.code });
      if (!replay) throw failures.notFound("This event runs on the practice market, not a replay.");
      return { body: replay };
    },
  }),
});
