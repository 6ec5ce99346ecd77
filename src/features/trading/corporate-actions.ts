/**
 * Corporate actions through the engine (docs/decisions/052-corporate-actions.md): a dividend's
 * or a split's effect on every portfolio the practice market prices, and a dividend's payment
 * at its pay date. The domain decides (domain/trading corporate-actions.ts); here portfolios
 * are locked in id order and every change goes through the one writer, each with its entry in
 * corporate_action_entries (primary key: action, portfolio) and its ledger line when cash moves.
 *
 * Both run inside the caller's transaction: the simulator's fenced tick, which also moves the
 * price and marks the action applied, so an action reaches each portfolio exactly once, across
 * crashes, restarts and instances (decision 016): a tick that does not commit applied nothing.
 *
 * Which portfolios: for a practice market action, those whose position in the symbol is valued
 * at the practice market's price — practice portfolios and the live events that trade the
 * practice market. A portfolio valued at its event's own mark for the symbol (a replay, or an
 * event that has ended and froze its prices) is not touched: the practice price's move does
 * not reach its equity, so neither may the action; replay orders are not adjusted by it. A
 * replay event's own action (one of its datasets', an `event_id` row, docs/decisions/063)
 * reaches exactly that event's portfolios and their (replay) orders, in the replay task's
 * fenced transaction.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CorporateAction } from "@/domain/market";
import { dividendAtEx, dividendReason, type Money, payDividend, releaseCash, splitOrderTerms, splitPosition, splitReason, trailingStopPrice } from "@/domain/trading";
import type { DbOrTx, Tx } from "@/server/db";
import { corporateActionEntries, corporateActions, orders, positions } from "@/server/db/schema";
import type { Outbox } from "@/server/realtime/outbox";
import { lockPortfolios } from "./portfolios";
import { $, money, type OrderRow, stateOf } from "./rows";
import { Changes, writeChanges } from "./writer";

/** Portfolios locked and written per statement group: the batch paths' size (batches.ts). */
const PORTFOLIOS_PER_CHUNK = 200;

export interface ActionApplication {
  action: CorporateAction;
  /** A replay event's own action: its portfolios only (null or absent: the practice market's). */
  eventId?: string | null;
  /** The price just before and just after the action (the market's adjustment). */
  before: Money;
  after: Money;
  now: Date;
}

export interface ActionOutcome {
  /** Portfolios whose position the action changed (an entry each). */
  holders: number;
  /** Open orders adjusted, and those cancelled for want of a whole share. */
  ordersAdjusted: number;
  ordersCancelled: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The action's ex-date effects, in the caller's transaction: every holder's entitlement (a
 * dividend) or split position, and a split's open orders; then the action is marked applied
 * with its prices. A second call for the same action changes nothing.
 */
