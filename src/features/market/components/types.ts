/**
 * The market's answers as the browser sees them: the routes' own schemas (../types.ts, decision
 * 071), not copies.
 */
import type { InstrumentQuoteAnswer, MarketDayAnswer } from "../types";

export type { Candle } from "../types";

/**
 * An instrument with its quote (GET /api/instruments' item, the watchlist's). A replay's
 * instruments, made in the browser from the replay's prices (events' `replayInstruments`), have
 * no `liquidity`: the engine prices a replay's fills without it.
 */
export type Instrument = Omit<InstrumentQuoteAnswer, "liquidity"> & Partial<Pick<InstrumentQuoteAnswer, "liquidity">>;

/** GET /api/market/day: the practice market's day so far. */
export type MarketDay = MarketDayAnswer;
