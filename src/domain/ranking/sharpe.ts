/**
 * The Sharpe ratio a Sharpe-ranked event board ranks by: THE risk figures' Sharpe (trading's
 * `evidencedRiskFigures`, the performance panel's function, decision 053) over the portfolio's
 * equity snapshots in the event's window, sampled over whole hours, annualised, held inside its
 * plausible range, and unrounded (boards compare exact figures). Null until there is enough
 * evidence (a day of hourly returns): `rankEntries` ranks those after every ratio, by return.
 * The live board's SQL computes the same from `BOARD_SHARPE_SQL` (ranking/server/refresh.ts),
 * checked against this in its tests.
 */
import { annualisingFactor, evidencedRiskFigures, PLAUSIBLE_RANGE, requiredReturns, sampleIntervalFor, type SamplePoint, ZERO_VARIANCE } from "../trading";

/** The snapshots' step (every 5 minutes); the returns are taken over `sampleIntervalFor` it (an hour). */
export const BOARD_SHARPE_STEP_MS = 5 * 60_000;

/**
 * Decimals a Sharpe ratio is compared to: far below anything shown (4), far above float noise
 * (~1e-15). The same ratio computed by two algorithms (JavaScript's mean and stdev, SQL's
 * avg and stddev_samp) differs in its last bits; at this precision both say it is the same
 * number, so a true tie shares a rank on the board and in the standings alike.
 */
export const SHARPE_RANKING_DECIMALS = 9;
const SCALE = 10 ** SHARPE_RANKING_DECIMALS;

const intervalMs = sampleIntervalFor(BOARD_SHARPE_STEP_MS);

/**
 * The numbers the board's SQL computes the same ratio with — taken from the one owner, never
 * retyped: returns over `intervalSeconds` on the clock, at least `minReturns` of them, the
 * annualising factor, the plausible range, and the variance below which a series is flat.
 */
export const BOARD_SHARPE_SQL = {
  intervalSeconds: intervalMs / 1000,
  minReturns: requiredReturns("sharpe", intervalMs),
  annualise: annualisingFactor(intervalMs),
  min: PLAUSIBLE_RANGE.sharpe.min,
  max: PLAUSIBLE_RANGE.sharpe.max,
  zeroVariance: ZERO_VARIANCE,
} as const;

/** A ratio at the ranking's precision, half away from zero. */
export const atRankingPrecision = (value: number): number => (Math.sign(value) * Math.floor(Math.abs(value) * SCALE + 0.5)) / SCALE + 0;

/** @param points equity snapshots (time and equity), any order; only those on the hour count. */
export function sharpeForRanking(points: readonly SamplePoint[]): number | null {
  const value = evidencedRiskFigures(points, { stepMs: BOARD_SHARPE_STEP_MS }).sharpe.value;
  if (value === null || !Number.isFinite(value)) return null;
  return atRankingPrecision(value);
}
