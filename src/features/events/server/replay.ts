/**
 * Replay events on the clock: a scheduler task (`event-replays`, every second, src/boot.ts)
 * moves each live replay event from its cursor (events.replay_cursor, so a new leader
 * resumes where the last one stopped) to now. The interval is cut at the dataset's trading
 * day ends; in each piece every symbol's path (the replay's turning points, so nothing it
 * crosses is skipped) goes through the trading engine's processPriceMoves with the event's
 * price source — the same matching and batched settlement as the practice market, on the
 * event's own orders only — and at each day end the event's day orders expire. Then the
 * event's latest prices are written as its price marks (the one valuation reads them) and the
 * cursor moves, fenced by the scheduler lease.
 */
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { secondsPerTradingDay, tradingDaysInWindow } from "@/domain/events";
import { formatMoney, parseMoney } from "@/domain/trading";
import { BENCHMARK_MARK, clearMarks, expireDayOrders, processPriceMoves, type SymbolMove, writeMarks } from "@/features/trading";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { events } from "@/server/db/schema";
import { type EventReplay, eventReplayOf, replayBenchmarkLevel, replaySource } from "./replay-source";
import type { EventRow } from "./rows";

/** How often the replay task advances live replay events. */
export const REPLAY_EVERY_MS = 1000;

export interface ReplayContext {
  db: Db;
  now: Date;
  /** The scheduler lease's fence; tests pass nothing. */
  fence?: (tx: Tx) => Promise<void>;
}

/**
 * Writes the event's prices at `at` (its replay's clock) as its portfolios' price marks, with
 * its own benchmark: the equal-weighted index of its instruments (never the live market's).
 */
export async function writeReplayMarks(db: DbOrTx, source: EventReplay, at: Date): Promise<void> {
  const marks = new Map<string, string>();
  for (const symbol of source.symbols) {
    const price = source.replay.priceAt(symbol, at);
    if (price !== undefined) marks.set(symbol, price);
  }
  const level = replayBenchmarkLevel(source, Object.fromEntries(marks));
  if (level !== null) marks.set(BENCHMARK_MARK, level);
  await writeMarks(db, source.eventId, marks, at);
}

/** A replay event created or edited (before it starts): its marks start at the first day's open. */
export async function resetReplayMarks(db: DbOrTx, event: EventRow): Promise<void> {
  await clearMarks(db, event.id);
  const source = await eventReplayOf(db, event);
  if (source) await writeReplayMarks(db, source, event.startsAt);
}

/** Advances every live (or just ended, not yet finalised) replay event to `now`. */
export async function advanceReplays(context: ReplayContext): Promise<number> {
  const due = await context.db
    .select()
    .from(events)
    .where(and(isNotNull(events.replay), isNull(events.finalizedAt), lte(events.startsAt, context.now)))
    .orderBy(asc(events.startsAt));
  let advanced = 0;
  for (const event of due) if (await advanceReplay(context, event, context.now)) advanced += 1;
  return advanced;
}

/**
 * Moves one replay event from its cursor to `until` (at most its end): resting orders its
 * path crosses settle, day orders expire at each trading day's end, quotes and cursor written.
 */
export async function advanceReplay(context: ReplayContext, event: EventRow, until: Date): Promise<boolean> {
  const { db } = context;
  const source = await eventReplayOf(db, event);
  if (!source) return false;
  const from = event.replayCursor && event.replayCursor > event.startsAt ? event.replayCursor : event.startsAt;
  const to = new Date(Math.min(until.getTime(), event.endsAt.getTime()));
  if (to.getTime() <= from.getTime()) return false;
  const prices = replaySource(source);
  // The instants the interval is cut at: each trading day's end inside it, then `to`.
  const cuts: Date[] = [];
  for (let end = source.replay.endOfTradingDay(from); end.getTime() < to.getTime() && end.getTime() < source.replay.endsAt.getTime(); end = source.replay.endOfTradingDay(end)) cuts.push(end);
  cuts.push(to);
  let start = from;
  for (const cut of cuts) {
    // An order settles inside the event's window (end exclusive).
    const settleAt = new Date(Math.min(cut.getTime(), event.endsAt.getTime() - 1));
    // Every symbol's steps in the order the replay reached them; each settles at the instant
    // it reached its price, on the orders that existed when the step began.
    const steps: Array<{ from: Date; at: Date; move: SymbolMove }> = [];
    for (const symbol of source.symbols) {
      const points = source.replay.pathPointsBetween(symbol, start, cut);
      for (let i = 1; i < points.length; i++) {
        steps.push({ from: points[i - 1]!.at, at: points[i]!.at, move: { symbol, previous: parseMoney(points[i - 1]!.price), next: parseMoney(points[i]!.price), continuous: true } });
      }
    }
    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of steps) {
      const at = new Date(Math.min(step.at.getTime(), settleAt.getTime()));
      await processPriceMoves(db, [step.move], at, prices, { placedBefore: step.from });
    }
    await expireDayOrders(db, cut, prices);
    start = cut;
  }
  await db.transaction(async (tx) => {
    await context.fence?.(tx);
    await writeReplayMarks(tx, source, to);
    await tx.update(events).set({ replayCursor: to }).where(eq(events.id, event.id));
  });
  return true;
}

