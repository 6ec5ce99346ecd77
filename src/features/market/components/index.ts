/** The market feature's browser surface for other features (the portfolio composes its views; decision 074). */
export type { Candle, Instrument, MarketDay } from "./types";
export { marketEndpoints } from "./endpoints";
export { CandleChart } from "./CandleChart";
export { type Chart, createZonedChart, cssVar, MONEY_FORMAT } from "./chart";
export { ChangeBar, DaySparkline } from "./MarketBits";
export { barScale } from "./market-table";
export { InstrumentDetail, type IndexFacts, type InstrumentDetailProps, type InstrumentSlots } from "./InstrumentDetail";
export { type InstrumentAction, useDay, utcToday } from "./CorporateActions";
export { instrumentsWithQuotes, QUOTE_HANDLERS, type Quotes, useInstruments, useMarketDay, useQuotes } from "./quotes";
