/**
 * A replay event's prices: its datasets loaded once and played by the domain's replay
 * (src/domain/events/replay.ts createEventReplay) on the event's own clock, offered to the
 * trading engine as a price source (the engine's port, trading-port.ts).
 *
 * Datasets never change after their import (a dataset an event replays cannot be deleted),
 * so a replay is built once per event and its settings and kept in memory.
 */
import { asc, inArray } from "drizzle-orm";
import { createEventReplay } from "@/domain/events";
import { adjustedPriceCents, type BenchmarkIndex, type CorporateAction, indexLevel, type OhlcvRow, type Replay, type ReplayAction, toCents, totalReturnFactor } from "@/domain/market";
import { cents, type Money, parseMoney } from "@/domain/trading";
import type { PriceSource } from "@/features/trading";
import type { DbOrTx } from "@/server/db";
import { datasetRows, datasets, events, type StoredReplay } from "@/server/db/schema";

export interface EventReplay {
  eventId: string;
  replay: Replay;
  /** The event's instruments: its datasets' symbols, in the order the organiser chose them. */
  symbols: string[];
  /** Symbol → the dataset's name, shown where an instrument's name would be. */
  names: Map<string, string>;
  /** Symbol → the dataset's sector. */
  sectors: Map<string, string>;
  /** The replay's own benchmark: its instruments equal-weighted at their first price (1000.00 then). */
  benchmark: BenchmarkIndex | null;
  startsAt: Date;
  endsAt: Date;
}

type ReplayEventRow = Pick<typeof events.$inferSelect, "id" | "startsAt" | "endsAt"> & { replay: StoredReplay | null };

const cache = new Map<string, Promise<EventReplay>>();
const CACHE_LIMIT = 200;

async function build(db: DbOrTx, event: ReplayEventRow & { replay: StoredReplay }): Promise<EventReplay> {
  const sets = await db.select().from(datasets).where(inArray(datasets.id, event.replay.datasets));
  const rows = await db
    .select()
    .from(datasetRows)
    .where(inArray(datasetRows.datasetId, event.replay.datasets))
    .orderBy(asc(datasetRows.datasetId), asc(datasetRows.date));
  const bySymbol: Record<string, OhlcvRow[]> = {};
  const symbolOf = new Map(sets.map((d) => [d.id, d.symbol]));
  for (const row of rows) {
    const symbol = symbolOf.get(row.datasetId)!;
    (bySymbol[symbol] ??= []).push({
      date: row.date,
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
      // The day's corporate action, played by the replay task (docs/decisions/063).
      ...(row.dividend !== null && { dividend: row.dividend }),
      ...(row.splitTo !== null && row.splitFrom !== null && { split: { to: row.splitTo, from: row.splitFrom } }),
    });
  }
  const ordered = event.replay.datasets.map((id) => sets.find((d) => d.id === id)).filter((d) => d !== undefined);
  const replay = createEventReplay({ startsAt: event.startsAt, replay: event.replay }, bySymbol);
  const bases = ordered.flatMap((d) => {
    const first = replay.priceAt(d.symbol, event.startsAt);
    return first === undefined ? [] : [{ symbol: d.symbol, basePrice: first }];
  });
  return {
    eventId: event.id,
    replay,
    benchmark: bases.length > 0 ? { symbol: "REPLAY", name: "This replay's instruments, equal-weighted", baseLevel: "1000.00", constituents: bases } : null,
    symbols: ordered.map((d) => d.symbol),
    names: new Map(ordered.map((d) => [d.symbol, d.name])),
    sectors: new Map(ordered.map((d) => [d.symbol, d.sector])),
    startsAt: event.startsAt,
    endsAt: event.endsAt,
  };
}

/** The event's replay, or null for an event on the practice market. */
export async function eventReplayOf(db: DbOrTx, event: ReplayEventRow): Promise<EventReplay | null> {
  if (!event.replay) return null;
  const replay = event.replay;
  const key = `${event.id}|${event.startsAt.toISOString()}|${event.endsAt.toISOString()}|${replay.from}|${replay.speed}|${replay.datasets.join(",")}`;
  let entry = cache.get(key);
  if (!entry) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    entry = build(db, { ...event, replay });
    cache.set(key, entry);
    entry.catch(() => cache.delete(key));
  }
  return entry;
}

