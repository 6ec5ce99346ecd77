/**
 * Period returns from equity snapshots. The server snapshots every portfolio on a schedule
 * (and at each period boundary and each event's end), so a period's baseline is a stored,
 * exact amount, never a price recomputed after the fact.
 */
import { type Amount, exactReturn, type Money } from "../trading";

export interface EquitySnapshot {
  at: Date;
  equity: Money;
}

/**
 * (current − baseline) / baseline, exact Money in, the unrounded fraction out (boards compare
 * exact figures and round only to show them); null when the baseline is not positive.
 */
export function periodReturn(baselineEquity: Amount, currentEquity: Amount): number | null {
  return exactReturn(baselineEquity, currentEquity);
}

export interface BaselineContext {
  /** From `periodStart`; null = all time. */
  periodStart: Date | null;
  /** When the portfolio was created (its equity was `startingCash` then). */
  createdAt: Date;
  startingCash: Money;
}

/** Index of the last snapshot at or before `t`, or −1 (binary search: boards refresh 100,000 portfolios). */
function lastAtOrBefore(snapshots: readonly EquitySnapshot[], t: number): number {
  let lo = 0;
  let hi = snapshots.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (snapshots[mid]!.at.getTime() <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The equity a period's return is measured from.
 * - All time, or a portfolio created at or after the period began: its starting cash (that
 *   was its equity when it entered the period).
 * - Otherwise the last snapshot at or before the period's start.
 * - No snapshot that early (snapshots began after the portfolio did): the first snapshot
 *   after the start, the nearest known equity, rather than the starting cash, which would
 *   report months of history as this period's return. No snapshot at all: starting cash.
 *
 * @param snapshots the portfolio's snapshots sorted by time, oldest first.
 */
export function baselineFor(snapshots: readonly EquitySnapshot[], context: BaselineContext): Money {
  return baselineSnapshotFor(snapshots, context)?.equity ?? context.startingCash;
}

/**
 * The snapshot `baselineFor` measures from, or null where it measures from the starting cash
 * (the caller then has the snapshot's other fields too, such as its units: decision 057).
 */
export function baselineSnapshotFor<S extends EquitySnapshot>(snapshots: readonly S[], context: BaselineContext): S | null {
  const { periodStart, createdAt } = context;
  if (periodStart === null || createdAt.getTime() >= periodStart.getTime()) return null;
  const index = lastAtOrBefore(snapshots, periodStart.getTime());
  if (index >= 0) return snapshots[index]!;
  return snapshots[0] ?? null;
}
