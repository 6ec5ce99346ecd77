/**
 * What price moves do: find the resting orders the moves cross with one indexed query (only
 * those whose limit or stop a new price reaches), settle them per portfolio under the
 * portfolio's lock through the domain's matching and execution, then cover the shorts of
 * portfolios the moves pushed under the maintenance level. Writes go through the one writer.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  addMoney,
  executeFill,
  formatMoney,
  fractionOf,
  type Liquidity,
  liquidityOf,
  maintenanceCall,
  marginStatus,
  matchOrder,
  type Money,
  multiplyMoney,
  needsEquity,
  type OrderSpec,
  planExecution,
  type PortfolioState,
  type PracticeMargin,
  reserveCash,
  seededDraw,
  stopOf,
  ZERO,
} from "@/domain/trading";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { inList } from "@/server/db/lists";
import { firesAtOrAbove, firesAtOrBelow, instruments, orders, positions, trailsAbove, trailsBelow } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { readSetting } from "@/server/settings";
import { eachChunk, positionsOf, touchedPositionsOf } from "./batches";
import { groupOf, readGroups, settleInto } from "./groups";
import { resolveContexts } from "./port";
import { lockPortfolios } from "./portfolios";
import { type Market, practiceSource, type PriceSource } from "./pricing";
import { $, money, type PortfolioRow, remainingOf, specOf, stateOf, storedOrderColumns } from "./rows";
import { Changes, writeChanges } from "./writer";

export interface PriceMoveResult {
  /** Orders the indexed query returned (candidates). */
  candidates: number;
  filled: number;
  triggered: number;
  rejected: number;
  /** Portfolios whose shorts were covered by the maintenance check. */
  maintenance: number;
  /** Trailing stops whose mark (and stop) the moves carried along (decision 060). */
  trailed: number;
}

export interface SymbolMove {
  symbol: string;
  previous: Money;
  next: Money;
  /**
   * The price went through every value between previous and next (a replay's path between
   * two turning points), rather than jumping (a simulator tick): an order whose limit or stop
   * lies on the way meets exactly that price, not a gap to `next`.
   */
  continuous?: boolean;
  /**
   * Shares the market traded in the move (the simulator's tick volume): an order larger than
   * 1 % of a day's volume takes at most its participation limit of it (decision 056). Absent
   * (a replay, the test price control without one): nothing traded for such an order.
   */
  volume?: number;
  /** The move was a jump (the simulator's news): a limit it crossed fills at the new price. */
  jump?: boolean;
}

export interface MoveOptions {
  /**
   * Only orders placed at or before this instant: a replay replays a stretch of its path
   * after the fact, and an order placed during the stretch must not fill on prices from
   * before it existed.
   */
  placedBefore?: Date;
}

/** Where a continuous move meets the order: its limit or stop when that lies on the way, else the move's end. */
function metOnTheWay(spec: OrderSpec, move: SymbolMove): Money {
  const fire =
    spec.type === "limit" ? spec.limitPrice : spec.type === "stop" || spec.type === "stop-limit" ? spec.stopPrice : spec.type === "trailing-stop" ? stopOf(spec, move.previous) : null;
  if (!move.continuous || fire === null) return move.next;
  const low = move.previous < move.next ? move.previous : move.next;
  const high = move.previous < move.next ? move.next : move.previous;
  return fire >= low && fire <= high ? fire : move.next;
}

/** Orders working in parts at market (orders_working_idx): a large market order, a large (trailing) stop that triggered. */
const workingAtMarket = sql`(${orders.type} = 'market' or (${orders.type} in ('stop', 'trailing-stop') and ${orders.triggered}))`;

/** Only the portfolios a source prices: a replay's moves its own event's, practice moves everyone else's. */
const ofSource = (source: Pick<PriceSource, "kind" | "eventId">) =>
  source.kind === "practice" ? sql`not ${orders.replay}` : sql`${orders.replay} and ${orders.portfolioId} in (select id from portfolios where event_id = ${source.eventId})`;

