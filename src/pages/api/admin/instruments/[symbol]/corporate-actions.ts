import { corporateActionSchema } from "@/features/market/server/corporate-action-schema";
import { addCorporateAction } from "@/features/market/server/corporate-actions";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { corporateActionView } from "@/features/market/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "admin",
    docs: {
      summary: "Announce a dividend or a split",
      description:
        'Input: `{kind:"dividend", exDate, payDate?, amount}` (amount per share, > 0, two decimals at most; payDate on or after exDate, default 14 days after) or `{kind:"split", exDate, ratio}` (new:old shares, e.g. "2:1", "1:10"; not 1:1). The ex-date is today (UTC) or later; the market applies the action at its first instant.',
      status: 201,
      response:
        "201 the action as `GET /api/instruments/{symbol}/corporate-actions` lists it; 400 `VALIDATION_FAILED` with `fields` (a past ex-date, a ratio of 1:1, a negative or zero amount); 404 unknown symbol; 409 `CORPORATE_ACTION_EXISTS` (one of that kind on that day already); 422 `INDEX_HAS_NO_ACTIONS`",
    },
    input: corporateActionSchema,
    answer: corporateActionView,
    async handler({ req, input, session, ip }) {
      const symbol = String(req.query.symbol).toUpperCase();
      return { status: 201, body: await addCorporateAction(await getDb(), { symbol, input, by: session.user.id, ip }) };
    },
  }),
});