export async function applyCorporateAction(tx: Tx, application: ActionApplication, outbox: Outbox): Promise<ActionOutcome> {
  const { action, before, after, now } = application;
  const eventId = application.eventId ?? null;
  const outcome: ActionOutcome = { holders: 0, ordersAdjusted: 0, ordersCancelled: 0 };
  const [stored] = await tx.select({ appliedAt: corporateActions.appliedAt }).from(corporateActions).where(eq(corporateActions.id, action.id)).for("update");
  if (stored?.appliedAt) return outcome;
  const split = action.kind === "split";
  // The practice market's action: every portfolio priced by the practice market; an event's: its own.
  const reach =
    eventId === null
      ? sql`not exists (select 1 from price_marks m where m.event_id = p.event_id and m.symbol = ${action.symbol})`
      : sql`p.event_id = ${eventId}`;
  const replayOrders = eventId !== null;
  const { rows } = await tx.execute<{ id: string }>(sql`
    select p.id from portfolios p
    where (exists (select 1 from ${positions} pos where pos.portfolio_id = p.id and pos.symbol = ${action.symbol} and pos.quantity <> 0)
           or (${split} and exists (select 1 from ${orders} o where o.portfolio_id = p.id and o.symbol = ${action.symbol} and o.status = 'open' and o.replay = ${replayOrders})))
      and ${reach}
      and not exists (select 1 from ${corporateActionEntries} e where e.action_id = ${action.id} and e.portfolio_id = p.id)
    order by p.id`);
  for (const ids of chunks(rows.map((r) => r.id), PORTFOLIOS_PER_CHUNK)) {
    const locked = await lockPortfolios(tx, ids);
    const held = await tx
      .select()
      .from(positions)
      .where(and(inArray(positions.portfolioId, ids), eq(positions.symbol, action.symbol)));
    const open = split
      ? await tx
          .select()
          .from(orders)
          .where(and(inArray(orders.portfolioId, ids), eq(orders.symbol, action.symbol), eq(orders.status, "open"), eq(orders.replay, replayOrders)))
          .orderBy(asc(orders.createdAt), asc(orders.id))
      : [];
    const changes = new Changes(now);
    for (const portfolio of locked) {
      let state = stateOf(portfolio, held.filter((p) => p.portfolioId === portfolio.id));
      changes.setState(portfolio.id, portfolio.version, state);
      if (action.kind === "dividend") {
        const perShare = BigInt(action.amountCents) as Money;
        const due = dividendAtEx(state, action.symbol, perShare);
        if (!due) continue;
        state = due.state;
        changes.setState(portfolio.id, portfolio.version, state);
        const q = due.entitlement.quantity;
        changes.addCorporateAction(
          { actionId: action.id, portfolioId: portfolio.id, quantityBefore: q, quantityAfter: q, amount: due.entitlement.amount, reason: dividendReason(perShare, q) },
          { symbol: action.symbol, ledger: null },
        );
        outcome.holders++;
        continue;
      }
      const result = splitPosition(state, action.symbol, action.ratio, { before, after });
      if (result) {
        state = result.state;
        changes.setState(portfolio.id, portfolio.version, state);
        changes.addCorporateAction(
          { actionId: action.id, portfolioId: portfolio.id, quantityBefore: result.quantityBefore, quantityAfter: result.quantityAfter, amount: result.cashInLieu, reason: splitReason(action.ratio, result) },
          { symbol: action.symbol, ledger: "split" },
        );
        outcome.holders++;
      }
      for (const order of open.filter((o) => o.portfolioId === portfolio.id)) {
        state = splitOrder(changes, order, action, state, now, outcome);
        changes.setState(portfolio.id, portfolio.version, state);
      }
    }
    const written = await writeChanges(tx, changes, outbox);
    // The rows are locked: the guard always matches. Anything else is a bug, not a race.
    for (const portfolio of locked) if (!written.has(portfolio.id)) throw new Error(`A corporate action's write missed portfolio ${portfolio.id}'s version under the row lock.`);
  }
  await tx
    .update(corporateActions)
    .set({ appliedAt: now, priceBefore: $(before), priceAfter: $(after) })
    .where(eq(corporateActions.id, action.id));
  return outcome;
}

/** A trailing stop's stop after a split: the trail from its divided mark. */
function trailingAfterSplit(order: OrderRow, waterMark: Money, trailAmount: Money | null): Money {
  const trail = trailAmount !== null ? { amount: trailAmount } : { percent: Number(order.trailPercent) };
  return trailingStopPrice(order.side, waterMark, trail);
}

/** An open order's terms after a split, or its cancellation when no whole share is left (its reservation released). */
function splitOrder(changes: Changes, order: OrderRow, action: Extract<CorporateAction, { kind: "split" }>, state: ReturnType<typeof stateOf>, now: Date, outcome: ActionOutcome) {
  const optional = (text: string | null) => (text === null ? null : money(text));
  const terms = splitOrderTerms(
    {
      side: order.side,
      quantity: order.quantity,
      limitPrice: optional(order.limitPrice),
      stopPrice: optional(order.stopPrice),
      ...(order.type === "trailing-stop" && { waterMark: optional(order.waterMark), trailAmount: optional(order.trailAmount) }),
      filledQuantity: order.filledQuantity,
      volumeSeen: order.volumeSeen,
    },
    action.ratio,
  );
  const ratio = `${action.ratio.to}:${action.ratio.from}`;
  if (!terms) {
    outcome.ordersCancelled++;
    // Working in parts: what filled stays filled (and is told in the old shares, as its fills were); only the rest is cancelled.
    const rest = order.quantity - order.filledQuantity;
    const what = order.filledQuantity > 0 ? `the ${rest} still to fill (${order.filledQuantity} filled before it)` : `${order.quantity}`;
    changes.changeOrder(order, { status: "cancelled", closedAt: now, reservedCash: "0.00", rejectMessage: `Cancelled by the ${ratio} split of ${order.symbol}: no whole share was left of ${what}.` });
    return releaseCash(state, money(order.reservedCash));
  }
  outcome.ordersAdjusted++;
  // The reservation stays as it was: it held back the order's cash, and the split leaves that cash unchanged.
  const trailing = order.type === "trailing-stop" && !order.triggered && terms.waterMark ? trailingAfterSplit(order, terms.waterMark, terms.trailAmount ?? null) : null;
  changes.changeOrder(order, {
    quantity: terms.quantity,
    filledQuantity: terms.filledQuantity ?? order.filledQuantity,
    volumeSeen: terms.volumeSeen ?? order.volumeSeen,
    limitPrice: terms.limitPrice === null ? null : $(terms.limitPrice),
    stopPrice: terms.stopPrice === null ? null : $(terms.stopPrice),
    // A trailing stop: its mark divided like a price, an amount trail narrowed, and its stop a trail from the new mark (decision 060).
    ...(trailing && { waterMark: $(terms.waterMark!), trailAmount: terms.trailAmount ? $(terms.trailAmount) : null, stopPrice: $(trailing) }),
  });
  return state;
}

