/**
 * The practice market's price process (docs/decisions/051, which replaced the constant-
 * volatility walk of 014). Each instrument's log price moves by the sum of
 *   - one market factor shared by everything (stocks move together),
 *   - one factor per sector (a sector moves together a bit more),
 *   - the instrument's own noise,
 *   - news jumps: a Poisson number per step, each a normal move in log price,
 *   - volatility feedback and drag: a storm's start knocks the price down, and it sags while
 *     the storm lasts (both given back on average, so the expected return is unchanged).
 *
 * Each of the three diffusive sources (the market, each sector, each instrument) has its own
 * variance multiplier w(t) with mean 1, made of independent storm cycles: continuous-time
 * Markov chains whose level jumps to the top when a storm starts and calms one level at a
 * time; each level raises log volatility by a step. A sector's and an instrument's multiplier
 * also follows the market's (`marketShare`). Over a step of any length every change of level
 * is drawn at its exact time (exponential waiting times), so the integrated variance ∫w dt of
 * the step is exact, and given it the diffusion is exactly Gaussian:
 *
 *   Δ log P = (μ − λκ)Δ − ½·IV + β·σM·√WM·Zm + s·σS·√WS·Zs + σε·√Wε·Zi + jumps − feedback − drag
 *   IV = β²σM²·WM + s²σS²·WS + σε²·Wε,   W = ∫w dt over the step (years)
 *
 * So one long step has the same distribution as many short ones (a restart catches up
 * exactly; tests/unit/market/simulator.exactness.test.ts).
 *
 * Pure: the state holds everything (parameters, log prices, regime levels, clock, RNG state)
 * and is plain JSON; `step` returns a new state. Floats live only in the maths; prices leave as
 * cents turned into two-decimal strings.
 */
import { candleFromCents, foldCents, INTERVAL_MS, type Candle, type CentsCandle, type Tick } from "./candles";
import { centsFromFloat, fromCents, toCents } from "./cents";
import { Rng, seedRng, type RngState } from "./rng";
import { idiosyncraticVariance, instrumentProblems, MARKET_FACTOR_VOLATILITY, SECTOR_FACTOR_VOLATILITY, type InstrumentDefinition, type InstrumentKind } from "./universe";

/** The practice market trades around the clock, every day: a year is 365 days of 24 hours. */
export const SECONDS_PER_YEAR = 365 * 86_400;
const DAYS_PER_YEAR = 365;

/**
 * One storm cycle of a source's volatility: a Markov chain on the levels 0 (calm) … `levels`
 * (the worst of the storm). A storm starts abruptly (any level jumps to the top, at
 * `stormsPerYear`) and calms gradually (one level down, on average every `calmingDays`).
 * Each level raises the source's log volatility by `step`.
 */
export interface VolatilityComponent {
  stormsPerYear: number;
  calmingDays: number;
  step: number;
}

export interface VolatilityModel {
  /** The number of storm levels above calm, for every component of the model. */
  levels: number;
  /** The cycles, from fast to slow; independent of each other, their effects multiply. */
  components: readonly VolatilityComponent[];
  /** Volatility feedback: at a storm's start the log price falls by this × the rise of log volatility. */
  feedback: number;
  /**
   * Storm drag: the log price drifts by −drag × (w − 1) a year while the variance multiplier w
   * is above its mean of 1 (and up while below): prices sag while storms last.
   */
  drag: number;
  /**
   * The share of a sector's or an instrument's variance multiplier that is the market's
   * (0 to 1): a market storm makes everything more volatile, not only the market factor.
   */
  marketShare: number;
}

export interface SimulationConfig {
  /** Long-run annual volatility of the market factor. */
  marketVolatility: number;
  /** Long-run annual volatility of each sector factor. */
  sectorVolatility: number;
  /** Expected news jumps per instrument per year; funds are diversified and jump less. */
  jumpsPerYear: Readonly<Record<InstrumentKind, number>>;
  /** Standard deviation of one news jump in log price. */
  jumpVolatility: number;
  /** How each source's volatility changes over time. */
  volatility: { market: VolatilityModel; sector: VolatilityModel; instrument: VolatilityModel };
}

