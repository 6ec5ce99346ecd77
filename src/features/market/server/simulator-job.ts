/**
 * The market simulator job: every MARKET_TICK_MS the leader advances the persisted market
 * (domain `stepTo`), writes prices, candles and the state — the benchmark index's level and
 * candles too, from the new prices, in the same transaction — then runs resting orders
 * against the moves. Exactly one runner per database leads (docs/decisions/016):
 *
 * - a lease row in job_leases (holder, epoch = fencing token, expires_at on the database's
 *   clock; src/server/jobs/lease.ts). A follower takes an expired lease over (epoch + 1)
 *   without waiting on a row lock; the leader renews it on its own timer (and in every
 *   tick's transaction), so a dead leader is replaced within seconds whatever the tick.
 * - fencing: each tick's transaction starts with `UPDATE job_leases … WHERE holder = me AND
 *   epoch = mine` (a row lock, held to commit); no row means another runner took over and
 *   the whole tick is refused (FencedError) before anything is written.
 * - PGlite is one process: the same code runs, and a start takes the lease over at once.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { createMarketState, fromCents, stepTo, syncUniverse, toCents, updateCandle, utcDay, type Candle, type CandleInterval, type MarketState, type MarketStateV1 } from "@/domain/market";
import { parseMoney } from "@/domain/trading";
import { expireDayOrders, processPriceMoves } from "@/features/trading";
import type { Db, Tx } from "@/server/db";
import { candles, instruments, marketState, type StoredMarketState } from "@/server/db/schema";
import { FencedError, Lease, LEASE_TIMING } from "@/server/jobs/lease";
import type { QuoteView } from "@/lib/live-messages";
import { logger } from "@/server/logger";
import { metrics } from "@/server/metrics";
import { benchmarkTick } from "./benchmark";
import { definitionsOf } from "./definitions";
import { QUOTES_TOPIC, type Hub } from "@/server/realtime/hub";
import { Outbox } from "@/server/realtime/outbox";
import { adjustThrough, dueActions, scheduleSimulatedActions, settleActions } from "./corporate-actions";

export const SIMULATOR_LEASE = "market-simulator";
/** Minute candles older than this are pruned (daily candles are kept). */
export const MINUTE_CANDLE_RETENTION_MS = 2 * 86_400_000;

export { FencedError };

export interface SimulatorJobOptions {
  db: Db;
  kind: "pglite" | "postgres";
  tickMs: number;
  /** Default LEASE_TIMING.leaseMs (docs/decisions/025-fail-over.md). */
  leaseMs?: number;
  /** How often a follower tries to take over; default LEASE_TIMING.pollMs. */
  pollMs?: number;
  holder?: string;
  hub?: Hub;
  clock?: () => Date;
}

export interface TickReport {
  at: Date;
  /** Simulated instruments (the index is not one of them). */
  instruments: number;
  /** The benchmark's new level; null when there is no index to write. */
  benchmark: string | null;
  moved: number;
  rolledDay: boolean;
  expired: number;
  filled: number;
  pruned: number;
  /** Corporate actions the tick applied (decision 052). */
  corporateActions: number;
  /** Whole tick, and the fenced write transaction alone. */
  ms: number;
  writeMs: number;
}

interface Move {
  symbol: string;
  previous: string;
  next: string;
  /** Shares the simulator traded in the step: what orders working in parts take part of (decision 056). */
  volume: number;
  /** The step held a jump (news): a limit it crossed fills at the new price. */
  jump: boolean;
}

export class SimulatorJob {
  readonly holder: string;
  private readonly lease: Lease;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  /** The UTC day this runner last announced the simulated corporate actions for (once a day, and at its first tick). */
  private scheduledDay: string | null = null;
  readonly leaseMs: number;
  lastTick: TickReport | undefined;

  constructor(private readonly options: SimulatorJobOptions) {
    this.holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.lease = new Lease({ db: options.db, kind: options.kind, name: SIMULATOR_LEASE, holder: this.holder, leaseMs: options.leaseMs });
    this.leaseMs = this.lease.leaseMs;
  }

  get isLeader(): boolean {
    return this.lease.isHeld;
  }

  get fencingToken(): number | null {
    return this.lease.fencingToken;
  }

  private get now(): Date {
    return (this.options.clock ?? (() => new Date()))();
  }

  /** Takes the lease if it is free or expired. Returns whether this runner now leads. */
  acquire(): Promise<boolean> {
    return this.lease.acquire();
  }

  /** Locks the lease row and renews it if it is still ours; refuses (FencedError) otherwise. */
  fence(tx: Tx): Promise<void> {
    return this.lease.fence(tx);
  }

  /** Gives the lease up at once (a clean stop), so a follower need not wait for it to expire. */
  release(): Promise<void> {
    return this.lease.release();
  }

