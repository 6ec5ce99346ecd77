import { z } from "zod";
import { findPortfolioFor, listOrders, placeOrder } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { STATUS_OF } from "@/server/http/errors";
import { failures } from "@/domain/errors";
import { journalNoteSchema } from "@/lib/validation/journal";

const orderBody = z.object({
  symbol: z.string({ error: "symbol is required." }).max(20),
  side: z.string({ error: "side is required." }).max(20),
  type: z.string({ error: "type is required." }).max(20),
  quantity: z.number({ error: "quantity is a whole number of shares." }),
  limitPrice: z.string().max(30).nullish(),
  stopPrice: z.string().max(30).nullish(),
  timeInForce: z.string().max(10).nullish(),
  note: journalNoteSchema,
});

const listQuery = pageQuery.extend({ status: z.enum(["open", "filled", "cancelled", "rejected", "expired"]).optional() });

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List a portfolio’s orders",
      description: "Input: `?status=open|filled|cancelled|rejected|expired&page=&pageSize=`",
      response: "200 `{items:[order], page, pageSize, total}`, newest first; each order carries its journal `note` (or null); a team's portfolio adds `placedBy` to each order (the member who placed it, first name + initial; null for the engine's own orders)",
    },
    input: listQuery,
    async handler({ req, input, session }) {
      const db = await getDb();
      const portfolio = await findPortfolioFor(db, String(req.query.id), session.user);
      return { body: await listOrders(db, portfolio.id, { ...input, team: portfolio.teamId !== null }) };
    },
  }),
  POST: method({
    auth: "user",
    docs: {
      summary: "Place an order",
      description: "Input: `{symbol, side: buy|sell|short|cover, type: market|limit|stop|stop-limit, quantity, limitPrice?, stopPrice?, timeInForce?: day|gtc, note?}` — `note` is the trade journal's entry (why this trade; trimmed, at most 1,000 characters, blank = none), returned on the order; part of the Idempotency-Key's request",
      headers: {
        "Idempotency-Key": "1–100 characters. A replay with the same key and the same body answers exactly the first answer (status and body), whatever happened to the order since; keys are scoped to the portfolio and remembered for 24 hours.",
      },
      status: 201,
      response: "201 `{order, fill}` (`fill` null unless it filled at once); 422 `{error:{code,message}, order}` for a rule refusal (`INSUFFICIENT_FUNDS`, `INSUFFICIENT_SHARES`, `SHORTING_LOCKED`, `INSTRUMENT_INACTIVE`, `INDEX_NOT_TRADABLE`, `UNKNOWN_INSTRUMENT`, `SHORT_WHILE_LONG`, `BUY_WHILE_SHORT`; in events also `EVENT_NOT_LIVE`, `INSTRUMENT_NOT_ALLOWED`, `POSITION_LIMIT` and the rules against gambling `MIN_HOLDINGS`, `MAX_TRADES_PER_DAY`, `MIN_HOLD_TIME`, `MIN_SHARE_PRICE`, …) — the rejected order is kept in the history; 422 `{error}` without an order for input that is not an order (`INVALID_QUANTITY`, `INVALID_PRICE`, `LIMIT_PRICE_REQUIRED`, …, not stored); 422 `IDEMPOTENCY_KEY_REUSED` (same key, different body, within 24 h); 400 wrong types; 404",
    },
    scope: "trade",
    input: orderBody,
    async handler({ req, input, session }) {
      const header = req.headers["idempotency-key"];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length === 0 || key.length > 100)) {
        throw failures.invalid("The Idempotency-Key header is 1 to 100 characters.", { "Idempotency-Key": "The Idempotency-Key header is 1 to 100 characters." });
      }
      const result = await placeOrder(await getDb(), { userId: session.user.id, portfolioId: String(req.query.id), input, idempotencyKey: key });
      // A rejected order is recorded (it is in the history) and answered as a refusal, with the order.
      if (result.rejection) return { status: STATUS_OF.refused, body: { error: result.rejection, order: result.order } };
      return { status: 201, body: { order: result.order, fill: result.fill } };
    },
  }),
});
