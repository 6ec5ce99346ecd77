import { z } from "zod";
import { findPortfolioFor, listOrders, placeOrder } from "@/features/trading";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { STATUS_OF } from "@/server/http/errors";
import { failures } from "@/domain/errors";
import { journalNoteSchema } from "@/lib/validation/journal";
import { orderPlaced, ordersPage } from "@/features/portfolio/types";

const orderBody = z.object({
  symbol: z.string({ error: "symbol is required." }).max(20),
  side: z.string({ error: "side is required." }).max(20),
  type: z.string({ error: "type is required." }).max(20),
  quantity: z.number({ error: "quantity is a whole number of shares." }).nullish(),
  notional: z.string({ error: 'notional is an amount as a string, like "2500.00".' }).max(30).nullish(),
  limitPrice: z.string().max(30).nullish(),
  stopPrice: z.string().max(30).nullish(),
  trailPercent: z.string({ error: 'trailPercent is a percentage as a string, like "5".' }).max(10).nullish(),
  trailAmount: z.string({ error: 'trailAmount is an amount as a string, like "2.50".' }).max(30).nullish(),
  timeInForce: z.string().max(10).nullish(),
  orderClass: z.string({ error: 'orderClass is "simple", "bracket", "oco" or "oto".' }).max(20).nullish(),
  takeProfit: z.object({ limitPrice: z.string({ error: 'takeProfit.limitPrice is a price as a string, like "110.00".' }).max(30).nullish() }, { error: "takeProfit is an object: {limitPrice}." }).strict().nullish(),
  stopLoss: z
    .object(
      {
        stopPrice: z.string({ error: 'stopLoss.stopPrice is a price as a string, like "95.00".' }).max(30).nullish(),
        limitPrice: z.string({ error: 'stopLoss.limitPrice is a price as a string, like "94.50".' }).max(30).nullish(),
      },
      { error: "stopLoss is an object: {stopPrice, limitPrice?}." },
    )
    // Strict like the body (decision 059): a misspelt stopLoss.limitPrce must not become a stop at market.
    .strict()
    .nullish(),
  note: journalNoteSchema,
});

