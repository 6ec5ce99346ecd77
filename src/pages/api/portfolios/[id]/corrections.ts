import { correctionsOf } from "@/features/corrections";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { correctionsPage } from "@/features/corrections/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List a portfolio’s corrections",
      description: "Input: `?page=&pageSize=`. For the owner and whoever may correct the portfolio. `by` is `admin`, `teacher` or `organiser`.",
      response: "200 `{items:[{id,kind,amount,reason,by,createdAt,fill,reversalFillId}], page, pageSize, total, portfolio:{id,kind,cash}}`; 404",
    },
    input: pageQuery,
    answer: correctionsPage,
    async handler({ req, input, session }) {
      return { body: await correctionsOf(await getDb(), session.user, String(req.query.id), input) };
    },
  }),
});
