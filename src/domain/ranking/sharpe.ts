/**
 * The Sharpe ratio a Sharpe-ranked event board uses: trading's `sharpeRatio` on the
 * portfolio's equity snapshots, so the board and the performance panel never disagree.
 * Undefined (null) with fewer than two returns (fewer than three snapshots) or no
 * variance; `rankEntries` puts those after every defined ratio, then by return.
 */
import { type Amount, sharpeRatio } from "../trading";

/** @param series equity snapshots in time order (Money or decimal strings), one per step. */
export function sharpeForRanking(series: readonly Amount[]): number | null {
  const value = sharpeRatio(series);
  return value === null || !Number.isFinite(value) ? null : value;
}
