import { standingsCsv } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { standingsCsv as standingsCsvAnswer } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "Standings as CSV",
      response: "200 `text/csv` attachment: `rank,name,email,equity,total_return,sharpe,trades,joined_at,final` (`final` = yes once frozen); formula-looking cells prefixed with `'`",
      contentType: "text/csv",
    },
    answer: standingsCsvAnswer,
    async handler({ req, res }) {
      const csv = await standingsCsv(await getDb(), String(req.query.slug));
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${csv.filename}"`);
      res.setHeader("Cache-Control", "private, no-store");
      res.status(200).send(csv.body);
    },
  }),
});
