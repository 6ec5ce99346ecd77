/** The portfolio feature's public surface: the summary, the performance series, snapshots and the watchlist. */
export { portfolioSummary, type PortfolioSummary, type Pricing } from "./server/summary";
export { snapshotRowsSql, snapshotsSql, takeSnapshots, snapshotPortfolios, pruneSnapshots, equityAt, snapshotInstant, snapshotSeriesOf, RANGE_WINDOWS, rangeStart, SNAPSHOT_EVERY_MS, PERFORMANCE_RANGES, type PerformanceRange } from "./server/snapshots";
export { portfolioPerformance, rangeMetrics, rangePoints, type Performance, type PerformancePoint, type RangeMetrics, type RiskFigureWire, type SnapshotRow } from "./server/performance";
export { getWatchlist, addToWatchlist, removeFromWatchlist, WATCHLIST_LIMIT } from "./server/watchlist";
export { portfolioPersonalData } from "./server/personal-data";
