/** The market feature's public surface for other features (the practice market's read side). */
export { instrumentDepthSql, knownSymbols, lastPricesSql, listInstruments, listInstrumentsBySymbol, type InstrumentQuote } from "./server/queries";
export { datasetRanges } from "./server/datasets";
export { DAY_PATH_STEP_MINUTES, forgetMarketDay, marketDay, type DayPath, type MarketDay } from "./server/day";
export { forgetMarketRealism, marketRealism, REALISM_MIN_DAYS, type MarketRealism, type RealismUnavailable } from "./server/realism";
export type { CorporateActionView } from "./server/corporate-actions";
export { fillMarketHistory, historyFilling, type HistoryFillResult } from "./server/history";
