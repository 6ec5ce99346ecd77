/**
 * What price moves do to resting orders: find the open orders the moves cross with one
 * indexed query (only those whose limit or stop a new price reaches), then settle them per
 * portfolio under the portfolio's lock through the domain's matching and execution. Also
 * day-order expiry, the maintenance check after a move, and the test-only price setter.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import pg from "pg";
import { bucketStart } from "@/domain/market";
import {
  executeFill,
  expiredDayOrders,
  formatMoney,
  maintenanceCall,
  matchOrder,
  type Money,
  type OrderSpec,
  parseMoney,
  type PortfolioState,
  type Position,
  releaseCash,
  roundCents,
  type TradingRules,
  ZERO,
} from "@/domain/trading";
import type { Db } from "@/server/db";
import { candles, eventParticipants, events, fills, firesAtOrAbove, firesAtOrBelow, instruments, ledgerEntries, orders, portfolios, positions } from "@/server/db/schema";
import { CHANNEL, getHub, portfolioTopic, type RealtimeEvent } from "@/server/realtime/hub";
import { failures } from "@/domain/errors";
import { rulesFor } from "./orders";
import { practiceSource, type PriceSource } from "./pricing";
import { $, bookFill, loadState, lockPortfolio, money, saveCash, specOf } from "./state";
import { notifyPortfolio } from "./notify";

export interface PriceMoveResult {
  /** Orders the indexed query returned (candidates). */
  candidates: number;
  filled: number;
  triggered: number;
  rejected: number;
  /** Portfolios whose shorts were covered by the maintenance check. */
  maintenance: number;
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
}

/** Where a continuous move meets the order: its limit or stop when that lies on the way, else the move's end. */
function metOnTheWay(spec: OrderSpec, move: SymbolMove): Money {
  const fire = spec.type === "limit" ? spec.limitPrice : spec.type === "stop" || spec.type === "stop-limit" ? spec.stopPrice : null;
  if (!move.continuous || fire === null) return move.next;
  const low = move.previous < move.next ? move.previous : move.next;
  const high = move.previous < move.next ? move.next : move.previous;
  return fire >= low && fire <= high ? fire : move.next;
}

/**
 * Portfolios per transaction. A tick crosses orders in hundreds of portfolios; one commit
 * each (a WAL flush) would cost more than the work. Fifty keep a transaction short (a few
 * ms), so a person placing an order meanwhile waits that long at most.
 */
const PORTFOLIOS_PER_TRANSACTION = 50;
/** …and a portfolio's orders always stay together, so a chunk closes early past this many orders. */
const ORDERS_PER_TRANSACTION = 500;
/**
 * Chunks in flight at once on PostgreSQL, out of the pool's 10 connections: the rest serve
 * requests. Measured on 2 cores (bench/tick.ts), 4 was no faster than 2.
 */
const CONCURRENT_TRANSACTIONS = 2;

export interface MoveOptions {
  /**
   * Only orders placed at or before this instant: a replay replays a stretch of its path
   * after the fact, and an order placed during the stretch must not fill on prices from
   * before it existed.
   */
  placedBefore?: Date;
}

/** The crossed-order query for these moves (exported for bench/tick.ts's EXPLAIN). */
export function crossedQuery(moves: ReadonlyArray<Pick<SymbolMove, "symbol" | "next">>, source: Pick<PriceSource, "kind" | "eventId"> = practiceSource, options: MoveOptions = {}) {
  const list = JSON.stringify(moves.map((m) => ({ symbol: m.symbol, price: formatMoney(m.next) })));
  // Practice moves: one index range per move and direction (orders_open_fires_{below,above}_idx,
  // whose predicate excludes replay orders, so a practice move never sees a replay event's
  // orders even on a symbol a dataset shares). A replay's moves: its event's open replay orders.
  const whose =
    source.kind === "practice"
      ? sql`not ${orders.replay}`
      : sql`${orders.replay} and ${orders.portfolioId} in (select ${eventParticipants.portfolioId} from ${eventParticipants} where ${eventParticipants.eventId} = ${source.eventId})${
          options.placedBefore ? sql` and ${orders.createdAt} <= ${options.placedBefore.toISOString()}::timestamptz` : sql``
        }`;
  return sql`
    select o.id, o.portfolio_id as "portfolioId"
    from json_to_recordset(${list}::json) as m(symbol text, price numeric)
    cross join lateral (
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.symbol} = m.symbol and ${firesAtOrBelow(orders)} >= m.price
      union all
      select ${orders.id}, ${orders.portfolioId}, ${orders.createdAt} from ${orders}
      where ${orders.status} = 'open' and ${whose} and ${orders.symbol} = m.symbol and ${firesAtOrAbove(orders)} <= m.price
    ) as o
    order by o.created_at, o.id`;
}

