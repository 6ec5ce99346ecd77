/**
 * The ONE writer of orders, fills, positions, cash and ledger. Every path that changes a
 * portfolio (an order placed, a resting order filled or triggered, a maintenance cover, a
 * cancellation, a day order's expiry) decides in memory through the domain, records the
 * outcome in a `Changes`, and hands it here: one statement writes all of it, whatever the
 * number of portfolios and orders, with the change's live events (stored for the hubs to read
 * after commit, docs/decisions/078).
 *
 * Every write is guarded by the portfolio's version: a portfolio whose version is no longer
 * the one the changes were computed from is left alone, with all its rows (`applied` says
 * which were written). Callers that hold the portfolio's row lock always match; the order
 * path, which reads without a lock, retries (docs/decisions/020-trading-engine.md).
 */
import { randomUUID } from "node:crypto";
import { type AppliedFill, type BookedFill, type Fill, type Money, multiplyMoney, paysCash, type PortfolioState } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { executeNamed } from "@/server/db/named";
import { type PortfolioRef, portfolioTopic } from "@/server/realtime/hub";
import { eventsParam, type Outbox, storeEventsSql } from "@/server/realtime/outbox";
import { $, type FillRow, type OrderRow, type StoredOrder } from "./rows";

/** What may change on a stored order. */
export type OrderChange = Partial<
  Pick<OrderRow, "status" | "triggered" | "rejectCode" | "rejectMessage" | "closedAt" | "quantity" | "limitPrice" | "stopPrice" | "reservedCash" | "filledQuantity" | "filledValue" | "volumeSeen" | "waterMark" | "trailAmount">
>;

/** What a corporate action did to one portfolio (decision 052): its row in corporate_action_entries. */
export interface CorporateActionEntry {
  actionId: string;
  portfolioId: string;
  quantityBefore: number;
  quantityAfter: number;
  /** Signed: a dividend's entitlement, or a split's cash in lieu. */
  amount: Money;
  reason: string;
}

type LedgerKind = "trade" | "commission" | "adjustment" | "dividend" | "split" | "interest" | "borrow-fee";

/** A day's interest and borrow fees for one portfolio (decision 070): its row in portfolio_accruals, and its ledger lines. */
export interface AccrualEntry {
  portfolioId: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  interest: Money;
  borrowFees: Money;
  lines: ReadonlyArray<{ kind: "interest" | "borrow-fee"; amount: Money; reason: string }>;
}

interface PortfolioWrite {
  version: number;
  state: PortfolioState;
  /** Symbols whose position rows must be written from `state`. */
  symbols: Set<string>;
}

/** What a transaction did to portfolios, in memory until `writeChanges`. */
export class Changes {
  readonly newOrders: OrderRow[] = [];
  /** Stored orders as they are after the change (their stored answer is not read for a change, nor written by one). */
  readonly changedOrders: StoredOrder[] = [];
  private readonly changedAt = new Map<string, number>();
  readonly fills: FillRow[] = [];
  /** A fill's lines name only their fill (its portfolio and order are the fill's, taken from it in the write); the others their portfolio. */
  private readonly ledger: Array<{ kind: LedgerKind; amount: string } & ({ fill_id: string } | { portfolio_id: string; corporate_action_id?: string; reason?: string })> = [];
  private readonly actionEntries: CorporateActionEntry[] = [];
  /** Entitlements paid by this change: (action, portfolio) pairs whose paid_at is set. */
  private readonly paidEntries: Array<{ action_id: string; portfolio_id: string }> = [];
  private readonly accruals: Array<{ portfolio_id: string; day: string; interest: string; borrow_fees: string }> = [];
  private readonly portfolios = new Map<string, PortfolioWrite>();

  constructor(readonly now: Date) {}

  /** The portfolio's state after the change, and the version it was computed from. */
  setState(portfolioId: string, version: number, state: PortfolioState): void {
    const entry = this.portfolios.get(portfolioId);
    if (entry) entry.state = state;
    else this.portfolios.set(portfolioId, { version, state, symbols: new Set() });
  }

