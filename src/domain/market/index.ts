/** The market domain: universe, price processes, candles, replay. Pure; see each module. */
export { equalWeightIndex, INDEX_KIND, indexCandles, indexHistory, IndexPriceError, indexLevel, indexLevels, TLX, type BenchmarkIndex } from "./benchmark";
export { aggregateTicks, bucketStart, CandleOrderError, INTERVAL_MS, rollUp, updateCandle, type Candle, type CandleInterval, type Tick } from "./candles";
export {
  actionsCrossed,
  adjustedPriceCents,
  adjustMarketState,
  CORPORATE_ACTION_KINDS,
  CorporateActionError,
  dayOf,
  dayStartMs,
  DEFAULT_PAY_LAG_DAYS,
  formatRatio,
  isDay,
  parseRatio,
  SECTOR_DIVIDEND_YIELD,
  simulatedSchedule,
  simulatedYield,
  splitAdjustedCandlePrice,
  SPLIT_PRICE,
  totalReturnFactor,
  validateAction,
  type CorporateAction,
  type CorporateActionInput,
  type CorporateActionKind,
  type DividendAction,
  type PriceAdjustment,
  type SplitAction,
  type SplitRatio,
} from "./corporate-actions";
export { centsFromFloat, fromCents, PriceFormatError, toCents } from "./cents";
export { topMovers, type MoverCandidate } from "./movers";
export { parseOhlcvCsv, type CsvProblem, type OhlcvParseResult, type OhlcvRow } from "./ohlcv-csv";
export { CLOSE_HOLD_FRACTION, createReplay, createReplayClock, intradayPrice, ReplayConfigError, type Replay, type ReplayClock, type ReplayOptions, type ReplayPosition } from "./replay";
export { chooseSector, closeSectors, sectorKey, type SectorChoice } from "./sectors";
export { createRng, cyrb128, Rng, RngStateError, seedRng, type RngState } from "./rng";
export {
  backfill,
  BACKFILL_COARSE_STEP_SECONDS,
  BACKFILL_FINE_STEP_SECONDS,
  createMarketState,
  DEFAULT_SIMULATION_CONFIG,
  MarketConfigError,
  pricesOf,
  SECONDS_PER_YEAR,
  step,
  stepTo,
  syncUniverse,
  type BackfillOptions,
  type BackfillResult,
  type InstrumentState,
  type Jump,
  type MarketOptions,
  type MarketState,
  type SimulationConfig,
  type StepResult,
} from "./simulator";
export { endOfUtcDay, simulatedPriceSource, utcDay, type PriceSource, type Quote } from "./source";
export {
  BUNDLED_UNIVERSE,
  FICTIONAL_NOTICE,
  idiosyncraticVariance,
  instrumentProblems,
  MARKET_FACTOR_VOLATILITY,
  SECTOR_FACTOR_VOLATILITY,
  SECTORS,
  SIMULATED_KINDS,
  SYMBOL_PATTERN,
  INSTRUMENT_NAME_MAX_LENGTH,
  SECTOR_MAX_LENGTH,
  type BundledInstrument,
  type FactorVolatilities,
  type InstrumentDefinition,
  type InstrumentKind,
  type Sector,
} from "./universe";