/** One move: what setPrice runs, and the simulator per moved symbol. */
export async function processPriceMove(db: Db, symbol: string, previous: Money, next: Money, now = new Date(), source: PriceSource = practiceSource): Promise<PriceMoveResult> {
  return processPriceMoves(db, [{ symbol, previous, next }], now, source);
}

/**
 * Every move of a tick at once: one query finds the crossed orders of all moved symbols;
 * their portfolios are then locked and settled in chunks (each chunk one transaction, the
 * portfolios locked in id order so two chunks can never deadlock), several chunks at a time
 * on PostgreSQL. Within a portfolio orders run oldest first, each against the state the
 * previous one left, exactly as one at a time would. Then the maintenance check.
 */
export async function processPriceMoves(db: Db, moves: readonly SymbolMove[], now = new Date(), source: PriceSource = practiceSource, options: MoveOptions = {}): Promise<PriceMoveResult> {
  const result: PriceMoveResult = { candidates: 0, filled: 0, triggered: 0, rejected: 0, maintenance: 0 };
  if (moves.length === 0) return result;
  const bySymbol = new Map(moves.map((m) => [m.symbol, m]));
  const { rows: candidates } = await db.execute<{ id: string; portfolioId: string }>(crossedQuery([...bySymbol.values()], source, options));
  result.candidates = candidates.length;

  const byPortfolio = new Map<string, string[]>();
  for (const c of candidates) {
    const ids = byPortfolio.get(c.portfolioId);
    if (ids) ids.push(c.id);
    else byPortfolio.set(c.portfolioId, [c.id]);
  }
  const chunks: Array<{ portfolioIds: string[]; orderIds: string[] }> = [];
  let chunk = { portfolioIds: [] as string[], orderIds: [] as string[] };
  for (const [portfolioId, ids] of [...byPortfolio].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    chunk.portfolioIds.push(portfolioId);
    chunk.orderIds.push(...ids);
    if (chunk.portfolioIds.length >= PORTFOLIOS_PER_TRANSACTION || chunk.orderIds.length >= ORDERS_PER_TRANSACTION) {
      chunks.push(chunk);
      chunk = { portfolioIds: [], orderIds: [] };
    }
  }
  if (chunk.portfolioIds.length > 0) chunks.push(chunk);

  const changed: string[] = [];
  await inParallel(chunks, concurrencyOf(db), async (c) => {
    const settled = await settleChunk(db, c, bySymbol, now, source);
    result.filled += settled.filled;
    result.triggered += settled.triggered;
    result.rejected += settled.rejected;
    changed.push(...settled.changed);
  });
  // PGlite delivers in-process: only after the commit (on PostgreSQL the NOTIFYs went with it).
  if (!getHub().distributed) for (const id of changed) await notifyPortfolio(db, id);
  result.maintenance = await checkMaintenance(db, [...bySymbol.keys()], now, source);
  return result;
}

