/**
 * Corporate actions on the practice market (docs/decisions/052-corporate-actions.md): the
 * stored schedule (simulated for the bundled universe, entered by admins), what the simulator's
 * tick does when it crosses an ex-date (the domain's price adjustment, the split-adjusted
 * candle history, the benchmark's total-return factor, then the trading engine's effects on
 * portfolios) and the read side (an instrument's actions, the indicated dividend yield).
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  adjustMarketState,
  BUNDLED_UNIVERSE,
  type CorporateAction,
  CorporateActionError,
  type CorporateActionInput,
  dayOf,
  dayStartMs,
  formatRatio,
  type MarketState,
  simulatedSchedule,
  splitAdjustedCandlePrice,
  stepTo,
  totalReturnFactor,
  utcDay,
  validateAction,
} from "@/domain/market";
import { failures } from "@/domain/errors";
import { cents, formatMoney, parseMoney } from "@/domain/trading";
import { applyCorporateAction, payDueDividends } from "@/features/trading";
import { audit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { candles, corporateActions, instruments } from "@/server/db/schema";
import type { Outbox } from "@/server/realtime/outbox";

type ActionRow = typeof corporateActions.$inferSelect;

/** How far ahead the simulator announces its dividends and splits. */
export const SCHEDULE_AHEAD_DAYS = 100;

/** A stored row as the domain's action. */
export function actionOf(row: ActionRow): CorporateAction {
  const base = { id: row.id, symbol: row.symbol, exDate: row.exDate };
  if (row.kind === "split") return { ...base, kind: "split", ratio: { to: row.ratioTo!, from: row.ratioFrom! } };
  return { ...base, kind: "dividend", payDate: row.payDate ?? row.exDate, amountCents: Number(parseMoney(row.amount!)) };
}

/** An action as the API shows it. */
export interface CorporateActionView {
  id: string;
  kind: "dividend" | "split";
  exDate: string;
  payDate?: string;
  /** Per share, two decimals. */
  amount?: string;
  /** New:old shares, e.g. "2:1". */
  ratio?: string;
  source: ActionRow["source"];
  /** Whether the market has applied it (its ex-date has begun). */
  applied: boolean;
  paid?: boolean;
}

export function viewOf(row: ActionRow): CorporateActionView {
  const common = { id: row.id, kind: row.kind, exDate: row.exDate, source: row.source, applied: row.appliedAt !== null };
  if (row.kind === "split") return { ...common, ratio: formatRatio({ to: row.ratioTo!, from: row.ratioFrom! }) };
  return { ...common, payDate: row.payDate ?? row.exDate, amount: formatMoney(parseMoney(row.amount!)), paid: row.paidAt !== null };
}

/** An instrument's actions, past and coming, newest ex-date first. 404 for an unknown symbol. */
export async function listCorporateActions(db: DbOrTx, symbol: string): Promise<CorporateActionView[]> {
  const [known] = await db.select({ symbol: instruments.symbol }).from(instruments).where(eq(instruments.symbol, symbol));
  if (!known) throw failures.notFound(`There is no instrument ${symbol}.`);
  const rows = await db
    .select()
    .from(corporateActions)
    .where(and(eq(corporateActions.symbol, symbol), isNull(corporateActions.eventId)))
    .orderBy(desc(corporateActions.exDate), asc(corporateActions.kind));
  return rows.map(viewOf);
}

/**
 * An admin's action: validated by the domain (an ex-date today or later, a positive amount, a
 * ratio other than 1:1), refused for an index or an unknown symbol, 409 when the instrument
 * already has an action of that kind on that day. Audited.
 */
