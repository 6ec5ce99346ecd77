/**
 * The trading engine's public surface (docs/architecture.md, "The trading engine"): orders,
 * price moves, maintenance, day expiry and cancellation over one writer (writer.ts), a port
 * that events and learn implement (port.ts), price sources and marks, and the one
 * valuation. Other features import only this file.
 */
export { placeOrder, type PlaceOrderArgs, type PlaceOrderResult } from "./place";
export { cancelOrder, cancelOpenOrders } from "./cancel";
export { processPriceMove, processPriceMoves, crossedQuery, type PriceMoveResult, type SymbolMove, type MoveOptions } from "./moves";
export { expireDayOrders } from "./expiry";
export { cancelOrdersOfWithdrawnInstrument } from "./withdrawn";
export { resetPracticePortfolio } from "./reset";
export { chargesSince, listOrders, listFills, fillsSince, portfolioChanges, portfolioCsv, systemNotices, tradingActivityOf, type TradingActivity } from "./queries";
export { findPortfolioFor, getOrCreatePracticePortfolio, holdsPortfolio, lockPortfolio, lockPortfolios, openPortfolio, portfolioIdsOf, portfolioIdsOfPeople, type Viewer } from "./portfolios";
export { borrowFeesOf, practiceSource, type Market, type PriceSource } from "./pricing";
export { resolveContexts, wireTrading, type EventPortfolioFacts, type PortfolioContext, type TradingPorts } from "./port";
export { BENCHMARK_MARK, clearMarks, eventMarksSql, freezeMarks, writeMarks } from "./marks";
export { equityOf, eventPortfolioRowsSql, eventPositionRowsSql, holdingsOf, portfolioValuations, practicePortfolioRowsSql, practicePositionRowsSql, type EquityFigures, type Holdings } from "./valuation";
export { serializeFill, serializeOrder, stateOf, type FillView, type OrderRow, type OrderView, type PortfolioRow } from "./rows";
export { tradingPersonalData } from "./personal-data";
export { adjustPortfolioCash, listCorrections, netAdjustments, reversePortfolioFill, type CorrectionArgs, type CorrectionView, type CorrectorRole } from "./corrections";
export { applyCorporateAction, listPortfolioActions, payDueDividends, type ActionApplication, type ActionOutcome, type PortfolioActionView } from "./corporate-actions";
export { countedFills, countedFillsSql, orderFactsSql, ordersSince, portfolioOwners, positionWeights, type OrderFactRow } from "./facts";
export { accrueMarginDay, MARGIN_ACCRUAL_EVERY_MS, type AccrualRun } from "./margin";