const listQuery = pageQuery.extend({ status: z.enum(["open", "held", "partially_filled", "filled", "cancelled", "rejected", "expired"]).optional() });

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "List a portfolio’s orders",
      description: "Input: `?status=open|held|partially_filled|filled|cancelled|rejected|expired&page=&pageSize=` — `open` lists every working order (partly filled ones too), `partially_filled` only those with a part filled, `held` the exits of brackets and OTOs waiting for their entry (decision 065)",
      response: "200 `{items:[order], page, pageSize, total}`, newest first; each order has `filledQuantity` and `averagePrice` (null until something filled; decision 056); each order carries its journal `note` (or null); each order has `orderClass`, `leg` and `parentId`, and a parent of a bracket, OCO or OTO its `legs` (the legs are also orders of their own in the list; decision 065); a team's portfolio adds `placedBy` to each order (the member who placed it, first name + initial; null for the engine's own orders)",
    },
    input: listQuery,
    answer: ordersPage,
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
      description:
        "Input: `{symbol, side: buy|sell|short|cover, type: market|limit|stop|stop-limit|trailing-stop, quantity | notional, limitPrice?, stopPrice?, trailPercent?, trailAmount?, timeInForce?: day|gtc, orderClass?: simple|bracket|oco|oto, takeProfit?: {limitPrice}, stopLoss?: {stopPrice, limitPrice?}, note?}` — orders with legs (decision 065): a `bracket` is a market or limit buy (or short) with a take-profit limit and a stop-loss stop (a stop-limit with `stopLoss.limitPrice`) that close it, held until the entry fills and then sized to what filled; `oto` the same with exactly one of the two exits; `oco` a sell (or cover) limit at `takeProfit.limitPrice` with its stop-loss, both working at once. The first exit to fill, even in part, cancels the other (and the entry’s rest), with the reason on the cancelled order; cancelling the parent cancels its legs that have not filled. Trailing stops and orders with legs may be gated behind a lesson (`ADVANCED_ORDERS_LOCKED`).  exactly one of `quantity` (whole shares) and `notional` (an amount to buy with, `\"2500.00\"`: buy market or limit orders only; whole shares at the price when it is placed, spread, impact and commission included, never more than the amount — the rest stays cash); a `trailing-stop` takes exactly one of `trailPercent` (`\"5\"` = 5 % of the best price, above 0 and below 100) or `trailAmount` (money) and no `limitPrice` or `stopPrice`: its stop follows the best price since it was placed (decision 060). `note` is the trade journal's entry (why this trade; trimmed, at most 1,000 characters, blank = none), returned on the order; part of the Idempotency-Key's request",
      headers: {
        "Idempotency-Key": "1–100 characters. A replay with the same key and the same body answers exactly the first answer (status and body), whatever happened to the order since; keys are scoped to the portfolio and remembered for 24 hours.",
      },
      status: 201,
      response: "201 `{order, fill}` (`order.legs` holds a bracket’s, OCO’s or OTO’s legs, each with `parentId`, `leg` and `status` — `held` while it waits for its entry; a trailing stop's `order.stopPrice` is its stop now, with `trailPercent` or `trailAmount` and its mark, `highWaterMark` for a sell or short, `lowWaterMark` for a buy or cover; a dollar-amount order has `notional` and the `quantity` it resolved to; `fill` null unless it filled at once; an order over 1 % of the instrument's daily volume never fills at once: it works in parts over the following ticks, `status` `partially_filled` once a part filled, each fill with `referencePrice`, `impactBps` and its `reason` — decision 056); 422 `{error:{code,message}, order}` for a rule refusal (`INSUFFICIENT_FUNDS`, `INSUFFICIENT_SHARES`, `SHORTING_LOCKED`, `INSTRUMENT_INACTIVE`, `INDEX_NOT_TRADABLE`, `UNKNOWN_INSTRUMENT`, `SHORT_WHILE_LONG`, `BUY_WHILE_SHORT`; in events also `EVENT_NOT_LIVE`, `INSTRUMENT_NOT_ALLOWED`, `POSITION_LIMIT` and the rules against gambling `MIN_HOLDINGS`, `MAX_TRADES_PER_DAY`, `MIN_HOLD_TIME`, `MIN_SHARE_PRICE`, `NOTIONAL_TOO_SMALL` (the amount buys no whole share), `INVALID_TRAIL` (a trailAmount at or above the price), `LEG_PRICES_CROSSED` (an exit that would fill or trigger at the price now), `ADVANCED_ORDERS_LOCKED`, …) — the rejected order is kept in the history; 422 `{error:{code,message,fields}}` without an order for input that is not an order, `fields` naming the field at fault (`INVALID_QUANTITY`, `INVALID_PRICE`, `LIMIT_PRICE_REQUIRED`, `QUANTITY_OR_NOTIONAL` (both or neither), `INVALID_NOTIONAL`, `NOTIONAL_NOT_APPLICABLE`, `TRAIL_REQUIRED`, `TRAIL_CONFLICT` (both trails), `INVALID_TRAIL`, `TRAIL_NOT_APPLICABLE`, `PRICE_NOT_APPLICABLE`, `INVALID_ORDER_CLASS`, `LEGS_NOT_APPLICABLE` (takeProfit or stopLoss on a simple order), `TAKE_PROFIT_REQUIRED`, `STOP_LOSS_REQUIRED`, `OTO_ONE_LEG`, `CLASS_SIDE_NOT_APPLICABLE`, `CLASS_TYPE_NOT_APPLICABLE`, `LEG_PRICE_CONFLICT`, `LEG_PRICES_CROSSED` (a buy bracket whose take-profit is not above its stop-loss; `fields` names e.g. `takeProfit.limitPrice`), …, not stored); 422 `IDEMPOTENCY_KEY_REUSED` (same key, different body, within 24 h); 400 wrong types; 404",
    },
    scope: "trade",
    input: orderBody,
    answer: orderPlaced,
    async handler({ req, input, session }) {
      const header = req.headers["idempotency-key"];
      const key = Array.isArray(header) ? header[0] : header;
      if (key !== undefined && (key.length === 0 || key.length > 100)) {
        throw failures.invalid("The Idempotency-Key header is 1 to 100 characters.", { "Idempotency-Key": "The Idempotency-Key header is 1 to 100 characters." });
      }
      const result = await placeOrder(await getDb(), { userId: session.user.id, portfolioId: String(req.query.id), input, idempotencyKey: key });
      // A rejected order is recorded (it is in the history) and answered as a refusal, with the order.
      if (result.rejection) {
        const { code, message, field } = result.rejection;
        return { status: STATUS_OF.refused, body: { error: { code, message, ...(field && { fields: { [field]: message } }) }, order: result.order } };
      }
      return { status: 201, body: { order: result.order, fill: result.fill } };
    },
  }),
});