  /** One tick as the leader. Throws FencedError (writing nothing) when the lease is not ours. */
  async tick(now: Date = this.now): Promise<TickReport | null> {
    const started = performance.now();
    const { db } = this.options;
    const outbox = new Outbox();
    const schedule = this.scheduledDay !== utcDay(now);
    const written = await db.transaction(async (tx) => {
      await this.fence(tx);
      return writeTick(tx, now, { schedule, outbox });
    });
    // The engine's portfolio messages of the tick's corporate actions, once committed.
    outbox.afterCommit();
    if (schedule) this.scheduledDay = utcDay(now);
    const writeMs = performance.now() - started;
    if (!written) return null;
    const { moves, quotes, rolledDay, pruned, count, benchmark } = written;
    if (this.options.hub) {
      await this.options.hub.publish(db, { topic: QUOTES_TOPIC, type: "quotes", data: { at: now.toISOString(), quotes } }).catch((error: unknown) => {
        logger().warn({ err: error }, "[market] could not publish quotes");
      });
    }
    let expired = 0;
    if (rolledDay) expired = await expireDayOrders(db, now);
    // Every move of the tick at once: one indexed query, settled in portfolio chunks (bench/tick.ts).
    const { filled } = await processPriceMoves(
      db,
      moves.map((m) => ({ symbol: m.symbol, previous: parseMoney(m.previous), next: parseMoney(m.next), volume: m.volume, jump: m.jump })),
      now,
    );
    const report: TickReport = { at: now, instruments: count, benchmark, moved: moves.length, rolledDay, expired, filled, pruned, corporateActions: written.actions, ms: performance.now() - started, writeMs };
    this.lastTick = report;
    const m = metrics();
    m.simulatorTicks.inc({ outcome: "ok" });
    m.simulatorTickSeconds.observe(report.ms / 1000);
    if (filled > 0) m.simulatorOrdersFilled.inc(filled);
    return report;
  }

  /** Runs the loop: lead and tick, or follow and try to take over. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const began = Date.now();
      this.running = this.iterate().finally(() => {
        this.running = undefined;
        const interval = this.isLeader ? this.options.tickMs : (this.options.pollMs ?? LEASE_TIMING.pollMs);
        this.schedule(Math.max(0, interval - (Date.now() - began)));
      });
    }, delay);
  }

  private async iterate(): Promise<void> {
    try {
      if (!this.isLeader) {
        if (!(await this.acquire())) return;
        this.lease.keepAlive();
        logger().info({ holder: this.holder, epoch: this.fencingToken }, "[market] this instance now runs the simulator");
      }
      await this.tick();
    } catch (error) {
      if (error instanceof FencedError) {
        logger().warn({ holder: this.holder }, "[market] lost the simulator lease; following");
        return;
      }
      if (this.stopped) return;
      metrics().simulatorTicks.inc({ outcome: "failed" });
      logger().error({ err: error }, "[market] simulator tick failed");
    }
  }

  /**
   * Stops the loop and waits for a tick in flight; gives the lease up unless `release` is
   * false (tests simulate a crash that way).
   */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => {});
    if (options.release === false) {
      this.lease.forget();
      return;
    }
    await this.release().catch(() => {});
  }
}


const json = (value: unknown) => JSON.stringify(value);