/** The crossed-order query for these moves (exported for bench/tick.ts's EXPLAIN). */
export function crossedQuery(moves: ReadonlyArray<Pick<SymbolMove, "symbol" | "next">>, source: Pick<PriceSource, "kind" | "eventId"> = practiceSource, options: MoveOptions = {}) {
  const list = JSON.stringify(moves.map((m) => ({ symbol: m.symbol, price: formatMoney(m.next) })));
  // Practice moves: one index range per move and direction (orders_open_fires_{below,above}_idx,
  // whose predicate excludes replay orders, so a practice move never sees a replay event's
  // orders even on a symbol a dataset shares), the working orders, and the trailing stops whose
  // mark the new price moves (orders_trail_{high,low}_idx: a new high for a sell, a new low for
  // a buy). A replay's moves: its event's open replay orders.
  const whose = sql`${ofSource(source)}${options.placedBefore ? sql` and ${orders.createdAt} <= ${options.placedBefore.toISOString()}::timestamptz` : sql``}`;
  return sql`
    select o.id, o.portfolio_id as "portfolioId"
    from json_to_recordset(${list}::json) as m(symbol text, price numeric)
    cross join lateral (
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.symbol} = m.symbol and ${firesAtOrBelow(orders)} >= m.price
      union all
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.symbol} = m.symbol and ${firesAtOrAbove(orders)} <= m.price
      union all
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.symbol} = m.symbol and ${workingAtMarket}
      union all
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.type} = 'trailing-stop' and ${orders.symbol} = m.symbol and ${trailsBelow(orders)} < m.price
      union all
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.type} = 'trailing-stop' and ${orders.symbol} = m.symbol and ${trailsAbove(orders)} > m.price
    ) as o
    order by o.created_at, o.id`;
}

/** One move: what the test price control runs. */
export async function processPriceMove(db: Db, symbol: string, previous: Money, next: Money, now = new Date(), source: PriceSource = practiceSource): Promise<PriceMoveResult> {
  return processPriceMoves(db, [{ symbol, previous, next }], now, source);
}

/**
 * Every move of a tick at once: one query finds the crossed orders of all moved symbols;
 * their portfolios are then locked and settled in chunks (batches.ts). Within a portfolio
 * orders run oldest first, each against the state the previous one left, exactly as one at
 * a time would. Then the maintenance check.
 */
export async function processPriceMoves(db: Db, moves: readonly SymbolMove[], now = new Date(), source: PriceSource = practiceSource, options: MoveOptions = {}): Promise<PriceMoveResult> {
  const result: PriceMoveResult = { candidates: 0, filled: 0, triggered: 0, rejected: 0, maintenance: 0, trailed: 0 };
  if (moves.length === 0) return result;
  const bySymbol = new Map(moves.map((m) => [m.symbol, m]));
  const { rows: candidates } = await db.execute<{ id: string; portfolioId: string }>(crossedQuery([...bySymbol.values()], source, options));
  result.candidates = candidates.length;
  if (candidates.length === 0) {
    result.maintenance = await checkMaintenance(db, [...bySymbol.keys()], now, source);
    return result;
  }
  // The prices every chunk values its portfolios at, read once for the whole pass: the
  // source's (the tick already stored its new ones), the moved symbols at the move's price.
  const market = await pricesFor(db, source, now, bySymbol);
  // Depth of the moved instruments (practice only: a replay keeps no intraday volume, so its orders fill whole).
  const depth = source.kind === "practice" ? await depthOf(db, [...bySymbol.keys()]) : new Map<string, Liquidity>();
  // The practice market's margin setting, read once for the pass rather than once a chunk.
  const practiceMargin = source.kind === "practice" ? await readSetting(db, "practiceMargin") : undefined;
  // A pass may meet the same order twice (a triggered stop is working and crossed): once is enough.
  const unique = [...new Map(candidates.map((c) => [c.id, c])).values()];
  await eachChunk(db, unique, async (chunk) => {
    const outbox = new Outbox();
    const settled = await db.transaction((tx) => settleChunk(tx, chunk, { moves: bySymbol, now, market, depth, partial: source.kind === "practice", practiceMargin }, outbox));
    outbox.afterCommit();
    result.filled += settled.filled;
    result.triggered += settled.triggered;
    result.rejected += settled.rejected;
    result.trailed += settled.trailed;
  });
  result.maintenance = await checkMaintenance(db, [...bySymbol.keys()], now, source);
  return result;
}