/** PGlite has one connection: transactions queue there anyway, so one at a time. */
function concurrencyOf(db: Db): number {
  return (db as unknown as { $client?: unknown }).$client instanceof pg.Pool ? CONCURRENT_TRANSACTIONS : 1;
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Average cost from a stored position, as loadState computes it. */
function positionOf(row: Pick<typeof positions.$inferSelect, "quantity" | "costBasis" | "realisedPnl">): Position {
  const costBasis = money(row.costBasis);
  const q = row.quantity;
  const averageCost = q === 0 ? ZERO : q > 0 ? roundCents(costBasis, BigInt(q), "up") : roundCents(-costBasis as Money, BigInt(-q), "down");
  return { quantity: q, costBasis, averageCost, realisedPnl: money(row.realisedPnl) };
}

interface OrderChange {
  id: string;
  status: "open" | "filled" | "rejected";
  triggered: boolean;
  reject_code: string | null;
  reject_message: string | null;
  closed_at: string | null;
}

/**
 * One transaction: locks the chunk's portfolios, re-reads their crossed orders (still open?),
 * runs each through matching and execution in memory, and writes the outcome in one statement
 * per table whatever the number of orders.
 */
async function settleChunk(db: Db, chunk: { portfolioIds: string[]; orderIds: string[] }, moves: Map<string, SymbolMove>, now: Date, source: PriceSource) {
  return db.transaction(async (tx) => {
    const locked = await tx.select().from(portfolios).where(inArray(portfolios.id, chunk.portfolioIds)).orderBy(asc(portfolios.id)).for("update");
    // Filled, cancelled or expired meanwhile: no longer open, no longer here.
    const open = await tx
      .select()
      .from(orders)
      .where(and(inArray(orders.id, chunk.orderIds), eq(orders.status, "open")))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    const held = await tx
      .select({ portfolioId: positions.portfolioId, symbol: positions.symbol, quantity: positions.quantity, costBasis: positions.costBasis, realisedPnl: positions.realisedPnl })
      .from(positions)
      .where(inArray(positions.portfolioId, chunk.portfolioIds));
    // The prices a fill's checks value the portfolio at: its holdings and the orders' symbols.
    const symbols = [...new Set([...held.map((p) => p.symbol), ...open.map((o) => o.symbol)])];
    let quotes: Map<string, Money>;
    let inactiveSymbols: Set<string>;
    if (source.kind === "practice") {
      const quoted = symbols.length ? await tx.select({ symbol: instruments.symbol, lastPrice: instruments.lastPrice, active: instruments.active }).from(instruments).where(inArray(instruments.symbol, symbols)) : [];
      quotes = new Map(quoted.map((r) => [r.symbol, moves.get(r.symbol)?.next ?? money(r.lastPrice)]));
      inactiveSymbols = new Set(quoted.filter((r) => !r.active).map((r) => r.symbol));
    } else {
      // A replay event's portfolios are valued on its clock, the moved symbols at the move's price.
      const market = await source.market(tx, now);
      quotes = new Map([...market.prices].map(([symbol, price]) => [symbol, moves.get(symbol)?.next ?? price]));
      inactiveSymbols = market.inactiveSymbols;
    }
    // Each portfolio's checks see the prices of what it holds and trades (the domain copies
    // the map per fill: a few dozen entries, not the whole universe).
    const contexts = new Map<string, { now: Date; prices: Map<string, Money>; inactiveSymbols: Set<string> }>();
    const contextOf = (portfolioId: string) => {
      let context = contexts.get(portfolioId);
      if (!context) {
        const symbols = [...states.get(portfolioId)!.positions.keys(), ...open.filter((o) => o.portfolioId === portfolioId).map((o) => o.symbol)];
        context = { now, prices: new Map(symbols.filter((s) => quotes.has(s)).map((s) => [s, quotes.get(s)!])), inactiveSymbols };
        contexts.set(portfolioId, context);
      }
      return context;
    };

    const holdings = new Map(locked.map((p) => [p.id, new Map<string, Position>()]));
    for (const row of held) holdings.get(row.portfolioId)?.set(row.symbol, positionOf(row));
    const states = new Map<string, PortfolioState>(locked.map((p) => [p.id, { cash: money(p.cash), reservedCash: money(p.reservedCash), positions: holdings.get(p.id)! }]));
    const owners = new Map(locked.map((p) => [p.id, p]));

    const at = now.toISOString();
    const orderChanges: OrderChange[] = [];
    const fillRows: Array<Record<string, unknown>> = [];
    const ledgerRows: Array<Record<string, unknown>> = [];
    const touchedPositions = new Map<string, { portfolioId: string; symbol: string }>();
    const cashChanged = new Set<string>();
    const triggeredIn = new Set<string>();
    const counts = { filled: 0, triggered: 0, rejected: 0 };
    const rules = new Map<string, TradingRules>();

    for (const row of open) {
      const portfolio = owners.get(row.portfolioId);
      const move = moves.get(row.symbol);
      if (!portfolio || !move) continue;
      const key = `${portfolio.id}/${row.side}`;
      const portfolioRules = rules.get(key) ?? (await rulesFor(tx, portfolio, row.side));
      rules.set(key, portfolioRules);
      const spec = specOf(row);
      const outcome = matchOrder(spec, { kind: "tick", previous: move.previous, next: metOnTheWay(spec, move) }, portfolioRules.slippageBps);
      if (outcome.kind === "none") continue;
      if (outcome.kind === "triggered") {
        orderChanges.push({ id: row.id, status: "open", triggered: true, reject_code: null, reject_message: null, closed_at: null });
        counts.triggered += 1;
        triggeredIn.add(portfolio.id);
        continue;
      }
      const executed = executeFill(states.get(portfolio.id)!, { order: spec, reservedCash: money(row.reservedCash) }, outcome.fill, contextOf(portfolio.id), portfolioRules);
      states.set(portfolio.id, executed.state);
      cashChanged.add(portfolio.id);
      if (!executed.ok) {
        orderChanges.push({ id: row.id, status: "rejected", triggered: row.triggered, reject_code: executed.rejection.code, reject_message: executed.rejection.message, closed_at: at });
        counts.rejected += 1;
        continue;
      }
      const { fill, applied } = executed;
      const fillId = randomUUID();
      fillRows.push({ id: fillId, order_id: row.id, portfolio_id: portfolio.id, symbol: fill.symbol, side: fill.side, quantity: fill.quantity, price: $(fill.price), commission: $(applied.commission), reason: fill.reason });
      // The same ledger lines bookFill writes: the trade, then the commission if any.
      ledgerRows.push({ portfolio_id: portfolio.id, kind: "trade", amount: $((applied.cashChange + applied.commission) as Money), order_id: row.id, fill_id: fillId });
      if (applied.commission !== 0n) ledgerRows.push({ portfolio_id: portfolio.id, kind: "commission", amount: $(-applied.commission as Money), order_id: row.id, fill_id: fillId });
      touchedPositions.set(`${portfolio.id}/${fill.symbol}`, { portfolioId: portfolio.id, symbol: fill.symbol });
      orderChanges.push({ id: row.id, status: "filled", triggered: row.triggered, reject_code: null, reject_message: null, closed_at: at });
      counts.filled += 1;
    }

    if (fillRows.length) {
      await tx.execute(sql`
        insert into ${fills} (id, order_id, portfolio_id, symbol, side, quantity, price, commission, reason, created_at)
        select x.id, x.order_id, x.portfolio_id, x.symbol, x.side, x.quantity, x.price, x.commission, x.reason, ${at}::timestamptz
        from json_to_recordset(${json(fillRows)}::json) as x(id text, order_id text, portfolio_id text, symbol text, side text, quantity integer, price numeric, commission numeric, reason text)`);
      await tx.execute(sql`
        insert into ${ledgerEntries} (portfolio_id, kind, amount, order_id, fill_id, created_at)
        select x.portfolio_id, x.kind, x.amount, x.order_id, x.fill_id, ${at}::timestamptz
        from json_to_recordset(${json(ledgerRows)}::json) as x(portfolio_id text, kind text, amount numeric, order_id text, fill_id text)`);
      const positionRows = [...touchedPositions.values()].map(({ portfolioId, symbol }) => {
        const p = states.get(portfolioId)!.positions.get(symbol)!;
        return { portfolio_id: portfolioId, symbol, quantity: p.quantity, cost_basis: $(p.costBasis), realised_pnl: $(p.realisedPnl) };
      });
      await tx.execute(sql`
        insert into ${positions} (portfolio_id, symbol, quantity, cost_basis, realised_pnl, updated_at)
        select x.portfolio_id, x.symbol, x.quantity, x.cost_basis, x.realised_pnl, ${at}::timestamptz
        from json_to_recordset(${json(positionRows)}::json) as x(portfolio_id text, symbol text, quantity integer, cost_basis numeric, realised_pnl numeric)
        on conflict (portfolio_id, symbol) do update
          set quantity = excluded.quantity, cost_basis = excluded.cost_basis, realised_pnl = excluded.realised_pnl, updated_at = excluded.updated_at`);
    }
    if (orderChanges.length) {
      await tx.execute(sql`
        update ${orders} as o
        set status = x.status, triggered = x.triggered, reject_code = x.reject_code, reject_message = x.reject_message, closed_at = x.closed_at, updated_at = ${at}::timestamptz
        from json_to_recordset(${json(orderChanges)}::json) as x(id text, status text, triggered boolean, reject_code text, reject_message text, closed_at timestamptz)
        where o.id = x.id`);
    }
    if (cashChanged.size) {
      const cashRows = [...cashChanged].map((id) => ({ id, cash: $(states.get(id)!.cash), reserved_cash: $(states.get(id)!.reservedCash) }));
      await tx.execute(sql`
        update ${portfolios} as p
        set cash = x.cash, reserved_cash = x.reserved_cash, updated_at = ${at}::timestamptz
        from json_to_recordset(${json(cashRows)}::json) as x(id text, cash numeric, reserved_cash numeric)
        where p.id = x.id`);
    }
    const changed = [...new Set([...cashChanged, ...triggeredIn])];
    const hub = getHub();
    if (changed.length && hub.distributed) {
      // One NOTIFY per portfolio in one statement, sent only if this transaction commits.
      const payloads = changed.map((id) => JSON.stringify({ topic: portfolioTopic(id), type: "portfolio", data: { portfolioId: id } } satisfies RealtimeEvent));
      await tx.execute(sql`select pg_notify(${CHANNEL}, x) from json_array_elements_text(${json(payloads)}::json) as x`);
    }
    return { ...counts, changed };
  });
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Portfolios that hold a moved symbol and have a short somewhere: the only ones whose equity
 * the moves can push under the maintenance level. Each is checked under its lock.
 */
async function checkMaintenance(db: Db, symbols: string[], now: Date, source: PriceSource): Promise<number> {
  // Only the portfolios this source prices: a practice move never values a replay event's
  // portfolio (its symbols may share names), a replay's move only its own event's.
  const priced =
    source.kind === "practice"
      ? sql`not exists (select 1 from ${portfolios} p3 join ${events} e on e.id = p3.event_id where p3.id = "positions"."portfolio_id" and e.replay is not null)`
      : sql`"positions"."portfolio_id" in (select ${eventParticipants.portfolioId} from ${eventParticipants} where ${eventParticipants.eventId} = ${source.eventId})`;
  const held = await db
    .selectDistinct({ portfolioId: positions.portfolioId })
    .from(positions)
    .where(
      and(
        inArray(positions.symbol, symbols),
        ne(positions.quantity, 0),
        sql`exists (select 1 from "positions" as p2 where p2.portfolio_id = "positions"."portfolio_id" and p2.quantity < 0)`,
        priced,
      ),
    );
  let covered = 0;
  for (const { portfolioId } of held) {
    const did = await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, portfolioId);
      if (!portfolio) return false;
      const rules = await rulesFor(tx, portfolio, "cover");
      // An event that has ended is over: its standings are frozen, so nothing is forced on it.
      if (rules.liveWindow && rules.liveWindow.end.getTime() <= now.getTime()) return false;
      let state = await loadState(tx, portfolio);
      const market = await source.market(tx, now);
      const call = maintenanceCall(state, market.prices, rules);
      if (!call) return false;
      for (const order of call.orders) {
        const outcome = matchOrder(order, { kind: "placement", last: market.prices.get(order.symbol)! }, rules.slippageBps);
        if (outcome.kind !== "fill") continue;
        const executed = executeFill(state, { order, reservedCash: ZERO }, outcome.fill, { now, ...market }, rules, { forced: true });
        if (!executed.ok) continue;
        state = executed.state;
        const id = randomUUID();
        await tx.insert(orders).values({
          id,
          portfolioId,
          symbol: order.symbol,
          side: order.side,
          type: "market",
          quantity: order.quantity,
          timeInForce: "day",
          status: "filled",
          replay: source.kind === "replay",
          // Not a rejection: the notice that tells the person why this order exists.
          rejectMessage: call.message,
          createdAt: now,
          updatedAt: now,
          closedAt: now,
        });
        await bookFill(tx, { portfolioId, orderId: id, fill: executed.fill, applied: executed.applied, state, now, reasonPrefix: "Maintenance:" });
      }
      await saveCash(tx, portfolioId, state, now);
      return true;
    });
    if (did) {
      covered += 1;
      await notifyPortfolio(db, portfolioId);
    }
  }
  return covered;
}

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * Expires open day orders whose trading day has ended, giving back their reservations: the
 * practice market's day ends at 00:00 UTC (orders_open_day_idx), a replay event's at the end
 * of the dataset's trading day on the event's clock.
 */
