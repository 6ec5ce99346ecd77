import { adjustCash, adjustmentInput } from "@/features/corrections";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { correctionAnswer } from "@/features/corrections/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Add or remove cash as a correction",
      description:
        "`{amount, reason}`: `amount` a decimal string, non-zero, at most 1,000,000.00 either way (`\"-250.00\"` removes); `reason` 1–500 characters, shown to the portfolio's owner. An admin (any portfolio), a teacher of the owner's class (their practice portfolio) or the organiser who created the portfolio's event. Audited as `portfolio.cash-adjusted`.",
      status: 201,
      response:
        "201 the correction `{id, kind:\"adjustment\", amount, reason, by, createdAt, fill:null, reversalFillId:null}`; 403 for the owner; 404; 422 `ADJUSTMENT_NEGATIVE_CASH`, `EVENT_ENDED`",
    },
    input: adjustmentInput,
    answer: correctionAnswer,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await adjustCash(await getDb(), session.user, String(req.query.id), input, { ip }) };
    },
  }),
});
