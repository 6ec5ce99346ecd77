/** Read side of the practice market: the universe with prices, and candles. */
import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { dayChange, parseMoney, formatMoney } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { candles, instruments } from "@/server/db/schema";
import type { InstrumentQuoteAnswer } from "../types";

/** An instrument with its quote: the answer's schema (../types.ts); its `kind` names every kind of the instruments table, or tsc refuses `quoteOf`. */
export type InstrumentQuote = InstrumentQuoteAnswer;

export async function listInstruments(db: DbOrTx): Promise<InstrumentQuote[]> {
  const rows = await db.select().from(instruments).orderBy(asc(instruments.symbol));
  return rows.map(quoteOf);
}

/** The quotes of `symbols`, by symbol (unknown symbols are absent). */
export async function listInstrumentsBySymbol(db: DbOrTx, symbols: readonly string[]): Promise<Map<string, InstrumentQuote>> {
  if (symbols.length === 0) return new Map();
  const rows = await db.select().from(instruments).where(inArray(instruments.symbol, [...symbols]));
  return new Map(rows.map((r) => [r.symbol, quoteOf(r)]));
}

function quoteOf(r: typeof instruments.$inferSelect): InstrumentQuote {
  const change = dayChange(r.previousClose, r.lastPrice);
  return {
    symbol: r.symbol,
    name: r.name,
    sector: r.sector,
    kind: r.kind,
    active: r.active,
    lastPrice: formatMoney(parseMoney(r.lastPrice)),
    previousClose: formatMoney(parseMoney(r.previousClose)),
    dayChange: formatMoney(change.amount),
    dayChangePct: change.ratio === null ? null : change.ratio.toFixed(4),
    updatedAt: r.updatedAt.toISOString(),
    liquidity: { averageDailyVolume: r.averageDailyVolume, volatility: r.volatility },
  };
}

export async function instrumentExists(db: DbOrTx, symbol: string): Promise<boolean> {
  const [row] = await db.select({ symbol: instruments.symbol }).from(instruments).where(eq(instruments.symbol, symbol));
  return Boolean(row);
}

/** At most this many candles per request: the five backfilled years of days (1,826), or a day of minutes plus some. */
export const MAX_CANDLES = 2000;

export async function getCandles(db: DbOrTx, options: { symbol: string; interval: "1m" | "1d"; from?: Date; to?: Date }) {
  const where = [eq(candles.symbol, options.symbol), eq(candles.interval, options.interval)];
  if (options.from) where.push(gte(candles.start, options.from));
  if (options.to) where.push(lte(candles.start, options.to));
  // The newest MAX_CANDLES in the range, returned oldest first.
  const rows = await db
    .select()
    .from(candles)
    .where(and(...where))
    .orderBy(desc(candles.start))
    .limit(MAX_CANDLES);
  return rows.reverse().map((c) => ({ start: c.start.toISOString(), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume }));
}

/** Which of these symbols are instruments of the practice market (listed or not): an event's instrument list is checked against them. */
export async function knownSymbols(db: DbOrTx, symbols: readonly string[]): Promise<Set<string>> {
  if (symbols.length === 0) return new Set();
  const rows = await db.select({ symbol: instruments.symbol }).from(instruments).where(inArray(instruments.symbol, [...symbols]));
  return new Set(rows.map((r) => r.symbol));
}

/**
 * Each instrument's depth on the practice market, for another feature's set-based statement
 * (the fair-play detectors): `symbol, average_daily_volume, volatility`; a volume of 0 is unknown.
 */
export const instrumentDepthSql = () => sql`select i.symbol, i.average_daily_volume, i.volatility from instruments i`;

/** Every instrument's last price, `symbol, last_price`, as a subquery for another feature's statement (the boards ranked in memory, decision 084). */
export const lastPricesSql = sql`select symbol, last_price from instruments`;
