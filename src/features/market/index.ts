/** The market feature's public surface for other features (the practice market's read side). */
export { listInstruments, listInstrumentsBySymbol, type InstrumentQuote } from "./server/queries";
export { DAY_PATH_STEP_MINUTES, forgetMarketDay, marketDay, type DayPath, type MarketDay } from "./server/day";
export { forgetMarketRealism, marketRealism, REALISM_MIN_DAYS, type MarketRealism, type RealismUnavailable } from "./server/realism";
export type { CorporateActionView } from "./server/corporate-actions";
