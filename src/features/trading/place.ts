/**
 * Placing an order: the engine's hot path. On the practice market it is two statements —
 * one read (the portfolio, its positions, its open orders, an Idempotency-Key's earlier
 * answer and the prices it needs, from one snapshot) and one write (writer.ts, guarded by the
 * portfolio's version) — with every decision in between made by the domain (validateOrder,
 * checkOrder, matchOrder, executeFill). When another write got in between (the guard did not
 * match), it reads again; after a few such races it falls back to holding the portfolio's row
 * lock, so it always finishes (docs/decisions/020-trading-engine.md).
 */
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { failures } from "@/domain/errors";
import { INDEX_KIND } from "@/domain/market";
import {
  checkClassedOrder,
  type ClassedOrder,
  type ClassInput,
  type ClassValidation,
  executeFill,
  isAdvancedOrder,
  type Fill,
  type Liquidity,
  liquidityOf,
  multiplyMoney,
  needsConductFacts,
  planExecution,
  type OrderInput,
  type PracticeMargin,
  type OrderSpec,
  promisedOnce,
  type Rejection,
  reservationFor,
  reserveCash,
  validateClassedOrder,
  ZERO,
} from "@/domain/trading";
import type { Db, DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import { metrics } from "@/server/metrics";
import { Outbox } from "@/server/realtime/outbox";
import { PRACTICE_MARGIN_SELECT, practiceMarginOf } from "@/server/settings";
import { readConductFacts } from "./conduct";
import type { Market } from "./pricing";
import { resolveContexts } from "./port";
import { holdsPortfolio } from "./portfolios";
import { $, columnsOf, type FillView, money, type OrderRow, type OrderView, type PortfolioRow, serializeFill, serializeWithLegs, specOf, stateOf, type StoredPosition } from "./rows";
import { Changes, writeChanges } from "./writer";

/** Idempotency keys are answered from memory for this long (PRODUCT.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Optimistic attempts before the order path takes the portfolio's row lock instead. */
const OPTIMISTIC_ATTEMPTS = 3;

export interface PlaceOrderArgs {
  userId: string;
  portfolioId: string;
  /** The order, with its class and exits when it has legs (decision 065). */
  input: OrderInput & ClassInput;
  idempotencyKey?: string;
  now?: Date;
}

/** What became of an order: recorded as filled, resting or rejected (with why). */
export interface PlaceOrderResult {
  order: OrderView;
  fill: FillView | null;
  rejection: Rejection | null;
}

function requestHash(input: OrderInput & ClassInput): string {
  const canonical = {
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    quantity: input.quantity ?? null,
    limitPrice: input.limitPrice ?? null,
    stopPrice: input.stopPrice ?? null,
    // Added with decision 060, and only when sent: the hash of an order sent before stays the same.
    ...(input.notional && { notional: input.notional }),
    ...(input.trailPercent && { trailPercent: input.trailPercent }),
    ...(input.trailAmount && { trailAmount: input.trailAmount }),
    // Added with decision 065, likewise only when sent.
    ...(input.orderClass && { orderClass: input.orderClass }),
    ...(input.takeProfit && { takeProfit: { limitPrice: input.takeProfit.limitPrice ?? null } }),
    ...(input.stopLoss && { stopLoss: { stopPrice: input.stopLoss.stopPrice ?? null, limitPrice: input.stopLoss.limitPrice ?? null } }),
    timeInForce: input.timeInForce ?? null,
    // The journal note is part of the request: the same key with another note is another request.
    note: input.note ?? null,
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** Answers stored before results were typed ({status, body}) replay as results. */
function storedResult(stored: Record<string, unknown>): PlaceOrderResult {
  if ("order" in stored) return stored as unknown as PlaceOrderResult;
  const body = stored.body as { order: OrderView; fill?: FillView | null; error?: Rejection };
  return { order: body.order, fill: body.fill ?? null, rejection: body.error ?? null };
}

interface Snapshot {
  /** The person placing the order owns the portfolio (a team's other members: `holdsPortfolio`). */
  holder: boolean;
  portfolio: PortfolioRow;
  positions: StoredPosition[];
  openOrders: Array<Pick<OrderRow, "symbol" | "side" | "type" | "quantity" | "limitPrice" | "stopPrice" | "timeInForce" | "triggered" | "trailPercent" | "trailAmount" | "waterMark"> & { group: string | null }>;
  previous: { id: string; createdAt: Date; requestHash: string | null; response: Record<string, unknown> | null } | null;
  market: Market;
  /** The order's instrument's depth on the practice market (liquidity.ts); null when unknown. */
  depth: Liquidity | null;
  /** The practice market's margin setting (decision 073), read in the same statement; null for an event's portfolio. */
  practiceMargin: PracticeMargin | null;
}

type Tuple = unknown[];

/** $1 the portfolio, $2 the Idempotency-Key (or null), $3 the order's symbol (or null), $4 the person placing it (holder: its owner; a team's other members are asked of the events feature). A constant text: planned once per connection. */
const READ_SNAPSHOT = `
    select p.id, p.user_id, p.kind, p.event_id, p.team_id,
      p.user_id = $4::text as holder,
      p.starting_cash::text as starting_cash, p.cash::text as cash, p.reserved_cash::text as reserved_cash, p.receivable::text as receivable, p.units::text as units,
      p.version, p.margin_call_at, p.created_at, p.updated_at,
      coalesce((select json_agg(json_build_array(pos.symbol, pos.quantity, pos.cost_basis::text, pos.realised_pnl::text))
                from positions pos where pos.portfolio_id = p.id), '[]'::json) as positions,
      coalesce((select json_agg(json_build_array(o.symbol, o.side, o.type, o.quantity - o.filled_quantity, o.limit_price::text, o.stop_price::text, o.time_in_force, o.triggered,
                                                o.trail_percent::text, o.trail_amount::text, o.water_mark::text,
                                                case when o.leg in ('take-profit', 'stop-loss') then coalesce(o.parent_id, o.id) end))
                from orders o where o.portfolio_id = p.id and o.status = 'open'), '[]'::json) as open_orders,
      (select json_build_array(i.average_daily_volume, i.volatility) from instruments i where i.symbol = $3::text) as depth,
      (select json_build_array(o.id, o.created_at, o.request_hash, o.response) from orders o
        where o.portfolio_id = p.id and o.idempotency_key = $2::text) as previous,
      coalesce((select json_agg(json_build_array(i.symbol, i.last_price::text, i.active, i.kind)) from instruments i
                where i.symbol = $3::text or i.symbol in (select pos.symbol from positions pos where pos.portfolio_id = p.id and pos.quantity <> 0)), '[]'::json) as quotes,
      case when p.kind = 'practice' then ${PRACTICE_MARGIN_SELECT} end as practice_margin
    from portfolios p where p.id = $1::text`;

/**
 * Everything an order needs, in one statement (one snapshot): the portfolio, its positions
 * and open orders, the earlier order with this Idempotency-Key, and the practice prices of
 * the order's symbol and of everything held.
 */
async function readSnapshot(db: DbOrTx, portfolioId: string, key: string | null, symbol: string | null, userId: string): Promise<Snapshot | null> {
  const { rows } = await executeNamed<Record<string, unknown>>(db, "tl_order_read", { text: READ_SNAPSHOT, params: [portfolioId, key, symbol, userId] });
  const r = rows[0];
  if (!r) return null;
  const quotes = r.quotes as Array<[string, string, boolean, string]>;
  const previous = r.previous as [string, string, string | null, Record<string, unknown> | null] | null;
  const depth = r.depth as [number | string, number] | null;
  return {
    depth: depth ? liquidityOf(Number(depth[0]), Number(depth[1])) : null,
    practiceMargin: practiceMarginOf(r.practice_margin),
    holder: Boolean(r.holder),
    portfolio: {
      id: String(r.id),
      userId: String(r.user_id),
      kind: r.kind as PortfolioRow["kind"],
      eventId: (r.event_id as string | null) ?? null,
      teamId: (r.team_id as string | null) ?? null,
      startingCash: String(r.starting_cash),
      cash: String(r.cash),
      reservedCash: String(r.reserved_cash),
      receivable: String(r.receivable),
      units: (r.units as string | null) ?? null,
      marginCallAt: r.margin_call_at ? new Date(r.margin_call_at as string) : null,
      version: Number(r.version),
      createdAt: new Date(r.created_at as string),
      updatedAt: new Date(r.updated_at as string),
    },
    positions: (r.positions as Array<[string, number, string, string]>).map(([symbol, quantity, costBasis, realisedPnl]) => ({ symbol, quantity, costBasis, realisedPnl })),
    openOrders: (r.open_orders as Tuple[]).map(([symbol, side, type, quantity, limitPrice, stopPrice, timeInForce, triggered, trailPercent, trailAmount, waterMark, group]) => ({
      symbol: symbol as string,
      side: side as OrderRow["side"],
      type: type as OrderRow["type"],
      quantity: quantity as number,
      limitPrice: limitPrice as string | null,
      stopPrice: stopPrice as string | null,
      timeInForce: timeInForce as OrderRow["timeInForce"],
      triggered: triggered as boolean,
      trailPercent: (trailPercent ?? null) as string | null,
      trailAmount: (trailAmount ?? null) as string | null,
      waterMark: (waterMark ?? null) as string | null,
      group: (group ?? null) as string | null,
    })),
    previous: previous && { id: previous[0], createdAt: new Date(previous[1]), requestHash: previous[2], response: previous[3] },
    market: {
      prices: new Map(quotes.map(([s, price]) => [s, money(price)])),
      inactiveSymbols: new Set(quotes.filter(([, , active]) => !active).map(([s]) => s)),
      untradableSymbols: new Set(quotes.filter(([, , , kind]) => kind === INDEX_KIND).map(([s]) => s)),
    },
  };
}

type Attempt = { done: true; result: PlaceOrderResult; outbox: Outbox | null } | { done: false };

async function attempt(db: DbOrTx, args: PlaceOrderArgs, validation: ClassValidation, hash: string | null, now: Date, locked: boolean): Promise<Attempt> {
  const key = args.idempotencyKey ?? null;
  if (locked) await db.execute(sql`select 1 from portfolios where id = ${args.portfolioId} for update`);
  const snapshot = await readSnapshot(db, args.portfolioId, key, validation.ok ? validation.order.parent.symbol : null, args.userId);
  // A team's member who did not found it holds it too: the events feature says who (decision 042).
  if (!snapshot || !(snapshot.holder || (await holdsPortfolio(db, snapshot.portfolio, args.userId)))) throw failures.notFound("There is no such portfolio.");
  const { portfolio } = snapshot;
  const side = validation.ok ? validation.order.parent.side : null;
  // The advanced types ask the lesson gate (one more statement); plain orders never do.
  const advanced = validation.ok && isAdvancedOrder({ type: validation.order.parent.type, orderClass: validation.order.orderClass });
  const context = (await resolveContexts(db, [portfolio], { now, shorting: () => side === "short", advanced: () => advanced, practiceMargin: snapshot.practiceMargin })).get(portfolio.id)!;
  context.assertMayTrade();

  if (key !== null && snapshot.previous) {
    const previous = snapshot.previous;
    if (now.getTime() - previous.createdAt.getTime() < IDEMPOTENCY_TTL_MS) {
      if (previous.requestHash !== hash) {
        throw failures.refused("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different order in the last 24 hours. Use a new key for a new order.");
      }
      if (previous.response) return { done: true, result: storedResult(previous.response), outbox: null };
    } else {
      // Older than 24 hours: the key is free again. Its own statement, before the new order takes it.
      await db.execute(sql`update orders set idempotency_key = null where id = ${previous.id}`);
    }
  }

  // Input that is not an order at all is refused without a trace in the history (naming the field at fault).
  if (!validation.ok) {
    const { code, message, field } = validation.rejection;
    throw failures.refused(code, message, field ? { [field]: message } : undefined);
  }
  const classed: ClassedOrder = validation.order;
  const spec = classed.parent;

  let state = stateOf(portfolio, snapshot.positions);
  const source = context.priceSource;
  // A replay event's portfolio trades at its replay's prices now; everyone else at the practice market's.
  const market = source.kind === "practice" ? snapshot.market : await source.market(db, now);
  const rules = context.rules(spec.side);
  const prices = market.prices;
  // Depth is the practice market's: a replay's datasets keep no intraday volume, so its orders fill whole (decision 056).
  const liquidity = source.kind === "practice" && snapshot.depth ? new Map([[spec.symbol, snapshot.depth]]) : undefined;
  const orderContext = { now, prices, inactiveSymbols: market.inactiveSymbols, untradableSymbols: market.untradableSymbols, ...(liquidity && { liquidity }) };
  // An event's rules against gambling: one more statement, only when its rules need the facts.
  const conduct = needsConductFacts(rules.conduct, spec.side)
    ? await readConductFacts(db, { portfolioId: portfolio.id, symbol: spec.symbol, side: spec.side, now, endOfDay: source.endOfDay })
    : undefined;

  const row: OrderRow = {
    id: randomUUID(),
    portfolioId: portfolio.id,
    symbol: spec.symbol,
    side: spec.side,
    ...columnsOf(spec),
    orderClass: classed.orderClass,
    leg: classed.parentRole,
    parentId: null,
    timeInForce: spec.timeInForce,
    status: "open",
    rejectCode: null,
    rejectMessage: null,
    reservedCash: "0.00",
    triggered: false,
    filledQuantity: 0,
    filledValue: "0.00",
    volumeSeen: 0,
    replay: source.kind === "replay",
    note: args.input.note ?? null,
    placedBy: args.userId,
    // The fair-play monitor's "trading at the edge of a margin call" (decision 072), from the snapshot: no statement more.
    underMarginCallAt: portfolio.marginCallAt,
    idempotencyKey: key,
    requestHash: hash,
    response: null,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
  };
  const changes = new Changes(now);
  let fill: Fill | null = null;
  let refused: Rejection | null = null;
  let fillRow = null;

  // The exits of one group promise the same shares once (order-classes.ts).
  const openOrders = promisedOnce(snapshot.openOrders.map((o) => ({ order: specOf(o), group: o.group })));
  const check = checkClassedOrder(state, classed, { ...orderContext, openOrders, ...(conduct && { conduct }) }, rules);
  // The order as placed: a trailing stop with its mark and stop, a dollar amount with its whole shares (decision 060).
  const placed = check.order ?? spec;
  Object.assign(row, columnsOf(placed));
  if (!check.ok) refused = check.rejection;
  else {
    // Nothing has traded while a new order worked: a large one waits for the ticks' volume (liquidity.ts).
    const plan = planExecution({ spec: placed, filledQuantity: 0, volumeSeen: 0 }, { move: { kind: "placement", last: prices.get(spec.symbol)! }, volume: 0 }, liquidity?.get(spec.symbol), rules);
    if (plan.kind === "fill") {
      const executed = executeFill(state, { order: placed, reservedCash: ZERO }, plan.fill, orderContext, rules);
      if (executed.ok) {
        state = executed.state;
        fill = executed.fill;
        changes.setState(portfolio.id, portfolio.version, state);
        fillRow = changes.addFill({ portfolioId: portfolio.id, orderId: row.id, fill, applied: executed.applied });
        row.filledQuantity = fill.quantity;
        row.filledValue = $(multiplyMoney(fill.price, fill.quantity));
      } else refused = executed.rejection;
    } else {
      const resting: OrderSpec = plan.kind === "triggered" ? plan.order : placed;
      // A market order working in parts holds back what the check expects it to cost (impact included).
      const reservation = resting.type === "market" ? check.preview.reservation : reservationFor(resting, rules);
      state = reserveCash(state, reservation);
      row.reservedCash = $(reservation);
      // A large stop already touched works at market from now on.
      row.triggered = plan.kind === "triggered" || (plan.working && (spec.type === "stop" || spec.type === "trailing-stop"));
    }
  }
  if (refused) Object.assign(row, { status: "rejected", rejectCode: refused.code, rejectMessage: refused.message, closedAt: now, reservedCash: "0.00" });
  else if (fill) Object.assign(row, { status: "filled", closedAt: now });
  // A rejected order changes no money, but it is written under the same guard as any other.
  changes.setState(portfolio.id, portfolio.version, refused ? stateOf(portfolio, snapshot.positions) : state);

  const legs = refused ? [] : legRows(row, classed, placed);
  const result: PlaceOrderResult = { order: serializeWithLegs(row, legs), fill: fillRow ? serializeFill(fillRow) : null, rejection: refused };
  if (key !== null) row.response = result as unknown as Record<string, unknown>;
  changes.addOrder(row);
  for (const leg of legs) changes.addOrder(leg);
  const outbox = new Outbox();
  const written = await writeChanges(db, changes, outbox);
  return written.has(portfolio.id) ? { done: true, result, outbox } : { done: false };
}

/**
 * The exits of a placed order (decision 065): an OCO's stop-loss works at once; a bracket's or
 * OTO's exits are held until the entry fills, and close what it filled (all of it when it
 * filled at once). An exit holds back no cash: it sells or covers.
 */
function legRows(parent: OrderRow, classed: ClassedOrder, placed: OrderSpec): OrderRow[] {
  return classed.legs.map(({ role, order }) => {
    const quantity = classed.orderClass === "oco" ? placed.quantity : parent.filledQuantity > 0 ? parent.filledQuantity : placed.quantity;
    const status = classed.orderClass === "oco" || parent.filledQuantity > 0 ? "open" : "held";
    return {
      ...parent,
      id: randomUUID(),
      side: order.side,
      ...columnsOf({ ...order, quantity }),
      timeInForce: order.timeInForce,
      status,
      orderClass: classed.orderClass,
      leg: role,
      parentId: parent.id,
      reservedCash: "0.00",
      triggered: false,
      filledQuantity: 0,
      filledValue: "0.00",
      volumeSeen: 0,
      closedAt: null,
      // The request's note, key and stored answer belong to the parent.
      note: null,
      idempotencyKey: null,
      requestHash: null,
      response: null,
    };
  });
}

/**
 * Places an order and records what became of it (filled, resting or rejected, with the
 * reason). Throws a DomainError for what is not an order of this person at all: no such
 * portfolio (not-found), a removed participant or input that is not an order (refused), an
 * Idempotency-Key reused for another order (refused).
 */
export async function placeOrder(db: Db, args: PlaceOrderArgs): Promise<PlaceOrderResult> {
  const now = args.now ?? new Date();
  const validation = validateClassedOrder(args.input);
  const hash = args.idempotencyKey === undefined ? null : requestHash(args.input);
  for (let tries = 1; ; tries++) {
    const outcome =
      tries <= OPTIMISTIC_ATTEMPTS
        ? await attempt(db, args, validation, hash, now, false)
        : await db.transaction((tx) => attempt(tx, args, validation, hash, now, true));
    if (outcome.done) {
      if (outcome.outbox) {
        outcome.outbox.afterCommit();
        countPlaced(outcome.result);
      }
      return outcome.result;
    }
  }
}

/** The order counters (src/server/metrics.ts): once per recorded order, not for an idempotent replay (it has no outbox). */
function countPlaced({ order, rejection }: PlaceOrderResult) {
  const m = metrics();
  m.ordersPlaced.inc({ outcome: rejection ? "rejected" : order.status === "filled" ? "filled" : "resting" });
  if (rejection) m.ordersRejected.inc({ code: rejection.code });
}