/** The instruments' depth (average daily volume, volatility) for liquidity.ts. */
async function depthOf(db: DbOrTx, symbols: readonly string[]): Promise<Map<string, Liquidity>> {
  const rows = await db
    .select({ symbol: instruments.symbol, adv: instruments.averageDailyVolume, volatility: instruments.volatility })
    .from(instruments)
    .where(inList(instruments.symbol, symbols));
  return new Map(rows.map((r) => [r.symbol, liquidityOf(Number(r.adv), Number(r.volatility))]));
}

/** Prices to value portfolios at: their source's (`symbols`, or all), the moved symbols at the move's price. */
async function pricesFor(db: DbOrTx, source: PriceSource, now: Date, moves?: Map<string, SymbolMove>, symbols?: readonly string[]): Promise<Market> {
  const market = source.kind === "practice" ? await source.market(db, now, symbols) : await source.market(db, now);
  if (moves) for (const [symbol, move] of moves) if (market.prices.has(symbol)) market.prices.set(symbol, move.next);
  return market;
}

/**
 * One transaction: locks the chunk's portfolios, re-reads their crossed orders (still open?),
 * runs each through matching and execution in memory, and hands the outcome to the writer.
 */
interface Settlement {
  moves: Map<string, SymbolMove>;
  now: Date;
  market: Market;
  depth: Map<string, Liquidity>;
  /**
   * Load only what the fills touch (touchedPositionsOf), the other longs summed at the view's
   * prices: right for the practice market, whose new prices the tick has already stored. A
   * replay's prices are computed on its clock, so its portfolios load every position.
   */
  partial: boolean;
  /** The practice market's margin setting, when the pass read it (else each chunk reads it). */
  practiceMargin?: PracticeMargin | null;
}