/**
 * Pays every entitlement whose dividend's pay date has begun (`today`, a UTC day) — the
 * practice market's actions, or with `eventId` a replay event's own (its task chooses them by
 * `actionIds`, on the replay's clock) — in the caller's transaction: the amount leaves the
 * portfolio's receivable and enters its cash, with a "dividend" ledger line giving the reason;
 * the entry is marked paid. Returns the number paid.
 */
export async function payDueDividends(tx: Tx, today: string, now: Date, outbox: Outbox, options: { eventId?: string | null; actionIds?: readonly string[] } = {}): Promise<number> {
  const eventId = options.eventId ?? null;
  const ids = options.actionIds;
  if (ids !== undefined && ids.length === 0) return 0;
  const only = ids === undefined ? sql`true` : sql`${corporateActions.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  const scope = sql`${eventId === null ? sql`${corporateActions.eventId} is null` : sql`${corporateActions.eventId} = ${eventId}`} and ${only}`;
  const due = await tx
    .select({ actionId: corporateActionEntries.actionId, portfolioId: corporateActionEntries.portfolioId, amount: corporateActionEntries.amount, reason: corporateActionEntries.reason })
    .from(corporateActionEntries)
    .innerJoin(corporateActions, eq(corporateActions.id, corporateActionEntries.actionId))
    .where(and(eq(corporateActions.kind, "dividend"), scope, sql`${corporateActionEntries.paidAt} is null`, sql`${corporateActions.payDate} <= ${today}::date`))
    .orderBy(asc(corporateActionEntries.portfolioId));
  const portfolioIds = [...new Set(due.map((d) => d.portfolioId))];
  for (const chunk of chunks(portfolioIds, PORTFOLIOS_PER_CHUNK)) {
    const locked = await lockPortfolios(tx, chunk);
    const changes = new Changes(now);
    for (const portfolio of locked) {
      let state = stateOf(portfolio, []);
      for (const entry of due.filter((d) => d.portfolioId === portfolio.id)) {
        state = payDividend(state, money(entry.amount));
        changes.setState(portfolio.id, portfolio.version, state);
        changes.addDividendPayment({ actionId: entry.actionId, portfolioId: portfolio.id, amount: money(entry.amount), reason: entry.reason });
      }
    }
    const written = await writeChanges(tx, changes, outbox);
    for (const portfolio of locked) if (!written.has(portfolio.id)) throw new Error(`A dividend payment missed portfolio ${portfolio.id}'s version under the row lock.`);
  }
  await tx.execute(sql`
    update ${corporateActions} set paid_at = ${now.toISOString()}::timestamptz
    where kind = 'dividend' and paid_at is null and applied_at is not null and pay_date <= ${today}::date
      and ${eventId === null ? sql`event_id is null` : sql`event_id = ${eventId}`}
      and ${ids === undefined ? sql`true` : sql`id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`}`);
  return due.length;
}

/** What a corporate action did to a portfolio, as its history shows it. */
export interface PortfolioActionView {
  actionId: string;
  kind: "dividend" | "split";
  symbol: string;
  exDate: string;
  payDate?: string;
  /** "Dividend 0.42 × 120 shares", "Split 2:1: 120 → 240 shares". */
  reason: string;
  /** Signed: the dividend owed to (or by) the portfolio, or the cash a split's fraction settled. */
  amount: string;
  quantityBefore: number;
  quantityAfter: number;
  /** A dividend: whether its pay date has come and the cash moved. */
  paid?: boolean;
  /** When the action reached the portfolio (its ex-date's first tick). */
  at: string;
}

/** A portfolio's corporate-action lines, newest first (at most `limit`). */
export async function listPortfolioActions(db: DbOrTx, portfolioId: string, options: { limit?: number } = {}): Promise<PortfolioActionView[]> {
  const rows = await db
    .select({ entry: corporateActionEntries, action: corporateActions })
    .from(corporateActionEntries)
    .innerJoin(corporateActions, eq(corporateActions.id, corporateActionEntries.actionId))
    .where(eq(corporateActionEntries.portfolioId, portfolioId))
    .orderBy(desc(corporateActionEntries.appliedAt), asc(corporateActions.symbol))
    .limit(options.limit ?? 100);
  return rows.map(({ entry, action }) => ({
    actionId: action.id,
    kind: action.kind,
    symbol: action.symbol,
    exDate: action.exDate,
    ...(action.kind === "dividend" && { payDate: action.payDate ?? action.exDate, paid: entry.paidAt !== null }),
    reason: entry.reason,
    amount: entry.amount,
    quantityBefore: entry.quantityBefore,
    quantityAfter: entry.quantityAfter,
    at: entry.appliedAt.toISOString(),
  }));
}
