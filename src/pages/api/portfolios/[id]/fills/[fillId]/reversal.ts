import { reversalInput, reverseFill } from "@/features/corrections";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { correctionAnswer } from "@/features/corrections/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Reverse a fill by a compensating fill",
      description:
        "`{reason}` (1–500 characters, shown to the owner). Books a fill of the opposite side at the original price and quantity, its commission refunded, marked `reversalOf`; the original stays in the history, marked `reversedBy`. The position is rebuilt from the fills that remain (average cost, realised P&L). Who may: as for adjustments. Audited as `portfolio.fill-reversed`.",
      status: 201,
      response:
        "201 the correction `{id, kind:\"reversal\", amount, reason, by, createdAt, fill:{id,symbol,side,quantity,price,commission,createdAt}, reversalFillId}`; 403 for the owner; 404; 409 `FILL_ALREADY_REVERSED`; 422 `REVERSAL_WRONG_SIGN`, `REVERSAL_NEGATIVE_CASH`, `FILL_IS_REVERSAL`, `EVENT_ENDED`",
    },
    input: reversalInput,
    answer: correctionAnswer,
    async handler({ req, input, session, ip }) {
      return { status: 201, body: await reverseFill(await getDb(), session.user, String(req.query.id), String(req.query.fillId), input, { ip }) };
    },
  }),
});
