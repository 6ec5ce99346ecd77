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

/**
 * Every entry's tiebreak place: 0 for the earliest joiner, ties in join time by id (as
 * JavaScript compares strings, = COLLATE "C" for ASCII ids). Computed once per set of entries;
 * a board re-ranked as its figures move keeps it.
 */
export function tiebreakOrder(joinedAt: ArrayLike<number>, ids: readonly string[]): Uint32Array {
  const order = Array.from({ length: ids.length }, (_, i) => i);
  order.sort((a, b) => {
    const ja = joinedAt[a]!;
    const jb = joinedAt[b]!;
    if (ja !== jb) return ja < jb ? -1 : 1;
    const ia = ids[a]!;
    const ib = ids[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  });
  const place = new Uint32Array(ids.length);
  order.forEach((entry, position) => (place[entry] = position));
  return place;
}

/** A board's figures by entry index, for `rankColumns`: NaN = undefined (null). */
export interface RankColumns {
  values: Float64Array;
  /** The figure undefined values are ordered by (a Sharpe board's return); NaN or absent = none. */
  fallback?: Float64Array;
  /** `tiebreakOrder` of the entries. */
  tiebreak: Uint32Array;
}

export interface ColumnRanking {
  /** Entry indices in board order (the entry at place p + 1 is `order[p]`). */
  order: Uint32Array;
  /** The rank each place shares with its ties ("1, 2, 2, 4"), by place − 1. */
  shared: Uint32Array;
}

const same = (a: number, b: number) => a === b || (a !== a && b !== b);

/**
 * `compareEntries`' order over columns: the one sort every board uses (`rankEntries` for
 * objects, the in-memory refresh for 100,000s of rows without one object each). `start`, a
 * previous order of the same entries, only makes the sort cheaper (the result does not depend on it).
 */
export function rankColumns(columns: RankColumns, start?: ArrayLike<number>): ColumnRanking {
  const { values, fallback, tiebreak } = columns;
  const n = values.length;
  const order: number[] = start && start.length === n ? Array.from(start) : Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    const va = values[a]!;
    const vb = values[b]!;
    const da = va === va;
    const db = vb === vb;
    if (da && db) {
      if (va !== vb) return va > vb ? -1 : 1;
    } else if (da !== db) return da ? -1 : 1;
    else if (fallback) {
      const fa = fallback[a]!;
      const fb = fallback[b]!;
      const ha = fa === fa;
      const hb = fb === fb;
      if (ha && hb) {
        if (fa !== fb) return fa > fb ? -1 : 1;
      } else if (ha !== hb) return ha ? -1 : 1;
    }
    return tiebreak[a]! - tiebreak[b]!;
  });
  const shared = new Uint32Array(n);
  for (let p = 0; p < n; p++) {
    const previous = order[p - 1];
    const entry = order[p]!;
    const tied =
      previous !== undefined &&
      same(values[previous]!, values[entry]!) &&
      (values[entry] === values[entry] || !fallback || same(fallback[previous]!, fallback[entry]!));
    shared[p] = tied ? shared[p - 1]! : p + 1;
  }
  return { order: Uint32Array.from(order), shared };
}

/**
 * The entries in board order, each with its place (`rank`, 1..n, unique) and the rank it
 * shares with its ties (`sharedRank`). The input is not changed. Same order as `compareEntries`.
 */
export function rankEntries<T extends RankInput>(entries: readonly T[], metric: BoardMetric): Array<Ranked<T>> {
  const n = entries.length;
  const values = new Float64Array(n);
  const fallback = metric === "sharpe" ? new Float64Array(n) : undefined;
  const joined = new Float64Array(n);
  entries.forEach((entry, i) => {
    values[i] = defined(entry.value) ? entry.value : NaN;
    // Only undefined Sharpe ratios fall back to the return; everything else ties straight to join time.
    if (fallback) fallback[i] = !defined(entry.value) && defined(entry.return) ? entry.return : NaN;
    joined[i] = entry.joinedAt.getTime();
  });
  const tiebreak = tiebreakOrder(
    joined,
    entries.map((e) => e.id),
  );
  const { order, shared } = rankColumns({ values, fallback, tiebreak });
  return Array.from(order, (index, position) => ({ ...entries[index]!, rank: position + 1, sharedRank: shared[position]! }));
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
