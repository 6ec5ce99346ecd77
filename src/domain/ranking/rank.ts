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
 * objects, the in-memory refresh for 100,000s of rows without one object each). Without a
 * fallback (return and XP boards) it is a stable radix sort of the figures over the entries in
 * tiebreak order (linear: a million entries in tens of milliseconds); with one (Sharpe boards),
 * a comparison sort of the same order.
 */
export function rankColumns(columns: RankColumns): ColumnRanking {
  const { values, fallback, tiebreak } = columns;
  const n = values.length;
  const order = fallback ? compareSort(columns) : radixSort(values, tiebreak);
  const shared = new Uint32Array(n);
  for (let p = 0; p < n; p++) {
    const entry = order[p]!;
    const previous = p > 0 ? order[p - 1]! : -1;
    const tied =
      previous >= 0 &&
      same(values[previous]!, values[entry]!) &&
      (values[entry] === values[entry] || !fallback || same(fallback[previous]!, fallback[entry]!));
    shared[p] = tied ? shared[p - 1]! : p + 1;
  }
  return { order, shared };
}

function compareSort({ values, fallback, tiebreak }: RankColumns): Uint32Array {
  const order = Array.from({ length: values.length }, (_, i) => i);
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
  return Uint32Array.from(order);
}

/**
 * Entries by figure, higher first, undefined (NaN) last, equal figures (0 and −0 too) in
 * tiebreak order: a least-significant-digit radix sort (stable, 16 bits a pass) of each figure's
 * bits mapped to an unsigned key that sorts the other way round, over the entries taken in
 * tiebreak order.
 */
function radixSort(values: Float64Array, tiebreak: Uint32Array): Uint32Array {
  const n = values.length;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[tiebreak[i]!] = i;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const [l, h] = little ? [0, 1] : [1, 0];
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v !== v) {
      hi[i] = 0xffffffff; // undefined: after every figure
      lo[i] = 0xffffffff;
      continue;
    }
    bits[0] = v === 0 ? 0 : v; // −0 ties with 0
    let a = words[h]!;
    let b = words[l]!;
    // Ascending key: flip every bit of a negative, the sign bit of a positive; descending: the complement.
    if (a & 0x80000000) {
      a = ~a >>> 0;
      b = ~b >>> 0;
    } else a = (a ^ 0x80000000) >>> 0;
    hi[i] = ~a >>> 0;
    lo[i] = ~b >>> 0;
  }
  let next = new Uint32Array(n);
  const counts = new Uint32Array(65_536);
  for (const [word, shift] of [
    [lo, 0],
    [lo, 16],
    [hi, 0],
    [hi, 16],
  ] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(word[i]! >>> shift) & 0xffff]!++;
    if (n > 0 && counts[(word[0]! >>> shift) & 0xffff] === n) continue; // one digit for all: nothing to move
    let sum = 0;
    for (let d = 0; d < 65_536; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let p = 0; p < n; p++) {
      const entry = order[p]!;
      next[counts[(word[entry]! >>> shift) & 0xffff]!++] = entry;
    }
    [order, next] = [next, order];
  }
  return order;
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
