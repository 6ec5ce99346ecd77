/** The portfolio feature's browser surface for other features (an event's page shows its portfolio). */
export { PortfolioOverview, type EventPortfolioOptions } from "./PortfolioOverview";
export { CandleChart } from "./CandleChart";
export type { Instrument, Order, Page, Summary } from "./types";
