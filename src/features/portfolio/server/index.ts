/** The portfolio feature's server surface: what pages, API routes and jobs call. */
export { getOrCreatePracticePortfolio, findPortfolioFor, portfolioSummary, type PortfolioSummary, type Viewer } from "./portfolios";
export { placeOrder, cancelOrder, cancelOpenOrdersLocked, rulesFor, listOrders, listFills, serializeOrder, serializeFill, IDEMPOTENCY_TTL_MS, type OrderAnswer, type PlaceOrderArgs } from "./orders";
export { processPriceMove, processPriceMoves, expireDayOrders, setPrice, type PriceMoveResult, type SymbolMove } from "./price-moves";
export { portfolioCsv, csvCell } from "./export";
export { takeSnapshots, pruneSnapshots, equityAt, snapshotInstant, SNAPSHOT_EVERY_MS, PERFORMANCE_RANGES, type PerformanceRange } from "./snapshots";
export { portfolioPerformance, type Performance, type PerformancePoint } from "./performance";
export { resetPracticePortfolio } from "./reset";
export { getWatchlist, addToWatchlist, removeFromWatchlist, WATCHLIST_LIMIT } from "./watchlist";
export { cancelOrdersOfWithdrawnInstrument } from "./withdrawn";
export { priceSourceFor, practiceSource, replaySource, type PriceSource } from "./pricing";