export interface ReplayStatus {
  phase: "before" | "running" | "ended";
  /** The dataset's trading day being played (YYYY-MM-DD). */
  tradingDay: string;
  /** 1-based. */
  day: number;
  /** Trading days the event's window plays (the calendar's, if shorter). */
  days: number;
  instruments: Array<{ symbol: string; name: string; sector: string; price: string | null; previousClose: string | null }>;
  at: string;
}

/** What the event page shows of a replay: the day playing and each instrument's price now. */
export async function replayStatusOf(db: DbOrTx, event: EventRow, now: Date): Promise<ReplayStatus | null> {
  const source = await eventReplayOf(db, event);
  if (!source || !event.replay) return null;
  const at = new Date(Math.min(now.getTime(), event.endsAt.getTime()));
  const where = source.replay.position(at);
  const days = Math.min(source.replay.calendar.length, Math.max(1, tradingDaysInWindow({ startsAt: event.startsAt, endsAt: event.endsAt, replay: event.replay })));
  const prices = replaySource(source);
  const eventOver = now.getTime() >= event.endsAt.getTime();
  return {
    phase: eventOver ? "ended" : where.phase,
    tradingDay: where.tradingDay,
    day: Math.min(days, where.dayIndex + 1),
    days,
    instruments: source.symbols.map((symbol) => {
      const price = source.replay.priceAt(symbol, at);
      const previous = prices.previousClose?.(symbol, at);
      return { symbol, name: source.names.get(symbol) ?? symbol, sector: source.sectors.get(symbol) ?? "", price: price ?? null, previousClose: previous === undefined ? null : formatMoney(previous) };
    }),
    at: at.toISOString(),
  };
}

/** One replay trading day's end for one symbol: its last stretch of real time, and the next day's opening price. */
export interface ReplayDayBoundary {
  symbol: string;
  /** The trading day ending (YYYY-MM-DD) and the one opening after it. */
  tradingDay: string;
  nextTradingDay: string;
  /** The last `share` of the trading day in real time: [windowStart, endsAt). */
  windowStart: Date;
  endsAt: Date;
  /** The price the replay shows at the end of the window, and the next day's opening price. */
  close: string;
  nextOpen: string;
}

/**
 * Every trading-day end of a replay event up to `until` (at most its end), per symbol, with
 * the next day's open: what the fair-play monitor compares orders placed just before a day
 * ends with (src/features/fairplay). Empty for an event on the practice market.
 */
export async function replayDayBoundaries(db: DbOrTx, event: EventRow, until: Date, share: number): Promise<ReplayDayBoundary[]> {
  const source = await eventReplayOf(db, event);
  if (!source || !event.replay) return [];
  const { replay } = source;
  const last = Math.min(until.getTime(), event.endsAt.getTime(), replay.endsAt.getTime());
  const out: ReplayDayBoundary[] = [];
  const dayMs = secondsPerTradingDay(event.replay!.speed) * 1000;
  for (let day = 0; day < replay.calendar.length - 1; day++) {
    const endsAt = new Date(event.startsAt.getTime() + (day + 1) * dayMs);
    if (endsAt.getTime() > last) break;
    const windowStart = new Date(endsAt.getTime() - share * dayMs);
    for (const symbol of source.symbols) {
      const close = replay.priceAt(symbol, new Date(endsAt.getTime() - 1));
      const nextOpen = replay.priceAt(symbol, endsAt);
      if (close === undefined || nextOpen === undefined) continue;
      out.push({ symbol, tradingDay: replay.calendar[day]!, nextTradingDay: replay.calendar[day + 1]!, windowStart, endsAt, close, nextOpen });
    }
  }
  return out;
}
