/**
 * Where a portfolio's prices come from, behind one interface (PRODUCT.md: price sources): the
 * practice market (instruments.last_price) here, or a replay event's clock, which the events
 * feature implements and hands in through the port (port.ts). Nothing else in the engine
 * knows which one it is.
 */
import { inArray } from "drizzle-orm";
import { INDEX_KIND } from "@/domain/market";
import { borrowFeeBps, type Money, utcEndOfDay } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { instruments } from "@/server/db/schema";
import { money } from "./rows";

export interface Market {
  /** Last price of every symbol asked for that the source has; a symbol missing here is unknown. */
  prices: Map<string, Money>;
  /** Symbols an admin withdrew from trading. */
  inactiveSymbols: Set<string>;
  /** Listed but never traded: the benchmark index. */
  untradableSymbols?: Set<string>;
}

export interface PriceSource {
  kind: "practice" | "replay";
  /** The replay event's id; null for the practice market. */
  eventId: string | null;
  /** Prices at `now` of `symbols` (every symbol the source has when omitted). */
  market(db: DbOrTx, now: Date, symbols?: readonly string[]): Promise<Market>;
  /** The instant the trading day a day order was placed in ends. */
  endOfDay(placedAt: Date): Date;
  /** When the trading day containing `now` began (a replay's: its dataset day on the event's clock); undefined when the source keeps none. */
  dayStart?(now: Date): Date | undefined;
  /** The previous trading day's close (day change); undefined when the source keeps none. */
  previousClose?(symbol: string, now: Date): Money | undefined;
  /** What a replay calls its symbols (the dataset's name and sector); undefined for the practice market. */
  describe?(symbol: string): { name: string; sector: string } | undefined;
}

export const practiceSource: PriceSource = {
  kind: "practice",
  eventId: null,
  async market(db, _now, symbols) {
    const rows = await db
      .select({ symbol: instruments.symbol, lastPrice: instruments.lastPrice, active: instruments.active, kind: instruments.kind })
      .from(instruments)
      .where(symbols === undefined ? undefined : inArray(instruments.symbol, [...symbols]));
    return {
      prices: new Map(rows.map((r) => [r.symbol, money(r.lastPrice)])),
      inactiveSymbols: new Set(rows.filter((r) => !r.active).map((r) => r.symbol)),
      untradableSymbols: new Set(rows.filter((r) => r.kind === INDEX_KIND).map((r) => r.symbol)),
    };
  },
  endOfDay: utcEndOfDay,
};

/**
 * Each instrument's yearly borrow fee in bps (domain margin.ts borrowFeeBps: by its kind and
 * volatility), for the shorts of `symbols` (decision 070).
 */
export async function borrowFeesOf(db: DbOrTx, symbols: readonly string[]): Promise<Map<string, number>> {
  if (symbols.length === 0) return new Map();
  const rows = await db
    .select({ symbol: instruments.symbol, kind: instruments.kind, volatility: instruments.volatility })
    .from(instruments)
    .where(inArray(instruments.symbol, [...symbols]));
  return new Map(rows.map((r) => [r.symbol, borrowFeeBps(r)]));
}