export const DEFAULT_SIMULATION_CONFIG: SimulationConfig = {
  marketVolatility: MARKET_FACTOR_VOLATILITY,
  sectorVolatility: SECTOR_FACTOR_VOLATILITY,
  jumpsPerYear: { stock: 1.5, etf: 0.5 },
  jumpVolatility: 0.08,
  volatility: {
    market: {
      levels: 6,
      components: [
        { stormsPerYear: 4, calmingDays: 10, step: 0.15 },
        { stormsPerYear: 2, calmingDays: 30, step: 0.175 },
      ],
      feedback: 0.035,
      drag: 0.3,
      marketShare: 0,
    },
    sector: {
      levels: 6,
      components: [
        { stormsPerYear: 4, calmingDays: 1.5, step: 0.125 },
        { stormsPerYear: 1, calmingDays: 15, step: 0.125 },
      ],
      feedback: 0.02,
      drag: 0,
      marketShare: 0.35,
    },
    instrument: {
      levels: 6,
      components: [
        { stormsPerYear: 10, calmingDays: 0.75, step: 0.25 },
        { stormsPerYear: 4, calmingDays: 10, step: 0.2 },
        { stormsPerYear: 2, calmingDays: 30, step: 0.3 },
      ],
      feedback: 0.02,
      drag: 0.05,
      marketShare: 0.35,
    },
  },
};

/**
 * Volume: the instrument's average daily volume spread over time, in three parts that each
 * average 1: a steady part with noise, a part that follows the step's variance (busy when
 * volatile), and a part that follows the size of its news jumps.
 */
const VOLUME_STEADY = 0.3;
const VOLUME_VARIANCE = 0.55;
const VOLUME_JUMPS = 0.15;
const VOLUME_NOISE = 0.3;

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
  /** The instrument's own storm cycles: the level of each component of config.volatility.instrument (0 = calm). */
  regimes: number[];
}

export interface MarketState {
  version: 2;
  /** Epoch milliseconds of the last tick (or of the start). */
  time: number;
  rng: RngState;
  config: SimulationConfig;
  /** Sorted: the order the sector factors are drawn in. */
  sectors: readonly string[];
  /** The factors' storm cycles: the level of each component, the market's and each sector's (by name). */
  regimes: { market: number[]; sectors: Record<string, number[]> };
  /** Sorted by symbol: the order the instruments are drawn in. */
  instruments: readonly InstrumentState[];
}

/** The state as version 1 stored it (constant volatility): upgraded by `upgradeMarketState`. */
export interface MarketStateV1 {
  version: 1;
  time: number;
  rng: RngState;
  config: Pick<SimulationConfig, "marketVolatility" | "sectorVolatility" | "jumpsPerYear" | "jumpVolatility">;
  sectors: readonly string[];
  instruments: ReadonlyArray<Omit<InstrumentState, "regimes">>;
}

export interface Jump {
  symbol: string;
  /** The news jump in log price: 0.05 is about +5 %. */
  logSize: number;
}

