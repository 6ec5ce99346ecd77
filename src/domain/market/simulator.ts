/**
 * The practice market's price process. Each instrument follows a geometric random walk
 * (so prices stay positive) whose shocks combine:
 *   - one market factor shared by everything (stocks move together),
 *   - one factor per sector (a sector moves together a bit more),
 *   - the instrument's own noise,
 *   - occasional jumps: a Poisson number per step, each a normal move in log price.
 * Over dt years, log P grows by (μ − σ²/2 − λκ)·dt + (β·σM·Zm + s·σS·Zs + σε·Zi)·√dt + jumps,
 * with κ = E[e^J] − 1, so the expected annual return is the instrument's drift μ whatever
 * the volatility and jumps. σε is what is left of the instrument's volatility after the two
 * factors; the log-normal step is exact for any dt, so a long step after a restart is as
 * valid as many short ones.
 *
 * Pure: the state holds everything (parameters, log prices, clock, RNG state) and is plain
 * JSON; `step` returns a new state. Floats live only in the maths; prices leave as cents
 * turned into two-decimal strings.
 */
import { candleFromCents, foldCents, INTERVAL_MS, type Candle, type CentsCandle, type Tick } from "./candles";
import { centsFromFloat, fromCents, toCents } from "./cents";
import { Rng, seedRng, type RngState } from "./rng";
import { idiosyncraticVariance, instrumentProblems, MARKET_FACTOR_VOLATILITY, SECTOR_FACTOR_VOLATILITY, type InstrumentDefinition, type InstrumentKind } from "./universe";

/** The practice market trades around the clock, every day: a year is 365 days of 24 hours. */
export const SECONDS_PER_YEAR = 365 * 86_400;

export interface SimulationConfig {
  /** Annual volatility of the market factor. */
  marketVolatility: number;
  /** Annual volatility of each sector factor. */
  sectorVolatility: number;
  /** Expected jumps per instrument per year; funds are diversified and jump less. */
  jumpsPerYear: Readonly<Record<InstrumentKind, number>>;
  /** Standard deviation of one jump in log price (0.04 ≈ a typical jump of 3 %). */
  jumpVolatility: number;
}

export const DEFAULT_SIMULATION_CONFIG: SimulationConfig = {
  marketVolatility: MARKET_FACTOR_VOLATILITY,
  sectorVolatility: SECTOR_FACTOR_VOLATILITY,
  jumpsPerYear: { stock: 3, etf: 0.5 },
  jumpVolatility: 0.04,
};

export interface InstrumentState {
  symbol: string;
  sector: string;
  kind: InstrumentKind;
  drift: number;
  volatility: number;
  beta: number;
  sectorLoading: number;
  averageDailyVolume: number;
  /** Unrounded log price: rounding happens on the way out, never in the walk itself. */
  logPrice: number;
  /** The last price, two decimals. */
  price: string;
}

export interface MarketState {
  version: 1;
  /** Epoch milliseconds of the last tick (or of the start). */
  time: number;
  rng: RngState;
  config: SimulationConfig;
  /** Sorted: the order the sector factors are drawn in. */
  sectors: readonly string[];
  /** Sorted by symbol: the order the instruments are drawn in. */
  instruments: readonly InstrumentState[];
}

export interface Jump {
  symbol: string;
  /** The jump in log price: 0.05 is about +5 %. */
  logSize: number;
}

export interface StepResult {
  state: MarketState;
  ticks: Tick[];
  /** Jumps in this step (for tests, and for a "news" line in the UI one day). */
  jumps: Jump[];
  /** The standard-normal factor draws of this step. */
  factors: { market: number; sectors: Record<string, number> };
}

