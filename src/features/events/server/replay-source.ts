/**
 * A replay event's prices: its datasets loaded once and played by the domain's replay
 * (src/domain/events/replay.ts createEventReplay) on the event's own clock. Like rows.ts it
 * imports only the domain and the schema, so the trading engine can price a replay event's
 * portfolio without a module cycle through the rest of this feature.
 *
 * Datasets never change after their import (a dataset an event replays cannot be deleted),
 * so a replay is built once per event and its settings and kept in memory.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { createEventReplay } from "@/domain/events";
import type { OhlcvRow, Replay } from "@/domain/market";
import type { DbOrTx } from "@/server/db";
import { datasetRows, datasets, events, type StoredReplay } from "@/server/db/schema";

export interface EventReplay {
  eventId: string;
  replay: Replay;
  /** The event's instruments: its datasets' symbols, in the order the organiser chose them. */
  symbols: string[];
  /** Symbol → the dataset's name, shown where an instrument's name would be. */
  names: Map<string, string>;
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
    (bySymbol[symbol] ??= []).push({ date: row.date, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
  }
  const ordered = event.replay.datasets.map((id) => sets.find((d) => d.id === id)).filter((d) => d !== undefined);
  return {
    eventId: event.id,
    replay: createEventReplay({ startsAt: event.startsAt, replay: event.replay }, bySymbol),
    symbols: ordered.map((d) => d.symbol),
    names: new Map(ordered.map((d) => [d.symbol, d.name])),
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

/** The replay of the event a portfolio belongs to; null for practice portfolios and practice-market events. */
export async function portfolioReplayOf(db: DbOrTx, portfolio: { kind: string; eventId: string | null }): Promise<EventReplay | null> {
  if (portfolio.kind !== "event" || !portfolio.eventId) return null;
  const [event] = await db.select({ id: events.id, startsAt: events.startsAt, endsAt: events.endsAt, replay: events.replay }).from(events).where(eq(events.id, portfolio.eventId));
  return event ? eventReplayOf(db, event) : null;
}