  stateOf(portfolioId: string): PortfolioState | undefined {
    return this.portfolios.get(portfolioId)?.state;
  }

  addOrder(row: OrderRow): void {
    this.newOrders.push(row);
  }

  /** Records a change of a stored order; returns the order as it is after it. A second change of the same order joins the first (one row per order in the write). */
  changeOrder(row: StoredOrder, change: OrderChange): StoredOrder {
    const at = this.changedAt.get(row.id);
    const changed = { ...(at === undefined ? row : this.changedOrders[at]!), ...change, updatedAt: this.now };
    if (at === undefined) {
      this.changedAt.set(row.id, this.changedOrders.length);
      this.changedOrders.push(changed);
    } else this.changedOrders[at] = changed;
    return changed;
  }

  /** The order as this change leaves it, if it changed it. */
  changedOrder(id: string): StoredOrder | undefined {
    const at = this.changedAt.get(id);
    return at === undefined ? undefined : this.changedOrders[at];
  }

  /** Books an executed fill: its row, and the position it changed (cash comes with the state). */
  addFill(options: { portfolioId: string; orderId: string; fill: Fill; applied: AppliedFill; reasonPrefix?: string }): FillRow {
    const { portfolioId, orderId, fill, applied } = options;
    const row: FillRow = {
      id: randomUUID(),
      orderId,
      portfolioId,
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: $(fill.price),
      commission: $(applied.commission),
      reason: options.reasonPrefix ? `${options.reasonPrefix} ${fill.reason}` : fill.reason,
      referencePrice: $(fill.referencePrice),
      impactBps: fill.impactBps.toFixed(2),
      reversalOf: null,
      createdAt: this.now,
    };
    this.fills.push(row);
    // The trade's cash (the signed notional), then the commission as its own line.
    this.ledger.push({ kind: "trade", amount: $((applied.cashChange + applied.commission) as Money), fill_id: row.id });
    if (applied.commission !== 0n) this.ledger.push({ kind: "commission", amount: $(-applied.commission as Money), fill_id: row.id });
    const entry = this.portfolios.get(portfolioId);
    if (!entry) throw new Error("setState must come before addFill: the fill's position is written from the portfolio's state.");
    entry.symbols.add(fill.symbol);
    return row;
  }

  /**
   * Books the compensating fill of a reversal (domain corrections.ts): its row marked with the
   * fill it reverses and booked on that fill's order, the trade's cash and the refunded
   * commission as ledger lines. The position comes from the state, rebuilt by the domain.
   */
  addCompensation(options: { portfolioId: string; reversed: Pick<FillRow, "id" | "orderId">; compensation: BookedFill; reason: string }): FillRow {
    const { portfolioId, reversed, compensation: c } = options;
    const row: FillRow = {
      id: randomUUID(),
      orderId: reversed.orderId,
      portfolioId,
      symbol: c.symbol,
      side: c.side,
      quantity: c.quantity,
      price: $(c.price),
      commission: $(c.commission),
      reason: options.reason,
      referencePrice: null,
      impactBps: null,
      reversalOf: reversed.id,
      createdAt: this.now,
    };
    this.fills.push(row);
    const notional = multiplyMoney(c.price, c.quantity);
    this.ledger.push({ kind: "trade", amount: $(paysCash(c.side) ? (-notional as Money) : notional), fill_id: row.id });
    if (c.commission !== 0n) this.ledger.push({ kind: "commission", amount: $(-c.commission as Money), fill_id: row.id });
    const entry = this.portfolios.get(portfolioId);
    if (!entry) throw new Error("setState must come before addCompensation.");
    entry.symbols.add(c.symbol);
    return row;
  }

  /** A cash adjustment's ledger line (the cash itself comes with the state). */
  addAdjustment(portfolioId: string, amount: Money): void {
    if (!this.portfolios.has(portfolioId)) throw new Error("setState must come before addAdjustment.");
    this.ledger.push({ portfolio_id: portfolioId, kind: "adjustment", amount: $(amount) });
  }

