/** The portfolio feature's browser surface for other features (an event's page shows its portfolio). */
export { PortfolioOverview, type EventPortfolioOptions } from "./PortfolioOverview";
export { InstrumentTrading, type InstrumentTradingProps } from "./InstrumentTrading";
export { WatchToggle } from "./Watchlist";
export type { Fill, Instrument, Order, Page, Summary } from "./types";
export { portfolioEndpoints } from "./endpoints";
export { FillsTable, JournalNote, OrderHistoryTable, type FillAction } from "./Orders";
export { Holdings } from "./Holdings";
export type { Holding } from "./types";
export { describeOrder, orderPrices, SIDE_LABEL } from "./format";
export type { MarketDay } from "./types";
export { riskShortReason, riskText, type RiskKind } from "./risk";
export type { RiskFigureWire } from "./types";