async function settleChunk(tx: Tx, chunk: { portfolioIds: string[]; orderIds: string[] }, settlement: Settlement, outbox: Outbox) {
  const { moves, now, market } = settlement;
  const locked = await lockPortfolios(tx, chunk.portfolioIds);
  // Filled, cancelled or expired meanwhile: no longer open, no longer here.
  // Every column but the stored answer (a kilobyte an order placed with a key, read here for nothing at every tick it works).
  const open = await tx
    .select(storedOrderColumns)
    .from(orders)
    .where(and(inList(orders.id, chunk.orderIds), eq(orders.status, "open")))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const shorting = new Set(open.filter((o) => o.side === "short").map((o) => o.portfolioId));
  const contexts = await resolveContexts(tx, locked, { now, shorting: (p) => shorting.has(p.id), ...(settlement.practiceMargin !== undefined && { practiceMargin: settlement.practiceMargin }) });
  const owners = new Map(locked.map((p) => [p.id, p]));
  // Only portfolios judged under rules that need equity have their other longs valued (the sum reads every position they hold).
  const valued = new Set(open.filter((o) => needsEquity(contexts.get(o.portfolioId)?.rules(o.side) ?? { margin: null, maxPositionPct: null })).map((o) => o.portfolioId));
  const held = settlement.partial
    ? await touchedPositionsOf(
        tx,
        open.map((o) => ({ portfolioId: o.portfolioId, symbol: o.symbol })),
        valued,
      )
    : new Map([...(await positionsOf(tx, chunk.portfolioIds))].map(([id, positions]) => [id, { positions, elsewhere: undefined }]));
  const initialState = (portfolio: PortfolioRow): PortfolioState => {
    const holdings = held.get(portfolio.id);
    const state = stateOf(portfolio, holdings?.positions ?? []);
    return holdings?.elsewhere ? { ...state, elsewhere: holdings.elsewhere } : state;
  };

  // Each portfolio's checks see the prices of what it holds and trades (the domain copies the
  // map per fill: a few dozen entries, not the whole universe).
  const valuations = new Map<string, Market & { now: Date }>();
  const tradedBy = new Map<string, string[]>();
  for (const o of open) tradedBy.set(o.portfolioId, [...(tradedBy.get(o.portfolioId) ?? []), o.symbol]);
  const valuationOf = (portfolioId: string) => {
    let valuation = valuations.get(portfolioId);
    if (!valuation) {
      const own = [...(held.get(portfolioId)?.positions ?? []).map((p) => p.symbol), ...(tradedBy.get(portfolioId) ?? [])];
      valuation = { now, prices: new Map(own.filter((s) => market.prices.has(s)).map((s) => [s, market.prices.get(s)!])), inactiveSymbols: market.inactiveSymbols };
      valuations.set(portfolioId, valuation);
    }
    return valuation;
  };

  // Orders with legs: their groups, read once for the chunk (no statement when there are none; decision 065).
  const groups = await readGroups(
    tx,
    open.flatMap((o) => groupOf(o) ?? []),
  );
  const changes = new Changes(now);
  const counts = { filled: 0, triggered: 0, rejected: 0, trailed: 0 };
  /** After a fill or a refusal of a member of a group: the rest of the group follows (order-classes.ts). */
  const settleGroupOf = (row: (typeof open)[number], portfolio: PortfolioRow) => {
    const group = groupOf(row);
    if (group !== null && groups.has(group)) settleInto(changes, portfolio, changes.stateOf(portfolio.id)!, groups.get(group)!);
  };
  for (const stored of open) {
    // As this pass left it: an exit its sibling's fill cancelled earlier in the pass is no longer open.
    const row = changes.changedOrder(stored.id) ?? stored;
    if (row.status !== "open") continue;
    const portfolio = owners.get(row.portfolioId);
    const move = moves.get(row.symbol);
    if (!portfolio || !move) continue;
    const rules = contexts.get(portfolio.id)!.rules(row.side);
    const spec = specOf(row);
    // Only a limit the price comes exactly to (and no further) is a touch: it fills when the draw says it was reached in the queue.
    const touched = spec.type === "limit" && move.next === spec.limitPrice;
    const plan = planExecution(
      { spec, filledQuantity: row.filledQuantity, volumeSeen: row.volumeSeen },
      {
        move: { kind: "tick", previous: move.previous, next: metOnTheWay(spec, move) },
        volume: move.volume ?? 0,
        jump: move.jump ?? false,
        touchDraw: touched ? seededDraw(`${row.id}@${now.toISOString()}`) : 0,
      },
      settlement.depth.get(row.symbol),
      rules,
    );
    const state = changes.stateOf(portfolio.id) ?? initialState(portfolio);
    if (plan.kind === "none") {
      const toMarket = spec.type === "stop" || spec.type === "trailing-stop";
      // Working in parts: the volume it saw is kept (with the state, under the portfolio's guard), whatever filled.
      if (plan.working && (plan.volumeSeen !== row.volumeSeen || (toMarket && !row.triggered))) {
        changes.setState(portfolio.id, portfolio.version, state);
        changes.changeOrder(row, { volumeSeen: plan.volumeSeen, triggered: row.triggered || toMarket });
      } else if (plan.trail?.waterMark) {
        // A trailing stop follows the price: its new mark and the stop a trail away from it (decision 060).
        changes.setState(portfolio.id, portfolio.version, state);
        changes.changeOrder(row, { waterMark: $(plan.trail.waterMark), stopPrice: $(stopOf(plan.trail)) });
        counts.trailed += 1;
      }
      continue;
    }
    if (plan.kind === "triggered") {
      changes.setState(portfolio.id, portfolio.version, state);
      changes.changeOrder(row, { triggered: true });
      counts.triggered += 1;
      continue;
    }
    const reserved = money(row.reservedCash);
    const executed = executeFill(state, { order: { ...spec, quantity: plan.fill.quantity }, reservedCash: reserved }, plan.fill, valuationOf(portfolio.id), rules);
    if (!executed.ok) {
      changes.setState(portfolio.id, portfolio.version, executed.state);
      // What filled before stays filled; the rest is refused, with why.
      changes.changeOrder(row, { status: "rejected", rejectCode: executed.rejection.code, rejectMessage: executed.rejection.message, closedAt: now, reservedCash: "0.00", volumeSeen: plan.volumeSeen });
      settleGroupOf(row, portfolio);
      counts.rejected += 1;
      continue;
    }
    // The rest of a buy keeps its share of the reservation (rounded up: never less than it needs).
    const remainingBefore = remainingOf(row);
    const remainingAfter = row.quantity - plan.filledQuantity;
    const keep = plan.done || reserved === 0n ? ZERO : fractionOf(reserved, remainingAfter, remainingBefore, "up");
    changes.setState(portfolio.id, portfolio.version, keep === 0n ? executed.state : reserveCash(executed.state, keep));
    changes.addFill({ portfolioId: portfolio.id, orderId: row.id, fill: executed.fill, applied: executed.applied });
    changes.changeOrder(row, {
      ...(plan.done && { status: "filled", closedAt: now }),
      filledQuantity: plan.filledQuantity,
      filledValue: $(addMoney(money(row.filledValue), multiplyMoney(executed.fill.price, executed.fill.quantity))),
      volumeSeen: plan.volumeSeen,
      reservedCash: $(keep),
      triggered: row.triggered || plan.triggered,
    });
    settleGroupOf(row, portfolio);
    counts.filled += 1;
  }
  await writeChanges(tx, changes, outbox);
  return counts;
}

