/**
 * Ordering a leaderboard (PRODUCT.md, Ranking):
 * - higher value first (return, Sharpe ratio or XP);
 * - on a Sharpe board an undefined ratio (null) ranks after every defined one, and those
 *   are ordered by return among themselves;
 * - ties go to the earlier joiner (on the practice board, the older account), then to the
 *   id, so two refreshes of the same figures give the same order.
 * `rank` is the row's place, unique 1..n (the order pages and the frozen standings keep);
 * `sharedRank` is what is shown (competition ranking, decision 053): rows with the same figure
 * — and on a Sharpe board without one, the same return — share the place of the first of them
 * ("1, 2, 2, 4"), so 30 people who never traded are all "2nd of 30", not 2nd to 31st by the
 * order they joined in.
 *
 * Values are compared exactly as given, never rounded: returns come from `periodReturn`
 * unrounded, so 49,977.00 ranks above 49,973.00 even where both show −0.05 %; only two
 * truly equal figures tie, and the earlier joiner goes first.
 *
 * The same order in SQL, for a server that ranks in the database (ROW_NUMBER() OVER …):
 *   ORDER BY value DESC NULLS LAST,
 *            (CASE WHEN <sharpe board> AND value IS NULL THEN return END) DESC NULLS LAST,
 *            joined_at ASC, id COLLATE "C" ASC
 * (for ASCII ids such as UUIDs, COLLATE "C" compares as JavaScript does; a locale collation would not.)
 * and the shared rank as RANK() OVER (ORDER BY value DESC NULLS LAST, <the same fallback> DESC NULLS LAST).
 */

/** "xp" ranks like "return" (higher first, nulls last); only "sharpe" has the return fallback. */
export type BoardMetric = "return" | "sharpe" | "xp";

export interface RankInput {
  id: string;
  /** The board's figure; null = undefined (a Sharpe ratio without enough data, a return without a positive baseline). */
  value: number | null;
  /** When the person joined the event (on the practice board: when the account was created). */
  joinedAt: Date;
  /** Total return, which orders undefined Sharpe ratios; ignored by the other boards. */
  return?: number | null;
}

export type Ranked<T extends RankInput> = T & { rank: number; sharedRank: number };

const defined = (value: number | null | undefined): value is number => typeof value === "number" && !Number.isNaN(value);

/** Higher first, undefined last; 0 when equal (also −0 and 0). */
function byValueDescending(a: number | null | undefined, b: number | null | undefined): number {
  const da = defined(a);
  const db = defined(b);
  if (da && db) return a === b ? 0 : a > b ? -1 : 1;
  if (da !== db) return da ? -1 : 1;
  return 0;
}

/** The comparator `rankEntries` sorts by: negative when `a` ranks above `b`. */
export function compareEntries(a: RankInput, b: RankInput, metric: BoardMetric): number {
  const byValue = byValueDescending(a.value, b.value);
  if (byValue !== 0) return byValue;
  if (metric === "sharpe" && !defined(a.value)) {
    const byReturn = byValueDescending(a.return, b.return);
    if (byReturn !== 0) return byReturn;
  }
  const byJoin = a.joinedAt.getTime() - b.joinedAt.getTime();
  if (byJoin !== 0) return byJoin < 0 ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

interface SortKey {
  value: number | null;
  fallback: number | null;
  joinedMs: number;
  id: string;
  index: number;
}

function compareKeys(a: SortKey, b: SortKey): number {
  const byValue = byValueDescending(a.value, b.value);
  if (byValue !== 0) return byValue;
  const byReturn = byValueDescending(a.fallback, b.fallback);
  if (byReturn !== 0) return byReturn;
  if (a.joinedMs !== b.joinedMs) return a.joinedMs < b.joinedMs ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The entries in board order, each with its place (`rank`, 1..n, unique) and the rank it
 * shares with its ties (`sharedRank`). The input is not changed.
 * Same order as `compareEntries`; the keys are read once up front, because a board refresh
 * sorts 100,000 rows and the comparator runs ~1.7 million times.
 */
export function rankEntries<T extends RankInput>(entries: readonly T[], metric: BoardMetric): Array<Ranked<T>> {
  const keys: SortKey[] = entries.map((entry, index) => ({
    value: defined(entry.value) ? entry.value : null,
    // Only undefined Sharpe ratios fall back to the return; everything else ties straight to join time.
    fallback: metric === "sharpe" && !defined(entry.value) && defined(entry.return) ? entry.return : null,
    joinedMs: entry.joinedAt.getTime(),
    id: entry.id,
    index,
  }));
  keys.sort(compareKeys);
  let shared = 1;
  return keys.map((key, position) => {
    const previous = keys[position - 1];
    if (previous && (byValueDescending(previous.value, key.value) !== 0 || byValueDescending(previous.fallback, key.fallback) !== 0)) shared = position + 1;
    return { ...entries[key.index]!, rank: position + 1, sharedRank: shared };
  });
}

/**
 * Places gained since yesterday: positive = climbed (12th → 9th is +3), negative = fell,
 * 0 = held; null when there is nothing to compare (not ranked yesterday: "new"; or not
 * ranked today).
 */
export function rankChange(todayRank: number | null, yesterdayRank: number | null): number | null {
  if (todayRank === null || yesterdayRank === null) return null;
  return yesterdayRank - todayRank;
}
