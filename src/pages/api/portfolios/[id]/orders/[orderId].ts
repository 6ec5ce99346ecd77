import { cancelOrder } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { orderAnswer } from "@/features/portfolio/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  DELETE: method({
    auth: "user",
    docs: {
      summary: "Cancel an open order",
      response: "200 the cancelled order (its reservation released); 409 `ORDER_NOT_OPEN`; 404",
    },
    scope: "trade",
    answer: orderAnswer,
    async handler({ req, session }) {
      return { body: await cancelOrder(await getDb(), { userId: session.user.id, portfolioId: String(req.query.id), orderId: String(req.query.orderId) }) };
    },
  }),
});