export class MarketConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The universe cannot be simulated: ${problems.join(" ")}`);
  }
}

export interface MarketOptions {
  config?: SimulationConfig;
}

function checkUniverse(universe: readonly InstrumentDefinition[], config: SimulationConfig): void {
  const problems = universe.flatMap((instrument) => instrumentProblems(instrument, config));
  const seen = new Set<string>();
  for (const { symbol } of universe) {
    if (seen.has(symbol)) problems.push(`${symbol}: listed twice.`);
    seen.add(symbol);
  }
  if (universe.length === 0) problems.push("It has no instruments.");
  if (problems.length > 0) throw new MarketConfigError(problems);
}

function startingInstrument(definition: InstrumentDefinition): InstrumentState {
  const cents = toCents(definition.startingPrice);
  return { ...parametersOf(definition), logPrice: Math.log(cents / 100), price: fromCents(cents) };
}

function parametersOf(d: InstrumentDefinition): Omit<InstrumentState, "logPrice" | "price"> {
  return {
    symbol: d.symbol,
    sector: d.sector,
    kind: d.kind,
    drift: d.drift,
    volatility: d.volatility,
    beta: d.beta,
    sectorLoading: d.sectorLoading,
    averageDailyVolume: d.averageDailyVolume,
  };
}

function assemble(time: number, rng: RngState, config: SimulationConfig, instruments: InstrumentState[]): MarketState {
  instruments.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const sectors = [...new Set(instruments.map((i) => i.sector))].sort();
  return { version: 1, time, rng, config, sectors, instruments };
}

/** A market at `startTime` with every instrument at its starting price. */
export function createMarketState(universe: readonly InstrumentDefinition[], seed: string, startTime: Date, options: MarketOptions = {}): MarketState {
  const config = options.config ?? DEFAULT_SIMULATION_CONFIG;
  checkUniverse(universe, config);
  return assemble(startTime.getTime(), seedRng(seed), config, universe.map(startingInstrument));
}

/**
 * Applies an edited universe (admin added, changed or deactivated instruments) to a running
 * market: known symbols keep their current price and take the new parameters; new ones start
 * at their starting price; missing ones leave the simulation.
 */
export function syncUniverse(state: MarketState, universe: readonly InstrumentDefinition[]): MarketState {
  checkUniverse(universe, state.config);
  const current = new Map(state.instruments.map((i) => [i.symbol, i]));
  const instruments = universe.map((definition) => {
    const running = current.get(definition.symbol);
    return running ? { ...parametersOf(definition), logPrice: running.logPrice, price: running.price } : startingInstrument(definition);
  });
  return assemble(state.time, state.rng, state.config, instruments);
}

interface Prepared {
  sectorIndex: number;
  marketSigma: number;
  sectorSigma: number;
  idiosyncraticSigma: number;
  totalSigma: number;
  /** Annual log drift: μ − σ²/2 − λκ. */
  logDrift: number;
  jumpRate: number;
  averageDailyVolume: number;
}

function prepare(state: MarketState): Prepared[] {
  const { config } = state;
  const jumpMean = Math.exp(config.jumpVolatility ** 2 / 2) - 1;
  return state.instruments.map((instrument) => {
    const marketSigma = instrument.beta * config.marketVolatility;
    const sectorSigma = instrument.sectorLoading * config.sectorVolatility;
    const idiosyncraticSigma = Math.sqrt(Math.max(0, idiosyncraticVariance(instrument, config)));
    const totalSigma = Math.sqrt(marketSigma ** 2 + sectorSigma ** 2 + idiosyncraticSigma ** 2);
    const jumpRate = config.jumpsPerYear[instrument.kind];
    return {
      sectorIndex: state.sectors.indexOf(instrument.sector),
      marketSigma,
      sectorSigma,
      idiosyncraticSigma,
      totalSigma,
      logDrift: instrument.drift - totalSigma ** 2 / 2 - jumpRate * jumpMean,
      jumpRate,
      averageDailyVolume: instrument.averageDailyVolume,
    };
  });
}

type OnMove = (index: number, volume: number, jumpLogSize: number) => void;

/**
 * One step of the walk, in place, on `logPrices`. The draw order (market, sectors in
 * sorted order, then per instrument in symbol order) is part of the determinism contract.
 */
function advance(prepared: readonly Prepared[], sectorCount: number, jumpVolatility: number, rng: Rng, logPrices: number[], dtSeconds: number, onMove: OnMove): { market: number; sectors: number[] } {
  const dtYears = dtSeconds / SECONDS_PER_YEAR;
  const sqrtDt = Math.sqrt(dtYears);
  const market = rng.normal();
  const sectors: number[] = [];
  for (let s = 0; s < sectorCount; s++) sectors.push(rng.normal());
  for (let i = 0; i < prepared.length; i++) {
    const p = prepared[i]!;
    const diffusion = p.marketSigma * market + p.sectorSigma * sectors[p.sectorIndex]! + p.idiosyncraticSigma * rng.normal();
    const jumps = rng.poisson(p.jumpRate * dtYears);
    const jump = jumps > 0 ? Math.sqrt(jumps) * jumpVolatility * rng.normal() : 0;
    logPrices[i] = logPrices[i]! + p.logDrift * dtYears + diffusion * sqrtDt + jump;
    // Volume: the day's average spread over time, busier when the price moves more
    // (|z| averages 0.8, so the mean multiplier stays 1) and much busier on a jump.
    const surprise = p.totalSigma > 0 ? Math.abs(diffusion / p.totalSigma) : 0;
    const activity = Math.exp(0.5 * rng.normal() - 0.125) * (0.6 + 0.5 * surprise) * (jumps > 0 ? 5 : 1);
    const volume = Math.round(((p.averageDailyVolume * dtSeconds) / 86_400) * activity);
    onMove(i, volume, jump);
  }
  return { market, sectors };
}

function millisecondsOf(dtSeconds: number): number {
  const dtMs = Math.round(dtSeconds * 1000);
  if (!Number.isFinite(dtSeconds) || dtMs < 1) throw new RangeError(`A step must move the clock forward by at least 1 ms, got ${dtSeconds} s.`);
  return dtMs;
}

/**
 * Advances every instrument by `dtSeconds` (rounded to the millisecond) and returns the new
 * state with one tick per instrument, stamped with the new time.
 */
export function step(state: MarketState, dtSeconds: number): StepResult {
  const dtMs = millisecondsOf(dtSeconds);
  const time = state.time + dtMs;
  const at = new Date(time);
  const rng = new Rng(state.rng);
  const logPrices = state.instruments.map((i) => i.logPrice);
  const ticks: Tick[] = [];
  const jumps: Jump[] = [];
  const instruments: InstrumentState[] = [];
  const factors = advance(prepare(state), state.sectors.length, state.config.jumpVolatility, rng, logPrices, dtMs / 1000, (i, volume, jump) => {
    const instrument = state.instruments[i]!;
    const logPrice = logPrices[i]!;
    const price = fromCents(centsFromFloat(Math.exp(logPrice)));
    instruments.push({ ...instrument, logPrice, price });
    ticks.push({ symbol: instrument.symbol, price, at, volume });
    if (jump !== 0) jumps.push({ symbol: instrument.symbol, logSize: jump });
  });
  return {
    state: { ...state, time, rng: rng.state(), instruments },
    ticks,
    jumps,
    factors: { market: factors.market, sectors: Object.fromEntries(state.sectors.map((sector, s) => [sector, factors.sectors[s]!])) },
  };
}

/** Steps from the state's time to `now` in one step (the walk is exact for any step length). */
export function stepTo(state: MarketState, now: Date): StepResult {
  return step(state, (now.getTime() - state.time) / 1000);
}

/** The latest price of every instrument, by symbol. */
export function pricesOf(state: MarketState): Record<string, string> {
  return Object.fromEntries(state.instruments.map((i) => [i.symbol, i.price]));
}

export interface BackfillOptions {
  /** Daily candles, the last one being today's (in progress). */
  days: number;
  /** Whole minute candles before the end. */
  minutes: number;
  config?: SimulationConfig;
}

export interface BackfillResult {
  /** Per symbol, `days` daily candles, oldest first; the last is the day of the last tick. */
  daily: Record<string, Candle[]>;
  /** Per symbol, `minutes` minute candles, oldest first, ending just before the end minute. */
  minute: Record<string, Candle[]>;
  /**
   * The market as of the last backfilled tick, with every instrument at its starting price:
   * keep stepping this one, and live prices continue the charts without a seam.
   */
  state: MarketState;
}

/** The older history is walked in quarter-hours (96 prices a day make a believable high and low)… */
export const BACKFILL_COARSE_STEP_SECONDS = 900;
/** …and the minute window in quarter-minutes, so every minute candle has four prices. */
export const BACKFILL_FINE_STEP_SECONDS = 15;

/**
 * History for charts on first start. One path is walked from 00:00 UTC `days − 1` days before
 * the last tick: in quarter-hours up to the start of the minute window, then in 15-second
 * steps up to the last tick, 15 s before the (whole) minute of `endTime`. Daily candles
 * aggregate every price of the path and minute candles the prices of the window, so the two
 * agree exactly (today's daily candle is its minute candles rolled up; a daily close is the
 * close of that day's last minute candle).
 *
 * The path is anchored at its end: it is walked once to learn where it would finish, then
 * again shifted in log space (the walk does not depend on the price level) so it finishes at
 * each instrument's starting price. The catalogue's prices are therefore today's prices.
 */
export function backfill(universe: readonly InstrumentDefinition[], seed: string, endTime: Date, options: BackfillOptions = { days: 365, minutes: 1440 }): BackfillResult {
  const { days, minutes } = options;
  if (!Number.isInteger(days) || days < 1 || !Number.isInteger(minutes) || minutes < 1) {
    throw new RangeError(`Backfill takes whole numbers of days and minutes, at least 1 each; got ${days} days and ${minutes} minutes.`);
  }
  const dayMs = INTERVAL_MS["1d"];
  const minuteMs = INTERVAL_MS["1m"];
  const fineMs = BACKFILL_FINE_STEP_SECONDS * 1000;
  const coarseMs = BACKFILL_COARSE_STEP_SECONDS * 1000;
  const endMs = Math.floor(endTime.getTime() / minuteMs) * minuteMs;
  const lastMs = endMs - fineMs;
  const windowMs = endMs - minutes * minuteMs;
  const firstDayMs = Math.floor(lastMs / dayMs) * dayMs - (days - 1) * dayMs;
  if (windowMs < firstDayMs) {
    throw new RangeError(`${minutes} minutes reach back before the first of ${days} days; ask for more days or fewer minutes.`);
  }

  const initial = createMarketState(universe, seed, new Date(firstDayMs), options.config ? { config: options.config } : {});
  const prepared = prepare(initial);
  const walk = (logPrices: number[], onPoint: (timeMs: number, index: number, volume: number) => void): Rng => {
    const rng = new Rng(initial.rng);
    let time = firstDayMs;
    const stepOnce = (dtMs: number) => {
      const at = time + dtMs;
      advance(prepared, initial.sectors.length, initial.config.jumpVolatility, rng, logPrices, dtMs / 1000, (i, volume) => onPoint(at, i, volume));
      time = at;
    };
    while (time < windowMs) stepOnce(Math.min(coarseMs, windowMs - time));
    while (time < lastMs) stepOnce(Math.min(fineMs, lastMs - time));
    return rng;
  };

  const target = initial.instruments.map((i) => i.logPrice);
  const unanchored = [...target];
  walk(unanchored, () => {});
  const logPrices = target.map((start, i) => start + (start - unanchored[i]!));

  const count = initial.instruments.length;
  const dailyDone: CentsCandle[][] = Array.from({ length: count }, () => []);
  const minuteDone: CentsCandle[][] = Array.from({ length: count }, () => []);
  const dailyOpen: (CentsCandle | undefined)[] = new Array(count).fill(undefined);
  const minuteOpen: (CentsCandle | undefined)[] = new Array(count).fill(undefined);
  const record = (timeMs: number, i: number, volume: number) => {
    const cents = centsFromFloat(Math.exp(logPrices[i]!));
    const day = foldCents(dailyOpen[i], timeMs, cents, volume, dayMs);
    if (day.completed) dailyDone[i]!.push(day.completed);
    dailyOpen[i] = day.current;
    if (timeMs >= windowMs) {
      const minute = foldCents(minuteOpen[i], timeMs, cents, volume, minuteMs);
      if (minute.completed) minuteDone[i]!.push(minute.completed);
      minuteOpen[i] = minute.current;
    }
  };
  for (let i = 0; i < count; i++) record(firstDayMs, i, 0);
  const rng = walk(logPrices, record);

  const daily: Record<string, Candle[]> = {};
  const minute: Record<string, Candle[]> = {};
  const instruments = initial.instruments.map((instrument, i) => {
    const symbol = instrument.symbol;
    daily[symbol] = [...dailyDone[i]!, dailyOpen[i]!].map((c) => candleFromCents(symbol, "1d", c));
    minute[symbol] = [...minuteDone[i]!, minuteOpen[i]!].map((c) => candleFromCents(symbol, "1m", c));
    const logPrice = logPrices[i]!;
    return { ...instrument, logPrice, price: fromCents(centsFromFloat(Math.exp(logPrice))) };
  });
  return { daily, minute, state: { ...initial, time: lastMs, rng: rng.state(), instruments } };
}