/**
 * Portfolios that hold a moved symbol and have a short somewhere or borrow (cash below zero,
 * margin: decision 070): the only ones whose equity the moves can push under the maintenance
 * level; and every portfolio with a standing margin call, whose deadline may have passed. Each
 * chunk is checked under its locks.
 */
async function checkMaintenance(db: Db, symbols: string[], now: Date, source: PriceSource): Promise<number> {
  const ofSourceSql = (column: string) => (source.kind === "replay" ? sql` and ${sql.raw(column)} in (select id from portfolios where event_id = ${source.eventId})` : sql``);
  const moved = await db
    .selectDistinct({ portfolioId: positions.portfolioId })
    .from(positions)
    .where(
      and(
        inList(positions.symbol, symbols),
        ne(positions.quantity, 0),
        // One set of the few portfolios that short or borrow, joined once: two correlated EXISTS
        // joined by OR cannot become a semi-join, so PostgreSQL probed both for every holder of
        // a moved symbol (370 ms for 47,605 positions in bench/tick.ts; 0.3 ms this way).
        sql`"positions"."portfolio_id" in (select portfolio_id from "positions" where quantity < 0 union all select id from portfolios where cash < 0)`,
        source.kind === "replay" ? sql`"positions"."portfolio_id" in (select id from portfolios where event_id = ${source.eventId})` : undefined,
      ),
    );
  const { rows: called } = await db.execute<{ portfolioId: string }>(sql`select id as "portfolioId" from portfolios where margin_call_at is not null${ofSourceSql("id")}`);
  const candidates = [...new Map([...moved, ...called].map((c) => [c.portfolioId, c])).values()];
  let covered = 0;
  await eachChunk(db, candidates, async (chunk) => {
    const outbox = new Outbox();
    covered += await db.transaction((tx) => coverChunk(tx, chunk.portfolioIds, now, source, outbox));
    outbox.afterCommit();
  });
  return covered;
}