/**
 * The replay's benchmark level at these prices (decimal strings by symbol) at `at`; null without
 * one. Total return, like the practice market's TLX (decision 052): each constituent's price is
 * multiplied by the factors of the dataset actions that have taken effect by `at`, so a split is
 * no fall for it and a dividend counts (docs/decisions/063).
 */
export function replayBenchmarkLevel(source: EventReplay, prices: Readonly<Record<string, string>>, at: Date): string | null {
  if (!source.benchmark || source.benchmark.constituents.some((c) => prices[c.symbol] === undefined)) return null;
  const factors: Record<string, number> = {};
  for (const a of source.replay.actions) {
    if (a.at.getTime() > at.getTime()) break;
    const priced = replayActionPrices(source, a);
    if (priced) factors[a.symbol] = (factors[a.symbol] ?? 1) * totalReturnFactor(priced.action, Number(priced.before), Number(priced.after));
  }
  return indexLevel(source.benchmark, prices, factors);
}

/** A dataset action as the domain's corporate action of this event (its stored id). */
export function replayCorporateAction(eventId: string, a: ReplayAction): CorporateAction {
  const base = { id: replayActionId(eventId, a), symbol: a.symbol, exDate: a.exDate };
  return a.kind === "split" ? { ...base, kind: "split", ratio: a.ratio! } : { ...base, kind: "dividend", payDate: a.payDate!, amountCents: a.amountCents! };
}

/** The stored action's id: one per event, symbol, kind and day (so a second application finds it). */
export function replayActionId(eventId: string, action: Pick<ReplayAction, "symbol" | "kind" | "exDate">): string {
  return `replay-${eventId}-${action.symbol}-${action.kind}-${action.exDate}`;
}

/**
 * The prices an action is applied at: the replay's previous close just before its trading day
 * begins, and the price the domain adjusts it to (adjustedPriceCents). Undefined when the symbol
 * had no price yet (no one could hold it).
 */
export function replayActionPrices(source: EventReplay, a: ReplayAction): { action: CorporateAction; before: Money; after: Money } | undefined {
  const close = source.replay.priceAt(a.symbol, new Date(a.at.getTime() - 1));
  if (close === undefined) return undefined;
  const action = replayCorporateAction(source.eventId, a);
  const before = toCents(close);
  return { action, before: cents(before), after: cents(adjustedPriceCents(action, before)) };
}

/**
 * The replay as the engine's price source: prices on the event's clock, day orders ending
 * with the dataset's trading day, the previous close of that day, and the datasets' names.
 */
export function replaySource(source: EventReplay): PriceSource {
  const { replay } = source;
  /** Where the dataset day being played at `now` began on the event's clock (undefined outside the run). */
  const dayStartOf = (now: Date): Date | undefined =>
    replay.position(now).phase === "running" ? new Date(replay.endOfTradingDay(now).getTime() - (replay.endsAt.getTime() - source.startsAt.getTime()) / replay.calendar.length) : undefined;
  return {
    kind: "replay",
    eventId: source.eventId,
    async market(_db, now) {
      const prices = new Map<string, Money>();
      for (const symbol of source.symbols) {
        const price = replay.priceAt(symbol, now);
        if (price !== undefined) prices.set(symbol, parseMoney(price));
      }
      return { prices, inactiveSymbols: new Set() };
    },
    endOfDay: (placedAt) => replay.endOfTradingDay(placedAt),
    dayStart: (now) => dayStartOf(now),
    previousClose(symbol, now) {
      const where = replay.position(now);
      if (where.phase !== "running" || where.dayIndex === 0) return undefined;
      const dayStart = dayStartOf(now)!.getTime();
      const price = replay.priceAt(symbol, new Date(dayStart - 1));
      if (price === undefined) return undefined;
      // A split that took effect this morning divides the previous close too, as the practice
      // market's does (decision 052), so the day's change is the market's (docs/decisions/063).
      const split = replay.actions.find((a) => a.kind === "split" && a.symbol === symbol && a.dayIndex === where.dayIndex);
      return split ? (replayActionPrices(source, split)?.after ?? parseMoney(price)) : parseMoney(price);
    },
    describe(symbol) {
      const name = source.names.get(symbol);
      return name === undefined ? undefined : { name, sector: source.sectors.get(symbol)! };
    },
  };
}