  /**
   * A corporate action's effect on a portfolio (decision 052): its entry row, the portfolio's
   * position in `symbol` written from the state, and a ledger line when the action moved cash
   * (a split's fraction). A dividend's entitlement moves no cash until it is paid (`addDividendPayment`).
   */
  addCorporateAction(entry: CorporateActionEntry, options: { symbol: string; ledger: "split" | null }): void {
    const write = this.portfolios.get(entry.portfolioId);
    if (!write) throw new Error("setState must come before addCorporateAction.");
    write.symbols.add(options.symbol);
    this.actionEntries.push(entry);
    if (options.ledger && entry.amount !== 0n) {
      this.ledger.push({ portfolio_id: entry.portfolioId, kind: options.ledger, amount: $(entry.amount), corporate_action_id: entry.actionId, reason: entry.reason });
    }
  }

  /** A dividend entitlement paid: its ledger line (the cash comes with the state), and its entry marked paid. */
  addDividendPayment(options: { actionId: string; portfolioId: string; amount: Money; reason: string }): void {
    if (!this.portfolios.has(options.portfolioId)) throw new Error("setState must come before addDividendPayment.");
    this.ledger.push({ portfolio_id: options.portfolioId, kind: "dividend", amount: $(options.amount), corporate_action_id: options.actionId, reason: options.reason });
    this.paidEntries.push({ action_id: options.actionId, portfolio_id: options.portfolioId });
  }

  /**
   * A day's accrual (decision 070): its row in portfolio_accruals (whose key makes it once per
   * portfolio and day) and a ledger line per charge or payment (the cash comes with the state).
   */
  addAccrual(entry: AccrualEntry): void {
    if (!this.portfolios.has(entry.portfolioId)) throw new Error("setState must come before addAccrual.");
    for (const line of entry.lines) this.ledger.push({ portfolio_id: entry.portfolioId, kind: line.kind, amount: $(line.amount), reason: line.reason });
    this.accruals.push({ portfolio_id: entry.portfolioId, day: entry.day, interest: $(entry.interest), borrow_fees: $(entry.borrowFees) });
  }

  /** Portfolios this change touches. */
  get portfolioIds(): string[] {
    return [...this.portfolios.keys()];
  }

  /**
   * What the change did to each portfolio, by reference (docs/decisions/087): the ids of its
   * orders (new, then changed) and of its new fills. A stream listening to the portfolio is sent
   * them as `portfolioChanges` reads them; nobody listening, nothing more is done with them.
   */
  refs(): PortfolioRef[] {
    // Grouped in one pass over the rows (a tick's chunk: hundreds of portfolios, each with a few of them).
    const byPortfolio = new Map(this.portfolioIds.map((portfolioId) => [portfolioId, { portfolioId, orders: [] as string[], fills: [] as string[] }]));
    for (const order of [...this.newOrders, ...this.changedOrders]) byPortfolio.get(order.portfolioId)?.orders.push(order.id);
    for (const fill of this.fills) byPortfolio.get(fill.portfolioId)?.fills.push(fill.id);
    return [...byPortfolio.values()];
  }

  get isEmpty(): boolean {
    return (
      this.portfolios.size === 0 &&
      this.newOrders.length === 0 &&
      this.changedOrders.length === 0 &&
      this.actionEntries.length === 0 &&
      this.paidEntries.length === 0 &&
      this.accruals.length === 0
    );
  }