export async function expireDayOrders(db: Db, now = new Date(), source: PriceSource = practiceSource): Promise<number> {
  const candidates = await db
    .select({ id: orders.id, portfolioId: orders.portfolioId })
    .from(orders)
    .where(
      source.kind === "practice"
        ? and(eq(orders.status, "open"), eq(orders.timeInForce, "day"), eq(orders.replay, false), lt(orders.createdAt, startOfUtcDay(now)))
        : and(
            eq(orders.status, "open"),
            eq(orders.replay, true),
            eq(orders.timeInForce, "day"),
            inArray(orders.portfolioId, db.select({ id: eventParticipants.portfolioId }).from(eventParticipants).where(eq(eventParticipants.eventId, source.eventId!))),
          ),
    );
  let expired = 0;
  for (const candidate of candidates) {
    const done = await db.transaction(async (tx) => {
      const portfolio = await lockPortfolio(tx, candidate.portfolioId);
      if (!portfolio) return false;
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, candidate.id), eq(orders.status, "open")));
      if (!row || expiredDayOrders([{ order: specOf(row), placedAt: row.createdAt }], now, source.endOfDay).length === 0) return false;
      const state = releaseCash(await loadState(tx, portfolio), money(row.reservedCash));
      await tx.update(orders).set({ status: "expired", closedAt: now, updatedAt: now }).where(eq(orders.id, row.id));
      await saveCash(tx, portfolio.id, state, now);
      return true;
    });
    if (done) {
      expired += 1;
      await notifyPortfolio(db, candidate.portfolioId);
    }
  }
  return expired;
}