export async function addCorporateAction(db: Db, args: { symbol: string; input: CorporateActionInput; by: string; ip?: string | null; now?: Date }): Promise<CorporateActionView> {
  const now = args.now ?? new Date();
  let valid: ReturnType<typeof validateAction>;
  try {
    valid = validateAction(args.input, utcDay(now));
  } catch (error) {
    if (error instanceof CorporateActionError) throw failures.invalid(error.message, { [error.field]: error.message });
    throw error;
  }
  return db.transaction(async (tx) => {
    const [instrument] = await tx.select({ kind: instruments.kind }).from(instruments).where(eq(instruments.symbol, args.symbol));
    if (!instrument) throw failures.notFound(`There is no instrument ${args.symbol}.`);
    if (instrument.kind === "index") throw failures.refused("INDEX_HAS_NO_ACTIONS", `${args.symbol} is an index: it pays no dividend and does not split.`);
    const [row] = await tx
      .insert(corporateActions)
      .values({
        symbol: args.symbol,
        kind: valid.kind,
        exDate: valid.exDate,
        payDate: valid.kind === "dividend" ? valid.payDate : null,
        amount: valid.kind === "dividend" ? formatMoney(cents(valid.amountCents)) : null,
        ratioTo: valid.kind === "split" ? valid.ratio.to : null,
        ratioFrom: valid.kind === "split" ? valid.ratio.from : null,
        source: "admin",
        createdBy: args.by,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw failures.conflict("CORPORATE_ACTION_EXISTS", `${args.symbol} already has a ${valid.kind} with the ex-date ${valid.exDate}.`);
    await audit(tx, { action: "market.corporate-action-added", actorId: args.by, ip: args.ip ?? null, detail: { symbol: args.symbol, ...viewOf(row) } });
    return viewOf(row);
  });
}

/**
 * The simulated schedule for the bundled universe from today to SCHEDULE_AHEAD_DAYS ahead, at
 * the market state's prices: inserted once (ids and the symbol-kind-day key are stable, so a
 * later run, or another instance, adds nothing that exists).
 */
export async function scheduleSimulatedActions(tx: Tx, state: MarketState, options: { now: Date; seed: string }): Promise<number> {
  const bundled = new Set(BUNDLED_UNIVERSE.map((i) => i.symbol));
  const listed = state.instruments.filter((i) => bundled.has(i.symbol));
  if (listed.length === 0) return 0;
  const prices = new Map(listed.map((i) => [i.symbol, Number(i.price)]));
  // From tomorrow: an action is announced before its ex-date, never discovered on it (a schedule
  // made today that included today would drop a price at once, with no notice the day before).
  const tomorrow = dayOf(dayStartMs(utcDay(options.now)) + 86_400_000);
  const actions = simulatedSchedule({ instruments: listed, priceOf: (s) => prices.get(s) ?? null, fromDay: tomorrow, toDay: dayOf(dayStartMs(tomorrow) + SCHEDULE_AHEAD_DAYS * 86_400_000), seed: options.seed });
  if (actions.length === 0) return 0;
  const inserted = await tx
    .insert(corporateActions)
    .values(
      actions.map((a) => ({
        id: a.id,
        symbol: a.symbol,
        kind: a.kind,
        exDate: a.exDate,
        payDate: a.kind === "dividend" ? a.payDate : null,
        amount: a.kind === "dividend" ? formatMoney(cents(a.amountCents)) : null,
        ratioTo: a.kind === "split" ? a.ratio.to : null,
        ratioFrom: a.kind === "split" ? a.ratio.from : null,
        source: "simulated" as const,
        createdAt: options.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: corporateActions.id });
  return inserted.length;
}

/** The practice market's actions not yet applied whose ex-date has begun by `now`, oldest first; and whether a dividend is due to be paid (replay events' own rows are their task's). */
export async function dueActions(tx: Tx, now: Date): Promise<{ pending: CorporateAction[]; payable: boolean }> {
  const today = utcDay(now);
  const rows = await tx
    .select()
    .from(corporateActions)
    .where(
      or(
        and(isNull(corporateActions.appliedAt), isNull(corporateActions.eventId), lte(corporateActions.exDate, today)),
        and(eq(corporateActions.kind, "dividend"), isNull(corporateActions.paidAt), isNull(corporateActions.eventId), sql`${corporateActions.appliedAt} is not null`, lte(corporateActions.payDate, today)),
      ),
    )
    .orderBy(asc(corporateActions.exDate), asc(corporateActions.id));
  return { pending: rows.filter((r) => r.appliedAt === null).map(actionOf), payable: rows.some((r) => r.appliedAt !== null) };
}

export interface MarketAdjustment {
  state: MarketState;
  applied: Array<{ action: CorporateAction; before: number; after: number }>;
  /** Actions on instruments the simulator no longer moves: marked applied with no effect. */
  skipped: CorporateAction[];
}

/**
 * Walks the market from `base` through each pending action's ex instant (00:00 UTC): steps to
 * it, applies the domain's price adjustment, goes on. An action whose instant is already past
 * (entered for today) applies at `base`. The caller steps what is left to `now`.
 */
export function adjustThrough(base: MarketState, pending: readonly CorporateAction[]): MarketAdjustment {
  let state = base;
  const applied: MarketAdjustment["applied"] = [];
  const skipped: CorporateAction[] = [];
  for (const action of pending) {
    const at = dayStartMs(action.exDate);
    if (at > state.time) state = stepTo(state, new Date(at)).state;
    const adjusted = adjustMarketState(state, action);
    if (!adjusted) {
      skipped.push(action);
      continue;
    }
    state = adjusted.state;
    applied.push({ action, before: adjusted.before, after: adjusted.after });
  }
  return { state, applied, skipped };
}

/**
 * Inside the fenced tick, after the adjustment: the split-adjusted candle history, each action's
 * effects on portfolios through the trading engine, the actions marked applied, then the
 * dividends whose pay date has begun. Returns the total-return factors to multiply in.
 */
export async function settleActions(tx: Tx, adjustment: MarketAdjustment, options: { now: Date; payable: boolean; outbox: Outbox }): Promise<Record<string, number>> {
  const factors: Record<string, number> = {};
  for (const { action, before, after } of adjustment.applied) {
    if (action.kind === "split") await splitAdjustCandles(tx, action.symbol, action.ratio);
    await applyCorporateAction(tx, { action, before: cents(before), after: cents(after), now: options.now }, options.outbox);
    factors[action.symbol] = (factors[action.symbol] ?? 1) * totalReturnFactor(action, before, after);
  }
  if (adjustment.skipped.length > 0) {
    await tx
      .update(corporateActions)
      .set({ appliedAt: options.now })
      .where(inArray(corporateActions.id, adjustment.skipped.map((a) => a.id)));
  }
  const paidToday = adjustment.applied.some((a) => a.action.kind === "dividend");
  if (options.payable || paidToday) await payDueDividends(tx, utcDay(options.now), options.now, options.outbox);
  return factors;
}

/** Every stored candle of the symbol divided by the ratio (volume multiplied): the history reads split-adjusted. */
async function splitAdjustCandles(tx: Tx, symbol: string, ratio: { to: number; from: number }): Promise<void> {
  const rows = await tx.select().from(candles).where(eq(candles.symbol, symbol));
  if (rows.length === 0) return;
  const adjust = (price: string) => splitAdjustedCandlePrice(price, ratio);
  const updated = rows.map((c) => ({
    symbol: c.symbol,
    interval: c.interval,
    start: c.start.toISOString(),
    open: adjust(c.open),
    high: adjust(c.high),
    low: adjust(c.low),
    close: adjust(c.close),
    volume: Math.round((c.volume * ratio.to) / ratio.from),
  }));
  await tx.execute(sql`
    update ${candles} as c set open = x.open, high = x.high, low = x.low, close = x.close, volume = x.volume
    from json_to_recordset(${JSON.stringify(updated)}::json) as x(symbol text, interval text, start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint)
    where c.symbol = x.symbol and c.interval = x.interval and c.start = x.start`);
}

/**
 * The indicated annual dividend yield of each instrument, as a fraction with four decimals
 * ("0.0312"): its latest dividend × 4 (they are paid quarterly) over its last price; "0.0000"
 * for an instrument that has paid or announced none.
 */
export async function dividendYields(db: DbOrTx): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ symbol: string; amount: string; last_price: string }>(sql`
    select distinct on (a.symbol) a.symbol, a.amount::text as amount, i.last_price::text as last_price
    from ${corporateActions} a join ${instruments} i on i.symbol = a.symbol
    where a.kind = 'dividend' and a.event_id is null
    order by a.symbol, a.ex_date desc`);
  const yields = new Map<string, string>();
  for (const r of rows) {
    const price = Number(parseMoney(r.last_price));
    if (price > 0) yields.set(r.symbol, ((Number(parseMoney(r.amount)) * 4) / price).toFixed(4));
  }
  return yields;
}

export interface InstrumentFigures {
  /** Indicated annual dividend yield, a fraction with four decimals ("0.0312" is 3.12 %). */
  dividendYield: string;
  /** Shares traded per day: the mean of its last 30 daily candles (today's unfinished one left out), else its simulation parameter. */
  averageDailyVolume: number;
}

/** Every instrument's dividend yield and average daily volume, by symbol (two statements whatever the universe's size). */
export async function instrumentFigures(db: DbOrTx, now = new Date()): Promise<Map<string, InstrumentFigures>> {
  const today = `${utcDay(now)}T00:00:00.000Z`;
  const since = new Date(Date.parse(today) - 30 * 86_400_000).toISOString();
  const { rows } = await db.execute<{ symbol: string; parameter: string | number; measured: string | null }>(sql`
    select i.symbol, i.average_daily_volume as parameter,
      (select round(avg(c.volume)) from ${candles} c
        where c.symbol = i.symbol and c.interval = '1d' and c.start >= ${since}::timestamptz and c.start < ${today}::timestamptz)::text as measured
    from ${instruments} i`);
  const yields = await dividendYields(db);
  return new Map(rows.map((r) => [r.symbol, { dividendYield: yields.get(r.symbol) ?? "0.0000", averageDailyVolume: r.measured === null ? Number(r.parameter) : Number(r.measured) }]));
}
