/**
 * The Sharpe ratio a Sharpe-ranked event board uses: THE risk figures' Sharpe (trading's
 * `riskFigures`, the performance panel's function) over the portfolio's 5-minute equity
 * snapshots in the event's window, annualised and unrounded (boards compare exact figures).
 * Undefined (null) with fewer than two returns (fewer than three snapshots) or no variance;
 * `rankEntries` puts those after every defined ratio, then by return. The live board's SQL
 * computes the same (ranking/server/refresh.ts), checked against this in its tests.
 */
import { type Amount, riskFigures } from "../trading";

/** The snapshots' step: the board's Sharpe is annualised from it. */
export const BOARD_SHARPE_STEP_MS = 5 * 60_000;

/**
 * Decimals a Sharpe ratio is compared to: far below anything shown (4), far above float noise
 * (~1e-15). The same ratio computed by two algorithms (JavaScript's mean and stdev, SQL's
 * avg and stddev_samp) differs in its last bits; at this precision both say it is the same
 * number, so a true tie goes to the earlier joiner on the board and in the standings alike.
 */
export const SHARPE_RANKING_DECIMALS = 9;
const SCALE = 10 ** SHARPE_RANKING_DECIMALS;

/** @param series equity snapshots in time order (Money or decimal strings), one per step. */
export function sharpeForRanking(series: readonly Amount[]): number | null {
  const value = riskFigures(series, null, { stepMs: BOARD_SHARPE_STEP_MS }).sharpe;
  if (value === null || !Number.isFinite(value)) return null;
  return (Math.sign(value) * Math.floor(Math.abs(value) * SCALE + 0.5)) / SCALE + 0;
}
