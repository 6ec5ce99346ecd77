import { z } from "zod";
import { standingsFor } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { standingsView } from "@/features/events/types";
import { boardPageQuery } from "@/features/ranking/schemas";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "An event’s standings",
      description: "Input: `?code=` (a private event's join code), `&page=` (from 1, default 1), `&pageSize=` (1–200, default 50)",
      response: "200 `{frozen, metric, computedAt, total, page, pageSize, pages, items:[{rank, tied, name, equity, totalReturn, sharpe, trades, joinedAt, you, reportCard}], own}`: one page of the board in board order and the caller's own row with its `page` (null when the caller is not on the board), `total` rows in all; live standings from current equity by the event's metric while it runs (ties to the earlier joiner; an undefined Sharpe ranks last, then by return), the frozen final standings once it has ended; `name` is the display name or an anonymous handle for people who opted out; `reportCard` is the address of the row's report card for the event's managers (admins, its organiser, a class contest's teachers) once the standings are final, else null; 400 `VALIDATION_FAILED` with `fields.page` or `fields.pageSize` saying what is accepted",
    },
    input: z.object({ slug: z.string().max(100), code: z.string().max(40).optional(), ...boardPageQuery.shape }),
    answer: standingsView,
    async handler({ input, session }) {
      return { body: await standingsFor(await getDb(), session.user, input.slug, { code: input.code, page: input.page, pageSize: input.pageSize }) };
    },
  }),
});
