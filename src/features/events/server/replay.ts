/**
 * Replay events on the clock: a scheduler task (`event-replays`, every second, src/boot.ts)
 * moves each live replay event from its cursor (events.replay_cursor, so a new leader
 * resumes where the last one stopped) to now. The interval is cut at the dataset's trading
 * day ends; in each piece every symbol's path (the replay's turning points, so nothing it
 * crosses is skipped) goes through the trading engine's processPriceMoves with the event's
 * price source — the same matching and batched settlement as the practice market, on the
 * event's own orders only — and at each day end the event's day orders expire. Then the
 * event's latest prices are written as its price marks (the one valuation reads them) and the
 * cursor moves, fenced by the scheduler lease. The datasets' dividends and splits take effect
 * at the start of their trading day, each in a fenced transaction of its own with the marks and
 * the cursor (docs/decisions/063).
 */
import { and, asc, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { secondsPerTradingDay, tradingDaysInWindow } from "@/domain/events";
import { formatRatio, type ReplayAction } from "@/domain/market";
import { cents, formatMoney, type Money, parseMoney } from "@/domain/trading";
import { applyCorporateAction, BENCHMARK_MARK, clearMarks, expireDayOrders, payDueDividends, processPriceMoves, type SymbolMove, writeMarks } from "@/features/trading";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { corporateActions, events } from "@/server/db/schema";
import { Outbox } from "@/server/realtime/outbox";
import { type EventReplay, eventReplayOf, replayActionId, replayActionPrices, replayBenchmarkLevel, replaySource } from "./replay-source";
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
  const level = replayBenchmarkLevel(source, Object.fromEntries(marks), at);
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
 * path crosses settle, day orders expire at each trading day's end, the datasets' corporate
 * actions take effect at the start of their trading day and dividends are paid at the next
 * one's (docs/decisions/063), quotes and cursor written.
 *
 * An action's instant is a cut of its own: the path is played up to the previous close, then
 * one fenced transaction applies the action to the event's portfolios through the trading
 * engine (at the previous close and the price the domain adjusts it to), pays what is due, and
 * writes the marks and the cursor — so it happens exactly once: a transaction that does not
 * commit leaves the cursor before it, and one that does leaves it past. The move from the
 * adjusted price to the day's raw open is then played as the next piece's first step (again
 * after a restart, since it is derived from the cursor), so a resting order meets the open at
 * its split-adjusted terms.
 */
export async function advanceReplay(context: ReplayContext, event: EventRow, until: Date): Promise<boolean> {
  const { db } = context;
  const source = await eventReplayOf(db, event);
  if (!source) return false;
  const from = event.replayCursor && event.replayCursor > event.startsAt ? event.replayCursor : event.startsAt;
  const to = new Date(Math.min(until.getTime(), event.endsAt.getTime()));
  if (to.getTime() <= from.getTime()) return false;
  const prices = replaySource(source);
  const actions = eventActions(source, event);
  const inWindow = (ms: number) => ms > from.getTime() && ms <= to.getTime();
  // The instants the interval is cut at: each trading day's end inside it, each action's and
  // dividend payment's instant, then `to`.
  const instants = new Set<number>();
  for (let end = source.replay.endOfTradingDay(from); end.getTime() < to.getTime() && end.getTime() < source.replay.endsAt.getTime(); end = source.replay.endOfTradingDay(end)) instants.add(end.getTime());
  for (const a of actions) for (const ms of [a.at.getTime(), a.payAt?.getTime()]) if (ms !== undefined && inWindow(ms)) instants.add(ms);
  instants.add(to.getTime());
  const cuts = [...instants].sort((a, b) => a - b).map((ms) => new Date(ms));
  let start = from;
  let written = false;
  for (const cut of cuts) {
    // An order settles inside the event's window (end exclusive).
    const settleAt = new Date(Math.min(cut.getTime(), event.endsAt.getTime() - 1));
    const applying = actions.filter((a) => a.at.getTime() === cut.getTime());
    const adjustedAtCut = new Set(applying.map((a) => a.symbol));
    // Every symbol's steps in the order the replay reached them; each settles at the instant
    // it reached its price, on the orders that existed when the step began.
    const steps: Array<{ from: Date; at: Date; move: SymbolMove }> = [];
    // After an action at `start`: from the adjusted previous close to the day's raw open.
    for (const a of actions.filter((x) => x.at.getTime() === start.getTime())) {
      const open = source.replay.priceAt(a.symbol, start);
      const adjusted = adjustedPrice(source, a);
      if (open !== undefined && adjusted !== undefined && open !== formatMoney(adjusted)) {
        steps.push({ from: start, at: start, move: { symbol: a.symbol, previous: adjusted, next: parseMoney(open), continuous: true } });
      }
    }
    for (const symbol of source.symbols) {
      let points = source.replay.pathPointsBetween(symbol, start, cut);
      // The symbol's action comes before its next open: that step is the next piece's.
      if (adjustedAtCut.has(symbol)) points = points.filter((p) => p.at.getTime() < cut.getTime());
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
    const paying = actions.filter((a) => a.payAt !== undefined && a.payAt.getTime() <= cut.getTime() && a.at.getTime() < cut.getTime());
    const payNow = paying.some((a) => a.payAt!.getTime() === cut.getTime());
    if (applying.length > 0 || payNow) {
      const outbox = new Outbox();
      await db.transaction(async (tx) => {
        await context.fence?.(tx);
        for (const a of applying) await applyReplayAction(tx, source, event, a, outbox);
        if (paying.length > 0) await payDueDividends(tx, LAST_DAY, cut, outbox, { eventId: event.id, actionIds: paying.map((a) => replayActionId(event.id, a)) });
        await writeReplayMarks(tx, source, cut);
        await tx.update(events).set({ replayCursor: cut }).where(eq(events.id, event.id));
      });
      outbox.afterCommit();
      written = cut.getTime() === to.getTime();
    }
    start = cut;
  }
  if (!written) {
    await db.transaction(async (tx) => {
      await context.fence?.(tx);
      await writeReplayMarks(tx, source, to);
      await tx.update(events).set({ replayCursor: to }).where(eq(events.id, event.id));
    });
  }
  return true;
}

/** Every pay date is on or before this: an event's payments are chosen by their actions. */
const LAST_DAY = "9999-12-31";

/** The datasets' actions the event plays: those whose trading day begins before its end; a dividend paid at the next day's start, or at the event's end if that comes first. */
function eventActions(source: EventReplay, event: Pick<EventRow, "endsAt">): ReplayAction[] {
  const end = event.endsAt.getTime();
  return source.replay.actions
    .filter((a) => a.at.getTime() < end)
    .map((a) => (a.payAt && a.payAt.getTime() > end ? { ...a, payAt: new Date(end) } : a));
}

function adjustedPrice(source: EventReplay, a: ReplayAction): Money | undefined {
  return replayActionPrices(source, a)?.after;
}

/**
 * One dataset action on the event's portfolios, inside the fenced transaction: its row (the
 * event's, source `dataset`) written once, then the trading engine's application, which does
 * nothing a second time (the row's applied_at, the entries' key).
 */
async function applyReplayAction(tx: Tx, source: EventReplay, event: Pick<EventRow, "id">, a: ReplayAction, outbox: Outbox): Promise<void> {
  const prices = replayActionPrices(source, a);
  if (!prices) return;
  const { action } = prices;
  await tx
    .insert(corporateActions)
    .values({
      id: action.id,
      eventId: event.id,
      symbol: action.symbol,
      kind: action.kind,
      exDate: action.exDate,
      payDate: action.kind === "dividend" ? action.payDate : null,
      amount: action.kind === "dividend" ? formatMoney(cents(action.amountCents)) : null,
      ratioTo: action.kind === "split" ? action.ratio.to : null,
      ratioFrom: action.kind === "split" ? action.ratio.from : null,
      source: "dataset",
      createdAt: a.at,
    })
    .onConflictDoNothing();
  await applyCorporateAction(tx, { action, eventId: event.id, before: prices.before, after: prices.after, now: a.at }, outbox);
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
  /** The datasets' dividends and splits the event plays (docs/decisions/063), in order. */
  actions: ReplayActionView[];
  at: string;
}

/** A dataset's action as the event page lists it. */
export interface ReplayActionView {
  symbol: string;
  kind: "dividend" | "split";
  /** The dataset's date of it, and the replay's trading day (1-based) it takes effect on. */
  exDate: string;
  day: number;
  /** A dividend: per share, and the trading day it is paid (its ex-date when the last). */
  amount?: string;
  payDate?: string;
  /** A split: new:old shares. */
  ratio?: string;
  /** Whether the replay's clock has reached it. */
  applied: boolean;
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
    actions: eventActions(source, event).map((a) => ({
      symbol: a.symbol,
      kind: a.kind,
      exDate: a.exDate,
      day: a.dayIndex + 1,
      ...(a.kind === "dividend" ? { amount: formatMoney(cents(a.amountCents!)), payDate: a.payDate! } : { ratio: formatRatio(a.ratio!) }),
      applied: a.at.getTime() <= at.getTime(),
    })),
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
  /** The price the replay shows at the end of the window (after a dividend or split taking effect at the day's end, the price it adjusts it to), and the next day's opening price. */
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
  const actions = eventActions(source, event);
  for (let day = 0; day < replay.calendar.length - 1; day++) {
    const endsAt = new Date(event.startsAt.getTime() + (day + 1) * dayMs);
    if (endsAt.getTime() > last) break;
    const windowStart = new Date(endsAt.getTime() - share * dayMs);
    for (const symbol of source.symbols) {
      const rawClose = replay.priceAt(symbol, new Date(endsAt.getTime() - 1));
      const nextOpen = replay.priceAt(symbol, endsAt);
      if (rawClose === undefined || nextOpen === undefined) continue;
      // A dividend or split at this boundary is no move of the market: the close is compared in the action's terms.
      const action = actions.find((a) => a.symbol === symbol && a.at.getTime() === endsAt.getTime());
      const adjusted = action ? adjustedPrice(source, action) : undefined;
      const close = adjusted === undefined ? rawClose : formatMoney(adjusted);
      out.push({ symbol, tradingDay: replay.calendar[day]!, nextTradingDay: replay.calendar[day + 1]!, windowStart, endsAt, close, nextOpen });
    }
  }
  return out;
}