async function coverChunk(tx: Tx, portfolioIds: string[], now: Date, source: PriceSource, outbox: Outbox): Promise<number> {
  const locked = await lockPortfolios(tx, portfolioIds);
  const contexts = await resolveContexts(tx, locked, { now });
  // Only the portfolios this source prices: a practice move never values a replay event's
  // portfolio (its symbols may share names), a replay's move only its own event's.
  const priced = locked.filter((p) => contexts.get(p.id)!.priceSource.eventId === source.eventId);
  const held = await positionsOf(tx, priced.map((p) => p.id));
  const symbols = new Set<string>();
  for (const list of held.values()) for (const p of list) if (p.quantity !== 0) symbols.add(p.symbol);
  const market = await pricesFor(tx, source, now, undefined, [...symbols]);
  const changes = new Changes(now);
  let covered = 0;
  for (const portfolio of priced) {
    const rules = contexts.get(portfolio.id)!.rules("cover");
    let state = stateOf(portfolio, held.get(portfolio.id) ?? []);
    // An event that has ended is over: its standings are frozen, so nothing is forced on it (and a call it ended with is lifted, so no tick looks again).
    if (rules.liveWindow && rules.liveWindow.end.getTime() <= now.getTime()) {
      if (state.marginCallAt) changes.setState(portfolio.id, portfolio.version, { ...state, marginCallAt: null });
      continue;
    }
    let call: { orders: OrderSpec[]; message: string; prefix: string } | null;
    if (rules.margin) {
      // A margin account (decision 070): a call with a deadline, then the forced sales that restore the requirement.
      const status = marginStatus(state, market.prices, rules, now);
      if (status.kind === "met") {
        if (status.cleared) changes.setState(portfolio.id, portfolio.version, { ...state, marginCallAt: null });
        continue;
      }
      if (status.kind === "call") {
        if (status.raised) {
          changes.setState(portfolio.id, portfolio.version, { ...state, marginCallAt: status.raisedAt });
          covered += 1;
        }
        continue;
      }
      if (status.orders.length === 0) continue;
      call = { orders: status.orders, message: status.message, prefix: "Margin call:" };
    } else {
      const shorts = maintenanceCall(state, market.prices, rules);
      call = shorts && { orders: shorts.orders, message: shorts.message, prefix: "Maintenance:" };
    }
    if (!call) continue;
    changes.setState(portfolio.id, portfolio.version, state);
    for (const order of call.orders) {
      const outcome = matchOrder(order, { kind: "placement", last: market.prices.get(order.symbol)! }, rules.slippageBps);
      if (outcome.kind !== "fill") continue;
      const executed = executeFill(state, { order, reservedCash: ZERO }, outcome.fill, { now, ...market }, rules, { forced: true });
      if (!executed.ok) continue;
      state = executed.state;
      changes.setState(portfolio.id, portfolio.version, state);
      const id = randomUUID();
      changes.addOrder({
        id,
        portfolioId: portfolio.id,
        symbol: order.symbol,
        side: order.side,
        type: "market",
        quantity: order.quantity,
        limitPrice: null,
        stopPrice: null,
        trailPercent: null,
        trailAmount: null,
        waterMark: null,
        notional: null,
        timeInForce: "day",
        status: "filled",
        rejectCode: null,
        // Not a rejection: the notice that tells the person why this order exists.
        rejectMessage: call.message,
        reservedCash: "0.00",
        triggered: false,
        filledQuantity: order.quantity,
        filledValue: $(multiplyMoney(executed.fill.price, executed.fill.quantity)),
        volumeSeen: 0,
        orderClass: "simple",
        leg: null,
        parentId: null,
        replay: source.kind === "replay",
        note: null,
        placedBy: null,
        underMarginCallAt: null,
        idempotencyKey: null,
        requestHash: null,
        response: null,
        createdAt: now,
        updatedAt: now,
        closedAt: now,
      });
      changes.addFill({ portfolioId: portfolio.id, orderId: id, fill: executed.fill, applied: executed.applied, reasonPrefix: call.prefix });
    }
    if (rules.margin) {
      // Restored: the call is over. Not (the fills came worse than expected): it stands, and the next move sells again.
      const after = marginStatus(state, market.prices, rules, now);
      changes.setState(portfolio.id, portfolio.version, { ...state, marginCallAt: after.kind === "met" ? null : (state.marginCallAt ?? now) });
    }
    covered += 1;
  }
  await writeChanges(tx, changes, outbox);
  return covered;
}