export interface StepResult {
  state: MarketState;
  ticks: Tick[];
  /** News jumps in this step (for tests, and for a "news" line in the UI one day). */
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

/**
 * The long-run share of time a component spends on each level. With q = d / (u + d) (d the
 * calming rate, u the storm rate): the top level q⁰(1 − q), each level below it q times the
 * one above, and calm q^levels.
 */
function levelOdds(component: VolatilityComponent, levels: number): number[] {
  const up = component.stormsPerYear;
  const down = DAYS_PER_YEAR / component.calmingDays;
  const q = up > 0 ? down / (up + down) : 1;
  return Array.from({ length: levels + 1 }, (_, level) => (level === 0 ? q ** levels : q ** (levels - level) * (1 - q)));
}

/** E[σ²] of a component, so that each source's variance multiplier averages exactly 1. */
function componentNorm(component: VolatilityComponent, levels: number): number {
  return levelOdds(component, levels).reduce((sum, odds, level) => sum + odds * Math.exp(2 * component.step * level), 0);
}

function modelProblems(name: string, model: VolatilityModel): string[] {
  const problems: string[] = [];
  if (!(Number.isInteger(model.levels) && model.levels >= 1 && model.levels <= 10)) problems.push(`The ${name} volatility needs 1 to 10 storm levels.`);
  for (const c of model.components) {
    if (!(c.stormsPerYear >= 0 && c.calmingDays > 0 && c.step >= 0 && c.step <= 2)) problems.push(`The ${name} volatility has a storm cycle with a negative rate, no calming time or a step outside 0–2.`);
  }
  if (!Number.isFinite(model.feedback) || !Number.isFinite(model.drag)) problems.push(`The ${name} volatility feedback and drag must be numbers.`);
  if (!(model.marketShare >= 0 && model.marketShare <= 1)) problems.push(`The ${name} volatility's market share must be between 0 and 1.`);
  return problems;
}

function checkUniverse(universe: readonly InstrumentDefinition[], config: SimulationConfig): void {
  const problems = [
    ...modelProblems("market", config.volatility.market),
    ...modelProblems("sector", config.volatility.sector),
    ...modelProblems("instrument", config.volatility.instrument),
    ...universe.flatMap((instrument) => instrumentProblems(instrument, config)),
  ];
  const seen = new Set<string>();
  for (const { symbol } of universe) {
    if (seen.has(symbol)) problems.push(`${symbol}: listed twice.`);
    seen.add(symbol);
  }
  if (universe.length === 0) problems.push("It has no instruments.");
  if (problems.length > 0) throw new MarketConfigError(problems);
}

/** Every component calm: where a source starts when there is no history to draw from. */
function calm(model: VolatilityModel): number[] {
  return model.components.map(() => 0);
}

function parametersOf(d: InstrumentDefinition): Omit<InstrumentState, "logPrice" | "price" | "regimes"> {
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

function startingInstrument(definition: InstrumentDefinition, regimes: number[]): InstrumentState {
  const cents = toCents(definition.startingPrice);
  return { ...parametersOf(definition), logPrice: Math.log(cents / 100), price: fromCents(cents), regimes };
}

function bySymbol(a: { symbol: string }, b: { symbol: string }): number {
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

function sectorsOf(instruments: readonly InstrumentState[]): string[] {
  return [...new Set(instruments.map((i) => i.sector))].sort();
}

/** Each component's level drawn from its long-run odds (one draw each). */
function stationaryRegimes(model: VolatilityModel, rng: Rng): number[] {
  return model.components.map((component) => {
    let u = rng.next();
    const odds = levelOdds(component, model.levels);
    for (let level = 0; level < odds.length - 1; level++) {
      u -= odds[level]!;
      if (u < 0) return level;
    }
    return model.levels;
  });
}

/**
 * A market at `startTime` with every instrument at its starting price. The volatility of each
 * source starts from a draw of its long-run distribution (calm or in a storm), so history
 * starts anywhere in the cycle.
 */
export function createMarketState(universe: readonly InstrumentDefinition[], seed: string, startTime: Date, options: MarketOptions = {}): MarketState {
  const config = options.config ?? DEFAULT_SIMULATION_CONFIG;
  checkUniverse(universe, config);
  const rng = new Rng(seedRng(seed));
  const sorted = [...universe].sort(bySymbol);
  const sectors = [...new Set(sorted.map((i) => i.sector))].sort();
  const market = stationaryRegimes(config.volatility.market, rng);
  const sectorRegimes = Object.fromEntries(sectors.map((sector) => [sector, stationaryRegimes(config.volatility.sector, rng)]));
  const instruments = sorted.map((definition) => startingInstrument(definition, stationaryRegimes(config.volatility.instrument, rng)));
  return { version: 2, time: startTime.getTime(), rng: rng.state(), config, sectors, regimes: { market, sectors: sectorRegimes }, instruments };
}

/**
 * A stored state of any version as the current one. Version 1 (constant volatility) takes
 * today's default parameters (version 1 only ever ran with its defaults) and starts every
 * source calm; prices, clock and generator carry over unchanged.
 */
export function upgradeMarketState(state: MarketState | MarketStateV1): MarketState {
  if (state.version === 2) return state;
  const config = DEFAULT_SIMULATION_CONFIG;
  const instruments = state.instruments.map((i) => ({ ...i, regimes: calm(config.volatility.instrument) }));
  const sectors = sectorsOf(instruments);
  return {
    version: 2,
    time: state.time,
    rng: state.rng,
    config,
    sectors,
    regimes: { market: calm(config.volatility.market), sectors: Object.fromEntries(sectors.map((s) => [s, calm(config.volatility.sector)])) },
    instruments,
  };
}

/**
 * Applies an edited universe (admin added, changed or deactivated instruments) to a running
 * market: known symbols keep their current price and regimes and take the new parameters; new
 * ones start at their starting price with average volatility; missing ones leave the
 * simulation. Accepts a stored state of an older version (and upgrades it).
 */
export function syncUniverse(stored: MarketState | MarketStateV1, universe: readonly InstrumentDefinition[]): MarketState {
  const state = upgradeMarketState(stored);
  checkUniverse(universe, state.config);
  const current = new Map(state.instruments.map((i) => [i.symbol, i]));
  const instruments = universe
    .map((definition) => {
      const running = current.get(definition.symbol);
      return running
        ? { ...parametersOf(definition), logPrice: running.logPrice, price: running.price, regimes: running.regimes }
        : startingInstrument(definition, calm(state.config.volatility.instrument));
    })
    .sort(bySymbol);
  const sectors = sectorsOf(instruments);
  const sectorRegimes = Object.fromEntries(sectors.map((s) => [s, state.regimes.sectors[s] ?? calm(state.config.volatility.sector)]));
  return { ...state, sectors, regimes: { market: state.regimes.market, sectors: sectorRegimes }, instruments };
}

// --- the maths of one step -------------------------------------------------------------

/** A volatility model with its constants worked out. */
interface PreparedModel {
  top: number;
  feedback: number;
  drag: number;
  marketShare: number;
  /** Per component, per year: storm rate and calming rate; and the log-volatility step. */
  up: number[];
  down: number[];
  step: number[];
  /** The product of the components' E[σ²]: dividing by it makes the multiplier average 1. */
  norm: number;
  /** The long-run rise of log volatility at storm starts per year, what the feedback's drift gives back. */
  onsetRisePerYear: number;
}

function prepareModel(model: VolatilityModel): PreparedModel {
  return {
    top: model.levels,
    feedback: model.feedback,
    drag: model.drag,
    marketShare: model.marketShare,
    up: model.components.map((c) => c.stormsPerYear),
    down: model.components.map((c) => DAYS_PER_YEAR / c.calmingDays),
    step: model.components.map((c) => c.step),
    norm: model.components.reduce((product, c) => product * componentNorm(c, model.levels), 1),
    onsetRisePerYear: model.components.reduce((sum, c) => sum + c.stormsPerYear * c.step * levelOdds(c, model.levels).reduce((rise, odds, level) => rise + odds * (model.levels - level), 0), 0),
  };
}

/** An exponential waiting time at `rate` per year (never, at rate 0). */
function waiting(rng: Rng, rate: number): number {
  return rate > 0 ? -Math.log(1 - rng.next()) / rate : Number.POSITIVE_INFINITY;
}

/**
 * Moves one source's regimes (in place) through a step of `dtYears`, drawing every change of
 * level inside it at its exact time (exponential waiting times; the chain is memoryless, so
 * cutting a step in two changes nothing). Returns the step's integrated variance multiplier
 * W = ∫w dt (years), w = e^{2·log-volatility} / norm, and the change of log volatility.
 */
function evolve(levels: number[], model: PreparedModel, dtYears: number, rng: Rng): { integral: number; onsetRise: number } {
  const count = levels.length;
  let logVolatility = 0;
  for (let k = 0; k < count; k++) logVolatility += model.step[k]! * levels[k]!;
  let onsetRise = 0;
  let multiplier = Math.exp(2 * logVolatility) / model.norm;
  const next: number[] = [];
  for (let k = 0; k < count; k++) next.push(waiting(rng, model.up[k]! + (levels[k]! > 0 ? model.down[k]! : 0)));
  let time = 0;
  let integral = 0;
  for (;;) {
    let k = -1;
    let at = dtYears;
    for (let j = 0; j < count; j++) {
      if (next[j]! < at) {
        at = next[j]!;
        k = j;
      }
    }
    if (k < 0) break;
    integral += multiplier * (at - time);
    time = at;
    const level = levels[k]!;
    const up = model.up[k]!;
    const down = model.down[k]!;
    // From calm only a storm can come; above it, a storm (to the top) or one level calmer.
    const nextLevel = level > 0 && rng.next() * (up + down) < down ? level - 1 : model.top;
    levels[k] = nextLevel;
    logVolatility += model.step[k]! * (nextLevel - level);
    if (nextLevel === model.top) onsetRise += model.step[k]! * (nextLevel - level);
    multiplier = Math.exp(2 * logVolatility) / model.norm;
    next[k] = time + waiting(rng, up + (nextLevel > 0 ? down : 0));
  }
  integral += multiplier * (dtYears - time);
  return { integral, onsetRise };
}

interface Prepared {
  sectorIndex: number;
  beta: number;
  sectorLoading: number;
  marketSigma: number;
  sectorSigma: number;
  idiosyncraticSigma: number;
  /** The instrument's long-run variance per year (its `volatility` squared, as the factors add up). */
  variance: number;
  /** Annual log drift before the variance correction: μ − λκ. */
  logDrift: number;
  jumpRate: number;
  /** Mean |news jump| per year, to scale the jump part of volume. */
  jumpActivity: number;
  averageDailyVolume: number;
}

function prepare(state: MarketState): Prepared[] {
  const { config } = state;
  const jumpMean = Math.exp(config.jumpVolatility ** 2 / 2) - 1;
  return state.instruments.map((instrument) => {
    const marketSigma = instrument.beta * config.marketVolatility;
    const sectorSigma = instrument.sectorLoading * config.sectorVolatility;
    const idiosyncraticSigma = Math.sqrt(Math.max(0, idiosyncraticVariance(instrument, config)));
    const jumpRate = config.jumpsPerYear[instrument.kind];
    return {
      sectorIndex: state.sectors.indexOf(instrument.sector),
      beta: instrument.beta,
      sectorLoading: instrument.sectorLoading,
      marketSigma,
      sectorSigma,
      idiosyncraticSigma,
      variance: marketSigma ** 2 + sectorSigma ** 2 + idiosyncraticSigma ** 2,
      logDrift: instrument.drift - jumpRate * jumpMean,
      jumpRate,
      jumpActivity: jumpRate * config.jumpVolatility * Math.sqrt(2 / Math.PI),
      averageDailyVolume: instrument.averageDailyVolume,
    };
  });
}

/** Where one instrument went in a step, for the caller to record. */
interface Move {
  volume: number;
  jump: number;
  /** With `range`: the highest and lowest log price inside the step, relative to its start. */
  up: number;
  down: number;
}

interface Walker {
  prepared: readonly Prepared[];
  config: SimulationConfig;
  /** The three volatility models, prepared. */
  models: { market: PreparedModel; sector: PreparedModel; instrument: PreparedModel };
  /** Regime levels, mutated in place: market, sectors (in `sectors` order), instruments. */
  market: number[];
  sectors: number[][];
  instruments: number[][];
}

function walkerOf(state: MarketState): Walker {
  return {
    prepared: prepare(state),
    config: state.config,
    models: { market: prepareModel(state.config.volatility.market), sector: prepareModel(state.config.volatility.sector), instrument: prepareModel(state.config.volatility.instrument) },
    market: [...state.regimes.market],
    sectors: state.sectors.map((s) => [...state.regimes.sectors[s]!]),
    instruments: state.instruments.map((i) => [...i.regimes]),
  };
}

/**
 * The highest point of a Brownian bridge from 0 to `end` with total variance `variance`, drawn
 * by inverting P(max ≥ m) = exp(−2m(m − end)/variance); the lowest is the same for −end.
 */
function bridgeMaximum(end: number, variance: number, rng: Rng): number {
  return (end + Math.sqrt(end * end - 2 * variance * Math.log(1 - rng.next()))) / 2;
}

/**
 * One step of the walk, in place on `logPrices` and the walker's regimes. The draw order
 * (market, sectors in sorted order, then per instrument in symbol order) is part of the
 * determinism contract. With `range`, two more draws per instrument give the step's high and
 * low (the extremes of the diffusion between its ends: the backfill's daily candles).
 */
function advance(walker: Walker, rng: Rng, logPrices: number[], dtSeconds: number, range: boolean, onMove: (index: number, move: Move) => void): { market: number; sectors: number[] } {
  const dtYears = dtSeconds / SECONDS_PER_YEAR;
  const { market: marketModel, sector: sectorModel, instrument: instrumentModel } = walker.models;
  const marketStep = evolve(walker.market, marketModel, dtYears, rng);
  const market = rng.normal();
  const sectorSteps: Array<{ integral: number; own: number; onsetRise: number; z: number }> = [];
  const share = sectorModel.marketShare;
  for (const levels of walker.sectors) {
    const s = evolve(levels, sectorModel, dtYears, rng);
    sectorSteps.push({ integral: (1 - share) * s.integral + share * marketStep.integral, own: s.integral, onsetRise: s.onsetRise, z: rng.normal() });
  }
  const marketShock = Math.sqrt(marketStep.integral) * market;
  for (let i = 0; i < walker.prepared.length; i++) {
    const p = walker.prepared[i]!;
    const sector = sectorSteps[p.sectorIndex]!;
    const own = evolve(walker.instruments[i]!, instrumentModel, dtYears, rng);
    const ownIntegral = (1 - instrumentModel.marketShare) * own.integral + instrumentModel.marketShare * marketStep.integral;
    const variance = p.marketSigma ** 2 * marketStep.integral + p.sectorSigma ** 2 * sector.integral + p.idiosyncraticSigma ** 2 * ownIntegral;
    const diffusion = p.marketSigma * marketShock + p.sectorSigma * Math.sqrt(sector.integral) * sector.z + p.idiosyncraticSigma * Math.sqrt(ownIntegral) * rng.normal();
    const feedback =
      p.beta * (marketModel.feedback * (marketStep.onsetRise - marketModel.onsetRisePerYear * dtYears) + marketModel.drag * (marketStep.integral - dtYears)) +
      p.sectorLoading * (sectorModel.feedback * (sector.onsetRise - sectorModel.onsetRisePerYear * dtYears) + sectorModel.drag * (sector.own - dtYears)) +
      instrumentModel.feedback * (own.onsetRise - instrumentModel.onsetRisePerYear * dtYears) +
      instrumentModel.drag * (own.integral - dtYears);
    const jumps = rng.poisson(p.jumpRate * dtYears);
    const jump = jumps > 0 ? Math.sqrt(jumps) * walker.config.jumpVolatility * rng.normal() : 0;
    const move = p.logDrift * dtYears - variance / 2 + diffusion + jump - feedback;
    logPrices[i] = logPrices[i]! + move;
    const steady = VOLUME_STEADY * Math.exp(VOLUME_NOISE * rng.normal() - VOLUME_NOISE ** 2 / 2) * dtYears;
    const busy = p.variance > 0 ? (VOLUME_VARIANCE * variance) / p.variance : VOLUME_VARIANCE * dtYears;
    const news = p.jumpActivity > 0 ? (VOLUME_JUMPS * Math.abs(jump)) / p.jumpActivity : VOLUME_JUMPS * dtYears;
    const volume = Math.round(p.averageDailyVolume * DAYS_PER_YEAR * (steady + busy + news));
    let up = 0;
    let down = 0;
    if (range) {
      up = Math.max(0, move, bridgeMaximum(move, variance, rng));
      down = Math.min(0, move, -bridgeMaximum(-move, variance, rng));
    }
    onMove(i, { volume, jump, up, down });
  }
  return { market, sectors: sectorSteps.map((s) => s.z) };
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
  const walker = walkerOf(state);
  const logPrices = state.instruments.map((i) => i.logPrice);
  const ticks: Tick[] = [];
  const jumps: Jump[] = [];
  const instruments: InstrumentState[] = [];
  const factors = advance(walker, rng, logPrices, dtMs / 1000, false, (i, { volume, jump }) => {
    const instrument = state.instruments[i]!;
    const logPrice = logPrices[i]!;
    const price = fromCents(centsFromFloat(Math.exp(logPrice)));
    instruments.push({ ...instrument, logPrice, price, regimes: walker.instruments[i]! });
    ticks.push({ symbol: instrument.symbol, price, at, volume });
    if (jump !== 0) jumps.push({ symbol: instrument.symbol, logSize: jump });
  });
  return {
    state: {
      ...state,
      time,
      rng: rng.state(),
      regimes: { market: walker.market, sectors: Object.fromEntries(state.sectors.map((s, n) => [s, walker.sectors[n]!])) },
      instruments,
    },
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

/** Five years of daily history before today, and today: 5 × 365 completed days and today's. */
export const BACKFILL_DAYS = 5 * 365 + 1;
/** A day of minute candles. */
export const BACKFILL_MINUTES = 1440;
/** The day the minute window starts in is walked in quarter-hours up to the window… */
export const BACKFILL_COARSE_STEP_SECONDS = 900;
/** …and the minute window in quarter-minutes, so every minute candle has four prices. */
export const BACKFILL_FINE_STEP_SECONDS = 15;

/**
 * History for charts on first start. One path is walked from 00:00 UTC `days − 1` days before
 * the last tick: one exact step a day up to the day the minute window starts in (its high and
 * low drawn from the extremes of the day's diffusion, a Brownian bridge between its open and
 * close), then in quarter-hours up to the start of the minute window, then in 15-second steps
 * up to the last tick, 15 s before the (whole) minute of `endTime`. The days of the minute
 * window aggregate every price of the path, so the two agree exactly (today's daily candle is
 * its minute candles rolled up; a daily close is the close of that day's last minute candle).
 *
 * The path is anchored at its end: it is walked once to learn where it would finish, then
 * again shifted in log space (the walk does not depend on the price level) so it finishes at
 * each instrument's starting price. The catalogue's prices are therefore today's prices.
 */
export function backfill(universe: readonly InstrumentDefinition[], seed: string, endTime: Date, options: BackfillOptions = { days: BACKFILL_DAYS, minutes: BACKFILL_MINUTES }): BackfillResult {
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
  const windowDayMs = Math.floor(windowMs / dayMs) * dayMs;

  const initial = createMarketState(universe, seed, new Date(firstDayMs), options.config ? { config: options.config } : {});
  const count = initial.instruments.length;
  interface Recorder {
    day(dayMs: number, index: number, move: Move, before: number): void;
    point(timeMs: number, index: number, volume: number): void;
  }
  const walk = (logPrices: number[], recorder: Recorder | undefined) => {
    const rng = new Rng(initial.rng);
    const walker = walkerOf(initial);
    const before = [...logPrices];
    let time = firstDayMs;
    for (; time < windowDayMs; time += dayMs) {
      for (let i = 0; i < count; i++) before[i] = logPrices[i]!;
      advance(walker, rng, logPrices, dayMs / 1000, true, (i, move) => recorder?.day(time, i, move, before[i]!));
    }
    if (recorder) for (let i = 0; i < count; i++) recorder.point(time, i, 0);
    const stepOnce = (dtMs: number) => {
      const at = time + dtMs;
      advance(walker, rng, logPrices, dtMs / 1000, false, (i, move) => recorder?.point(at, i, move.volume));
      time = at;
    };
    while (time < windowMs) stepOnce(Math.min(coarseMs, windowMs - time));
    while (time < lastMs) stepOnce(Math.min(fineMs, lastMs - time));
    return { rng, walker };
  };

  const target = initial.instruments.map((i) => i.logPrice);
  const unanchored = [...target];
  walk(unanchored, undefined);
  const logPrices = target.map((start, i) => start + (start - unanchored[i]!));

  const dailyDone: CentsCandle[][] = Array.from({ length: count }, () => []);
  const minuteDone: CentsCandle[][] = Array.from({ length: count }, () => []);
  const dailyOpen: (CentsCandle | undefined)[] = new Array(count).fill(undefined);
  const minuteOpen: (CentsCandle | undefined)[] = new Array(count).fill(undefined);
  const cents = (logPrice: number) => centsFromFloat(Math.exp(logPrice));
  const { rng, walker } = walk(logPrices, {
    day(start, i, move, before) {
      const open = cents(before);
      const close = cents(logPrices[i]!);
      const high = Math.max(open, close, cents(before + move.up));
      const low = Math.min(open, close, cents(before + move.down));
      dailyDone[i]!.push({ start, open, high, low, close, volume: move.volume });
    },
    point(timeMs, i, volume) {
      const price = cents(logPrices[i]!);
      const day = foldCents(dailyOpen[i], timeMs, price, volume, dayMs);
      if (day.completed) dailyDone[i]!.push(day.completed);
      dailyOpen[i] = day.current;
      if (timeMs >= windowMs) {
        const minute = foldCents(minuteOpen[i], timeMs, price, volume, minuteMs);
        if (minute.completed) minuteDone[i]!.push(minute.completed);
        minuteOpen[i] = minute.current;
      }
    },
  });

  const daily: Record<string, Candle[]> = {};
  const minute: Record<string, Candle[]> = {};
  const instruments = initial.instruments.map((instrument, i) => {
    const symbol = instrument.symbol;
    daily[symbol] = [...dailyDone[i]!, dailyOpen[i]!].map((c) => candleFromCents(symbol, "1d", c));
    minute[symbol] = [...minuteDone[i]!, minuteOpen[i]!].map((c) => candleFromCents(symbol, "1m", c));
    const logPrice = logPrices[i]!;
    return { ...instrument, logPrice, price: fromCents(centsFromFloat(Math.exp(logPrice))), regimes: walker.instruments[i]! };
  });
  const regimes = { market: walker.market, sectors: Object.fromEntries(initial.sectors.map((s, n) => [s, walker.sectors[n]!])) };
  return { daily, minute, state: { ...initial, time: lastMs, rng: rng.state(), regimes, instruments } };
}