/** Everything a tick writes, inside the fenced transaction. Null when there is nothing to do. */
async function writeTick(tx: Tx, now: Date, options: { schedule: boolean; outbox: Outbox }) {
  const [stored] = await tx.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1)).for("update");
  if (!stored) return null;
  // Every row: the index needs the stored price of a constituent the simulator no longer moves.
  const listed = await tx.select().from(instruments);
  const rows = listed.filter((r) => r.active);
  const definitions = definitionsOf(rows);
  if (definitions.length === 0) return null;
  // A state stored by an older version is upgraded by syncUniverse (docs/decisions/051).
  const previousState = stored.state.market as MarketState | MarketStateV1 | null;
  const base = previousState ? syncUniverse(previousState, definitions) : createMarketState(definitions, stored.state.seed, now);
  if (now.getTime() <= base.time) return null;
  // Corporate actions whose ex-date began since the last tick (decision 052): the market steps to
  // each one's instant, its price drops by the dividend or divides by the split, and it goes on.
  if (options.schedule) await scheduleSimulatedActions(tx, base, { now, seed: stored.state.seed });
  const due = await dueActions(tx, now);
  const adjustment = adjustThrough(base, due.pending);
  const stepped = stepTo(adjustment.state, now);
  const rolledDay = utcDay(new Date(base.time)) !== utcDay(now);
  const factors = await settleActions(tx, adjustment, { now, payable: due.payable, outbox: options.outbox });
  const totalReturn = { ...stored.state.totalReturn };
  for (const [symbol, factor] of Object.entries(factors)) totalReturn[symbol] = (totalReturn[symbol] ?? 1) * factor;
  // What a split does to the last price also applies to the close the day change is measured from.
  const splitFactor = new Map(adjustment.applied.filter((a) => a.action.kind === "split").map((a) => [a.action.symbol, a.after / a.before]));
  const adjustedPrice = (symbol: string, price: string) => {
    const factor = splitFactor.get(symbol);
    return factor === undefined ? price : fromCents(Math.max(1, Math.round(toCents(price) * factor)));
  };
  const afterAction = new Map(adjustment.applied.map((a) => [a.action.symbol, fromCents(a.after)]));

  // The index's level from the new prices: written, quoted and charted like a price, never a move (nothing trades it).
  const benchmark = benchmarkTick({ rows: listed, ticks: stepped.ticks, at: now, totalReturn });
  const ticks = benchmark ? [...stepped.ticks, benchmark] : stepped.ticks;

  const bySymbol = new Map(listed.map((r) => [r.symbol, r]));
  const moves: Move[] = [];
  const quotes: QuoteView[] = [];
  const jumped = new Set(stepped.jumps.map((j) => j.symbol));
  for (const tick of ticks) {
    const row = bySymbol.get(tick.symbol)!;
    // After an action the move starts from the adjusted price: the orders were adjusted to it.
    const previous = afterAction.get(tick.symbol) ?? row.lastPrice;
    if (tick !== benchmark && parseMoney(previous) !== parseMoney(tick.price)) moves.push({ symbol: tick.symbol, previous, next: tick.price, volume: tick.volume, jump: jumped.has(tick.symbol) });
    quotes.push({ symbol: tick.symbol, price: tick.price, previousClose: adjustedPrice(tick.symbol, rolledDay ? row.lastPrice : row.previousClose), at: now.toISOString() });
  }

  // Prices, and at 00:00 UTC yesterday's close, in one statement.
  await tx.execute(sql`
    update ${instruments} as i
    set last_price = x.price, previous_close = x.previous_close, updated_at = ${now.toISOString()}::timestamptz
    from json_to_recordset(${json(ticks.map((t, k) => ({ symbol: t.symbol, price: t.price, previous_close: quotes[k]!.previousClose })))}::json) as x(symbol text, price numeric, previous_close numeric)
    where i.symbol = x.symbol`);

  // The current minute and day candles: read, folded by the domain, written back.
  const symbols = ticks.map((t) => t.symbol);
  const minuteStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const dayStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  const current = await tx
    .select()
    .from(candles)
    .where(
      and(
        inArray(candles.symbol, symbols),
        or(and(eq(candles.interval, "1m"), eq(candles.start, minuteStart)), and(eq(candles.interval, "1d"), eq(candles.start, dayStart))),
      ),
    );
  const existing = new Map(current.map((c) => [`${c.symbol}/${c.interval}`, c]));
  const updated: Candle[] = [];
  for (const tick of ticks) {
    for (const interval of ["1m", "1d"] as CandleInterval[]) {
      const row = existing.get(`${tick.symbol}/${interval}`);
      const candle: Candle | undefined = row && { symbol: row.symbol, interval, start: row.start, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume };
      updated.push(updateCandle(candle, tick, interval).current);
    }
  }
  await tx.execute(sql`
    insert into ${candles} (symbol, interval, start, open, high, low, close, volume)
    select symbol, interval, start, open, high, low, close, volume
    from json_to_recordset(${json(updated.map((c) => ({ ...c, start: c.start.toISOString() })))}::json)
      as x(symbol text, interval text, start timestamptz, open numeric, high numeric, low numeric, close numeric, volume bigint)
    on conflict (symbol, interval, start) do update
      set open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);

  // Once a minute: minute candles older than the retention window go (per symbol, through the key).
  let pruned = 0;
  if (Math.floor(base.time / 60_000) !== Math.floor(now.getTime() / 60_000)) {
    const cutoff = new Date(now.getTime() - MINUTE_CANDLE_RETENTION_MS);
    const deleted = await tx
      .delete(candles)
      .where(and(inArray(candles.symbol, symbols), eq(candles.interval, "1m"), sql`${candles.start} < ${cutoff.toISOString()}::timestamptz`))
      .returning({ symbol: candles.symbol });
    pruned = deleted.length;
  }

  // The history-fill marker (decision 058) is the market-history task's: carried over as read (this row is locked).
  const state: StoredMarketState = {
    seed: stored.state.seed,
    market: stepped.state,
    ...(Object.keys(totalReturn).length > 0 && { totalReturn }),
    ...(stored.state.historyFill && { historyFill: stored.state.historyFill }),
  };
  await tx.update(marketState).set({ state, updatedAt: now }).where(eq(marketState.id, 1));
  return { moves, quotes, rolledDay, pruned, count: definitions.length, benchmark: benchmark?.price ?? null, actions: adjustment.applied.length };
}