  /** The rows of each table as JSON for json_to_recordset. */
  recordsets() {
    const at = this.now.toISOString();
    const positions = [...this.portfolios].flatMap(([portfolioId, entry]) =>
      [...entry.symbols].map((symbol) => {
        const p = entry.state.positions.get(symbol)!;
        return { portfolio_id: portfolioId, symbol, quantity: p.quantity, cost_basis: $(p.costBasis), realised_pnl: $(p.realisedPnl) };
      }),
    );
    return {
      portfolios: [...this.portfolios].map(([id, entry]) => ({
        id,
        version: entry.version,
        cash: $(entry.state.cash),
        reserved_cash: $(entry.state.reservedCash),
        // Null: the state was built without it, and the stored figure stands.
        receivable: entry.state.receivable === undefined ? null : $(entry.state.receivable),
        // Absent from the state: not read, and the stored call stands; null clears it (decision 070).
        margin_call_set: entry.state.marginCallAt !== undefined,
        margin_call_at: entry.state.marginCallAt ? entry.state.marginCallAt.toISOString() : null,
      })),
      orders: this.newOrders.map((o) => ({
        id: o.id,
        portfolio_id: o.portfolioId,
        symbol: o.symbol,
        side: o.side,
        type: o.type,
        quantity: o.quantity,
        limit_price: o.limitPrice,
        stop_price: o.stopPrice,
        trail_percent: o.trailPercent,
        trail_amount: o.trailAmount,
        water_mark: o.waterMark,
        notional: o.notional,
        time_in_force: o.timeInForce,
        status: o.status,
        reject_code: o.rejectCode,
        reject_message: o.rejectMessage,
        reserved_cash: o.reservedCash,
        triggered: o.triggered,
        filled_quantity: o.filledQuantity,
        filled_value: o.filledValue,
        volume_seen: o.volumeSeen,
        replay: o.replay,
        note: o.note,
        idempotency_key: o.idempotencyKey,
        request_hash: o.requestHash,
        response: o.response,
        created_at: o.createdAt.toISOString(),
        updated_at: o.updatedAt.toISOString(),
        closed_at: o.closedAt?.toISOString() ?? null,
        placed_by: o.placedBy ?? null,
        under_margin_call_at: o.underMarginCallAt?.toISOString() ?? null,
        order_class: o.orderClass,
        leg: o.leg,
        parent_id: o.parentId,
      })),
      orderChanges: this.changedOrders.map((c) => ({
        id: c.id,
        portfolio_id: c.portfolioId,
        status: c.status,
        triggered: c.triggered,
        reject_code: c.rejectCode,
        reject_message: c.rejectMessage,
        closed_at: c.closedAt?.toISOString() ?? null,
        quantity: c.quantity,
        limit_price: c.limitPrice,
        stop_price: c.stopPrice,
        water_mark: c.waterMark,
        trail_amount: c.trailAmount,
        reserved_cash: c.reservedCash,
        filled_quantity: c.filledQuantity,
        filled_value: c.filledValue,
        volume_seen: c.volumeSeen,
      })),
      fills: this.fills.map((f) => ({
        id: f.id,
        order_id: f.orderId,
        portfolio_id: f.portfolioId,
        symbol: f.symbol,
        side: f.side,
        quantity: f.quantity,
        price: f.price,
        commission: f.commission,
        reason: f.reason,
        reference_price: f.referencePrice,
        impact_bps: f.impactBps,
        reversal_of: f.reversalOf,
      })),
      ledger: this.ledger,
      positions,
      actionEntries: this.actionEntries.map((e) => ({
        action_id: e.actionId,
        portfolio_id: e.portfolioId,
        quantity_before: e.quantityBefore,
        quantity_after: e.quantityAfter,
        amount: $(e.amount),
        reason: e.reason,
      })),
      paidEntries: this.paidEntries,
      accruals: this.accruals,
      at,
    };
  }
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * The one write: $1 the instant; $2 … $10 the recordsets (portfolios with the version each
 * was computed from, new orders, changed orders, fills, ledger lines, positions, corporate
 * action entries, the entries paid and the days accrued). Every CTE
 * writes only for the portfolios whose version still matched (`written`), and marks the
 * boards they feed as stale (`marked`, the claim's input: refresh-state.ts in the ranking
 * feature). A constant text, so PostgreSQL plans it once per connection.
 */
const WRITE_CTES = `
    with written as (
      update portfolios p
      set cash = x.cash, reserved_cash = x.reserved_cash, receivable = coalesce(x.receivable, p.receivable),
          margin_call_at = case when x.margin_call_set then x.margin_call_at else p.margin_call_at end, version = p.version + 1, updated_at = $1::timestamptz
      from json_to_recordset($2::json) as x(id text, version bigint, cash numeric, reserved_cash numeric, receivable numeric, margin_call_set boolean, margin_call_at timestamptz)
      where p.id = x.id and p.version = x.version
      returning p.id, p.kind, p.event_id
    ), marked as (
      -- The boards fed by the portfolios written are stale (decision 096): the writer marks them
      -- itself, once per statement, with the ranking's own function (the one the triggers on
      -- every other input call), where triggers on each table it writes used to. Run once: the
      -- result below reads it.
      select boards_mark_stale(array(select distinct g from written w, unnest(boards_groups_of_portfolio(w.kind, w.event_id)) as g)) as done
    ), new_orders as (
      insert into orders (id, portfolio_id, symbol, side, type, quantity, limit_price, stop_price, trail_percent, trail_amount, water_mark, notional, time_in_force, status, reject_code, reject_message,
                          reserved_cash, triggered, filled_quantity, filled_value, volume_seen, replay, note, idempotency_key, request_hash, response, created_at, updated_at, closed_at, placed_by, under_margin_call_at, order_class, leg, parent_id)
      select x.* from json_to_recordset($3::json) as x(id text, portfolio_id text, symbol text, side text, type text, quantity integer,
        limit_price numeric, stop_price numeric, trail_percent numeric, trail_amount numeric, water_mark numeric, notional numeric, time_in_force text, status text, reject_code text, reject_message text, reserved_cash numeric,
        triggered boolean, filled_quantity integer, filled_value numeric, volume_seen bigint, replay boolean, note text, idempotency_key text, request_hash text, response jsonb, created_at timestamptz, updated_at timestamptz, closed_at timestamptz, placed_by text, under_margin_call_at timestamptz, order_class text, leg text, parent_id text)
      where x.portfolio_id in (select id from written)
      returning 1
    ), changed_orders as (
      update orders o
      set status = x.status, triggered = x.triggered, reject_code = x.reject_code, reject_message = x.reject_message, closed_at = x.closed_at,
          quantity = x.quantity, limit_price = x.limit_price, stop_price = x.stop_price, water_mark = x.water_mark, trail_amount = x.trail_amount, reserved_cash = x.reserved_cash,
          filled_quantity = x.filled_quantity, filled_value = x.filled_value, volume_seen = x.volume_seen, updated_at = $1::timestamptz
      from json_to_recordset($4::json) as x(id text, portfolio_id text, status text, triggered boolean, reject_code text, reject_message text, closed_at timestamptz,
        quantity integer, limit_price numeric, stop_price numeric, water_mark numeric, trail_amount numeric, reserved_cash numeric, filled_quantity integer, filled_value numeric, volume_seen bigint)
      where o.id = x.id and x.portfolio_id in (select id from written)
      returning 1
    ), new_fills as (
      insert into fills (id, order_id, portfolio_id, symbol, side, quantity, price, commission, reason, reference_price, impact_bps, reversal_of, created_at)
      select x.id, x.order_id, x.portfolio_id, x.symbol, x.side, x.quantity, x.price, x.commission, x.reason, x.reference_price, x.impact_bps, x.reversal_of, $1::timestamptz
      from json_to_recordset($5::json) as x(id text, order_id text, portfolio_id text, symbol text, side text, quantity integer, price numeric, commission numeric, reason text, reference_price numeric, impact_bps numeric, reversal_of text)
      where x.portfolio_id in (select id from written)
      returning id, order_id, portfolio_id
    ), new_ledger as (
      -- A fill's lines take its portfolio and order from the fill written here (so they cannot
      -- differ from it), and go only where it went; the others are their portfolio's. In the
      -- order given (ids: the trade before its commission).
      insert into ledger_entries (portfolio_id, kind, amount, order_id, fill_id, corporate_action_id, reason, created_at)
      select coalesce(f.portfolio_id, x.portfolio_id), x.kind, x.amount, f.order_id, f.id, x.corporate_action_id, x.reason, $1::timestamptz
      from rows from (json_to_recordset($6::json) as (portfolio_id text, kind text, amount numeric, fill_id text, corporate_action_id text, reason text))
        with ordinality as x(portfolio_id, kind, amount, fill_id, corporate_action_id, reason, n)
      left join new_fills f on f.id = x.fill_id
      where case when x.fill_id is null then x.portfolio_id in (select id from written) else f.id is not null end
      order by x.n
      returning 1
    ), held as (
      insert into positions (portfolio_id, symbol, quantity, cost_basis, realised_pnl, updated_at)
      select x.portfolio_id, x.symbol, x.quantity, x.cost_basis, x.realised_pnl, $1::timestamptz
      from json_to_recordset($7::json) as x(portfolio_id text, symbol text, quantity integer, cost_basis numeric, realised_pnl numeric)
      where x.portfolio_id in (select id from written)
      on conflict (portfolio_id, symbol) do update
        set quantity = excluded.quantity, cost_basis = excluded.cost_basis, realised_pnl = excluded.realised_pnl, updated_at = excluded.updated_at
      returning 1
    ), action_entries as (
      insert into corporate_action_entries (action_id, portfolio_id, quantity_before, quantity_after, amount, reason, applied_at)
      select x.action_id, x.portfolio_id, x.quantity_before, x.quantity_after, x.amount, x.reason, $1::timestamptz
      from json_to_recordset($8::json) as x(action_id text, portfolio_id text, quantity_before integer, quantity_after integer, amount numeric, reason text)
      where x.portfolio_id in (select id from written)
      returning 1
    ), paid_entries as (
      update corporate_action_entries e set paid_at = $1::timestamptz
      from json_to_recordset($9::json) as x(action_id text, portfolio_id text)
      where e.action_id = x.action_id and e.portfolio_id = x.portfolio_id and x.portfolio_id in (select id from written)
      returning 1
    ), accrued as (
      insert into portfolio_accruals (portfolio_id, day, interest, borrow_fees, created_at)
      select x.portfolio_id, x.day, x.interest, x.borrow_fees, $1::timestamptz
      from json_to_recordset($10::json) as x(portfolio_id text, day date, interest numeric, borrow_fees numeric)
      where x.portfolio_id in (select id from written)
      returning 1
    )`;
/**
 * …and the change's live events ($11), each stored only if its portfolio was written: the
 * portfolios written, then the events stored (their ids and topics, for the hub).
 */
const WRITE = `${WRITE_CTES}, live as (
      ${storeEventsSql("$11", "where x.topic in (select 'portfolio:' || id from written)")}
    )
    select id, null as event_id, null as topic from written, marked
    union all select null, id, topic from live`;

/**
 * Writes `changes` in one statement and returns the ids of the portfolios it wrote (those
 * whose version still matched). `outbox` gets a `portfolio-ref` event per portfolio (what the
 * change did to it, by id: the orders it wrote and its new fills), stored in the same
 * statement for the portfolios it wrote (a caller whose guard failed retries with a new outbox
 * and never delivers this one).
 */
export async function writeChanges(db: DbOrTx, changes: Changes, outbox: Outbox): Promise<Set<string>> {
  if (changes.isEmpty) return new Set();
  const sets = changes.recordsets();
  const events = changes.refs().map((ref) => ({ topic: portfolioTopic(ref.portfolioId), type: "portfolio-ref" as const, data: ref }));
  for (const event of events) outbox.add(event);
  const params: unknown[] = [
    sets.at,
    json(sets.portfolios),
    json(sets.orders),
    json(sets.orderChanges),
    json(sets.fills),
    json(sets.ledger),
    json(sets.positions),
    json(sets.actionEntries),
    json(sets.paidEntries),
    json(sets.accruals),
    eventsParam(events),
  ];
  // One text per process: a named statement.
  const result = await executeNamed<{ id: string | null; event_id: string | null; topic: string | null }>(db, "tl_write", { text: WRITE, params });
  const written = new Set<string>();
  const stored: Array<{ id: string; topic: string }> = [];
  for (const row of result.rows) {
    if (row.event_id !== null) stored.push({ id: row.event_id, topic: row.topic! });
    else written.add(row.id!);
  }
  outbox.stored(stored);
  return written;
}
