/**
 * The first start's older years, written after the server says ready (docs/decisions/058).
 *
 * A first start simulates five years (about a second of CPU) but writes only the most recent
 * year of daily candles and the day of minutes before the server answers (`seedMarket`): what
 * the first pages draw. It leaves a marker in the market's state (`historyFill`: the backfill's
 * end time, the instruments it walked, and the instant from which candles are written). The
 * scheduled task `market-history` (src/scheduled-tasks.ts, under its own lease, every write
 * fenced) writes the older days, newest first, a batch of days per transaction; each batch
 * moves the marker back in the same transaction, and the last one removes it.
 *
 * - Idempotent: candles go in with ON CONFLICT DO NOTHING, so a batch written twice (a runner
 *   stopped after its insert but before its commit is not possible; one whose lease lapsed is
 *   fenced) leaves one row per candle.
 * - Resumable: after a stop (kill -9 included) the marker says what is missing; the candles
 *   are made again from the stored seed, end time and instruments (the backfill is
 *   deterministic), exactly the ones the first start made. The process that did the first
 *   start hands its in-memory history over instead (`holdHistory`), so nothing is walked twice.
 * - Until the marker is gone, the realism report says it is still filling history, and the
 *   daily candles answer `historyFilling: true` (the five-year chart says so).
 */
import { eq, sql } from "drizzle-orm";
import { backfill, INDEX_KIND, indexCandles, type Candle, type InstrumentDefinition } from "@/domain/market";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { instruments, marketState, type StoredHistoryFill } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { BENCHMARK } from "./benchmark";
import { insertCandles } from "./candle-rows";

/** Daily candles written before the server says ready: the most recent year, today's included. */
export const READY_HISTORY_DAYS = 366;

/** Days of older history per transaction (× ~37 instruments): short enough that other work interleaves on PGlite's one connection. */
export const HISTORY_BATCH_DAYS = 120;

const DAY_MS = 86_400_000;

/** The first instant whose daily candles a first start at `now` writes before ready. */
export function readyHistoryFrom(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (READY_HISTORY_DAYS - 1) * DAY_MS);
}

interface Held {
  seed: string;
  endTime: string;
  daily: Readonly<Record<string, readonly Candle[]>>;
}
const KEY = Symbol.for("tickerlab.market-history");
const holder = globalThis as { [KEY]?: Held };

/** The first start's history, kept in this process until the task has written it (no second walk). */
export function holdHistory(held: Held): void {
  holder[KEY] = held;
}

/** Forgets the held history (tests: what a new process after a stop would have). */
export function forgetHeldHistory(): void {
  delete holder[KEY];
}

/** Whether the older years are still being written (the marker is there). */
export async function historyFilling(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ filling: sql<boolean>`(${marketState.state} ? 'historyFill')` }).from(marketState).where(eq(marketState.id, 1));
  return row?.filling === true;
}

/** The candles still to write: every stock's and fund's daily candle before `before`, and the index's when it is ours. */
function olderCandles(daily: Readonly<Record<string, readonly Candle[]>>, before: number, withIndex: boolean): Candle[] {
  const own = Object.values(daily).flatMap((candles) => candles.filter((c) => c.start.getTime() < before));
  const index = withIndex ? indexCandles(BENCHMARK, daily, "1d").filter((c) => c.start.getTime() < before) : [];
  return [...own, ...index];
}

/** The daily candles of the first start's backfill: held by this process, or made again from the marker. */
function dailyOf(seed: string, fill: StoredHistoryFill): Readonly<Record<string, readonly Candle[]>> {
  const held = holder[KEY];
  if (held && held.seed === seed && held.endTime === fill.endTime) return held.daily;
  const started = performance.now();
  const history = backfill(fill.definitions as InstrumentDefinition[], seed, new Date(fill.endTime));
  holdHistory({ seed, endTime: fill.endTime, daily: history.daily });
  logger().info({ ms: Math.round(performance.now() - started) }, "[market] made the first start's older years again to finish writing them");
  return history.daily;
}

/**
 * Walks the older years again when the marker says they are missing and this process does
 * not hold them (a start after a stopped fill): at start, before the server says ready, so the
 * task's walk does not hold up requests later. Returns whether anything is missing.
 */
export async function prepareHistoryFill(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1));
  const fill = row?.state.historyFill;
  if (!row || !fill) return false;
  dailyOf(row.state.seed, fill);
  return true;
}

export interface HistoryFillResult {
  /** Candles offered to the table (one already there is skipped by its key). */
  written: number;
  batches: number;
  /** Whether the history is complete (the marker is gone). */
  done: boolean;
}

/**
 * The market-history task: writes the older years still missing, newest first, a batch of
 * days per fenced transaction, until none is left (or `maxBatches`, for tests that stop it
 * half-way). Does nothing (one read) when the history is complete.
 */
export async function fillMarketHistory(db: Db, options: { fence?: (tx: Tx) => Promise<void>; maxBatches?: number } = {}): Promise<HistoryFillResult> {
  const [row] = await db.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1));
  const fill = row?.state.historyFill;
  if (!row || !fill) return { written: 0, batches: 0, done: true };
  const seed = row.state.seed;
  const [index] = await db.select({ kind: instruments.kind }).from(instruments).where(eq(instruments.symbol, BENCHMARK.symbol));
  const pending = olderCandles(dailyOf(seed, fill), new Date(fill.before).getTime(), index?.kind === INDEX_KIND);
  // Newest day first: the five-year chart grows back from the year it already has.
  const days = [...new Set(pending.map((c) => c.start.getTime()))].sort((a, b) => b - a);
  const byDay = new Map<number, Candle[]>();
  for (const c of pending) {
    const list = byDay.get(c.start.getTime());
    if (list) list.push(c);
    else byDay.set(c.start.getTime(), [c]);
  }
  const chunks: number[][] = [];
  for (let at = 0; at < days.length; at += HISTORY_BATCH_DAYS) chunks.push(days.slice(at, at + HISTORY_BATCH_DAYS));
  if (chunks.length === 0) chunks.push([]);
  let written = 0;
  let batches = 0;
  for (const [n, batchDays] of chunks.entries()) {
    if (options.maxBatches !== undefined && batches >= options.maxBatches) return { written, batches, done: false };
    const last = n === chunks.length - 1;
    const stillOurs = await db.transaction(async (tx) => {
      await options.fence?.(tx);
      const [locked] = await tx.select({ state: marketState.state }).from(marketState).where(eq(marketState.id, 1)).for("update");
      const current = locked?.state.historyFill;
      // Another runner finished meanwhile (or a different history is being filled): nothing to do here.
      if (!locked || !current || current.endTime !== fill.endTime) return false;
      const rows = batchDays.flatMap((day) => byDay.get(day) ?? []);
      // ON CONFLICT DO NOTHING: a day written before a stop is not written twice.
      if (rows.length > 0) await insertCandles(tx, rows);
      written += rows.length;
      const { historyFill: _written, ...rest } = locked.state;
      const oldest = batchDays.at(-1);
      const state = last || oldest === undefined ? rest : { ...rest, historyFill: { ...current, before: new Date(Math.min(new Date(current.before).getTime(), oldest)).toISOString() } };
      await tx.update(marketState).set({ state }).where(eq(marketState.id, 1));
      return true;
    });
    batches += 1;
    if (!stillOurs) break;
    // Let requests and the simulator's tick in between batches (PGlite has one connection).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const done = !(await historyFilling(db));
  if (done) {
    forgetHeldHistory();
    logger().info({ written, batches }, "[market] the market's older years are written: its history is complete");
  }
  return { written, batches, done };
}
