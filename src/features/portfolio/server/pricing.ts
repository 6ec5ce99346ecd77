/**
 * Where a portfolio's prices come from: the practice market (instruments.last_price) or, for
 * a portfolio of a replay event, that event's replay on its own clock. The engine asks the
 * source for prices, the day's end (day orders) and which orders are its own; nothing else
 * in trading code knows which one it is (PRODUCT.md: price sources behind one interface).
 */
import { portfolioReplayOf, type EventReplay } from "@/features/events/server/replay-source";
import { type Money, parseMoney } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { loadMarket, type Market } from "./state";

export interface PriceSource {
  kind: "practice" | "replay";
  /** The replay event's id; null for the practice market. */
  eventId: string | null;
  /** Prices of every symbol the source has at `now`, and the symbols not tradable. */
  market(db: DbOrTx, now: Date): Promise<Market>;
  /** The instant the trading day a day order was placed in ends. */
  endOfDay(placedAt: Date): Date;
  /** The previous trading day's close (day change); undefined when the source keeps none. */
  previousClose?(symbol: string, now: Date): Money | undefined;
  replay: EventReplay | null;
}

const utcEndOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));

export const practiceSource: PriceSource = {
  kind: "practice",
  eventId: null,
  market: (db) => loadMarket(db),
  endOfDay: utcEndOfDay,
  replay: null,
};

export function replaySource(source: EventReplay): PriceSource {
  const { replay } = source;
  return {
    kind: "replay",
    eventId: source.eventId,
    replay: source,
    async market(_db, now) {
      const prices = new Map<string, Money>();
      for (const symbol of source.symbols) {
        const price = replay.priceAt(symbol, now);
        if (price !== undefined) prices.set(symbol, parseMoney(price));
      }
      return { prices, inactiveSymbols: new Set() };
    },
    endOfDay: (placedAt) => replay.endOfTradingDay(placedAt),
    previousClose(symbol, now) {
      const where = replay.position(now);
      if (where.phase !== "running" || where.dayIndex === 0) return undefined;
      const dayStart = replay.endOfTradingDay(now).getTime() - (replay.endsAt.getTime() - source.startsAt.getTime()) / replay.calendar.length;
      const price = replay.priceAt(symbol, new Date(dayStart - 1));
      return price === undefined ? undefined : parseMoney(price);
    },
  };
}

/** The price source of a portfolio: its replay event's, else the practice market. */
export async function priceSourceFor(db: DbOrTx, portfolio: { kind: string; eventId: string | null }): Promise<PriceSource> {
  const replay = await portfolioReplayOf(db, portfolio);
  return replay ? replaySource(replay) : practiceSource;
}