/**
 * Test-only (TEST_PRICE_CONTROL): sets an instrument's price as if the market moved there —
 * last price, the minute and day candles, then resting orders and the maintenance check.
 */
export async function setPrice(db: Db, symbol: string, priceText: string, now = new Date()) {
  const next = parseMoney(priceText);
  if (next <= 0n) throw failures.invalid("The price must be positive.", { price: "The price must be positive." });
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(instruments).where(eq(instruments.symbol, symbol)).for("update");
    if (!row) throw failures.notFound(`There is no instrument ${symbol}.`);
    const price = $(next);
    await tx.update(instruments).set({ lastPrice: price, updatedAt: now }).where(eq(instruments.symbol, symbol));
    for (const interval of ["1m", "1d"] as const) {
      await tx
        .insert(candles)
        .values({ symbol, interval, start: bucketStart(now, interval), open: price, high: price, low: price, close: price, volume: 0 })
        .onConflictDoUpdate({
          target: [candles.symbol, candles.interval, candles.start],
          set: { high: sql`greatest(${candles.high}, excluded.high)`, low: sql`least(${candles.low}, excluded.low)`, close: sql`excluded.close` },
        });
    }
    return money(row.lastPrice);
  });
  const moved = await processPriceMove(db, symbol, previous, next, now);
  return { symbol, previous: $(previous), price: $(next), ...moved };
}
