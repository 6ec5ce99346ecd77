/**
 * The practice boards served from memory (docs/decisions/091-practice-boards-served-from-memory.md,
 * the design of decision 084). The scheduler's lease holder keeps the practice book
 * (memory.ts) current by re-reading only what was written, ranks the four boards in memory and
 * stores each whole as one row of `stored_boards`; every instance serves pages from the boards
 * decoded once per version. No row per person is written or read, so a refresh with every price
 * moving costs a pass over memory and a few megabytes, and a page a slice of an array plus the
 * names of the 50 people on it.
 *
 * Rows of stored_boards for this group:
 * - `practice:{period}` — by place, the holder index and the board's figure (encodeBoard);
 * - `practice:figures` — by holder index, the total return and equity (encodeFigures);
 * - `roster:{name}` — the user id of each holder index, written when who is on the boards
 *   changes; a board row names the roster its indices refer to;
 * - `practice:{period}@{day}` — the board as the UTC day before `day` ended, copied by the
 *   day's first pass: "rank change since yesterday".
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { RANKING_PERIODS, type RankingPeriod } from "@/domain/ranking";
import type { Db, DbOrTx } from "@/server/db";
import { practiceBoard, PRACTICE_GROUP, utcDay } from "./boards";
import { anyOf } from "@/server/db/lists";
import { processWide } from "@/server/process-wide";
import { decodeBoard, decodeFigures, decodeRoster, encodeBoard, encodeFigures, encodeRoster, loadPracticeBook, oneAtATime, practicePrices, rankPracticeBook, updatePracticeBook, storedBytesOf, storedBytesSql, type DecodedBoard, type Book, type StoredBytes } from "./memory";
import { claimRefresh, completeRefresh, type RefreshClaim } from "./refresh-state";
import type { RefreshOptions } from "./refresh";

const FIGURES = "practice:figures";
const rosterKey = (name: string) => `roster:${name}`;
/** A board as the UTC day before `day` ended. */
const dayEndKey = (board: string, day: string) => `${board}@${day}`;
const BOARDS = RANKING_PERIODS.map((p) => practiceBoard(p));

/** What the lease holder keeps between passes, per database. */
interface PassState {
  book: Book;
  /** The name of the roster the book's holder indices refer to: a new (random) one whenever who is on the boards changes. */
  roster: string;
}
const passes = processWide("ranking.practiceBooks", () => new WeakMap<Db, PassState>());
/**
 * practice:day|week|month|all — when something they rank from changed since the last pass, or a
 * new UTC day began (claimRefresh, decision 049); otherwise nothing is written and 0 is returned.
 * Returns the places ranked (four per holder). The boards, their shared figures and (when it
 * changed) the roster are written in one transaction, so a reader sees one pass or the next; the
 * scheduler's fence keeps a stale lease holder from writing. Their version is the writing
 * transaction's id: unique, so a page server's decoded copy is current exactly when the versions
 * are equal.
 */
export function refreshPracticeBoards(db: Db, options: RefreshOptions): Promise<number> {
  return oneAtATime(db, PRACTICE_GROUP, async () => {
    const { now } = options;
    const claim = await claimRefresh(db, PRACTICE_GROUP, utcDay(now), now);
    if (!claim) return 0;
    try {
      return await pass(db, claim, options);
    } catch (error) {
      // The book is changed in place while it is read: after a failure it may be half updated
      // (a holder added without its tiebreak). The next pass reads it whole; the claim stays due.
      passes.delete(db);
      throw error;
    }
  });
}

async function pass(db: Db, claim: RefreshClaim, options: RefreshOptions): Promise<number> {
  const { now } = options;
  let state = passes.get(db);
  if (!state) {
    state = { book: await loadPracticeBook(db, now), roster: randomUUID() };
    passes.set(db, state);
  } else {
    const { book, update } = await updatePracticeBook(db, state.book, now);
    state.book = book;
    if (update.rosterChanged) state.roster = randomUUID();
  }
  const ranking = await rankPracticeBook(state.book, await practicePrices(db));
  const { roster, book } = state;
  const at = now.toISOString();
  const rows = [...ranking.boards.map((b) => ({ key: b.board, data: encodeBoard(b) })), { key: FIGURES, data: encodeFigures(ranking) }];
  // While it stores, a page that finds the stored versions ahead of its copies waits for the copies
  // this pass keeps (withPracticeBoard) instead of reading the boards back: other connections see
  // the commit before this process hears of it.
  const cache = decoded.get(db);
  const storing = db.transaction(async (tx) => {
    await options.fence?.(tx);
    await recordDayEnd(tx, now);
    const stored = await tx.execute(sql`select 1 from stored_boards where key = ${rosterKey(roster)}`);
    if (stored.rows.length === 0) {
      await tx.execute(sql`
        insert into stored_boards (key, version, roster, computed_at, data)
        values (${rosterKey(roster)}, txid_current(), ${roster}, ${at}::timestamptz, ${encodeRoster(book)})
        on conflict (key) do nothing`);
    }
    const written = await tx.execute<{ version: string | number }>(sql`
      insert into stored_boards (key, version, roster, computed_at, data)
      values ${sql.join(
        rows.map((r) => sql`(${r.key}, txid_current(), ${roster}, ${at}::timestamptz, ${r.data})`),
        sql`, `,
      )}
      on conflict (key) do update set version = excluded.version, roster = excluded.roster, computed_at = excluded.computed_at, data = excluded.data
      returning version`);
    // Rosters no board refers to any more.
    await tx.execute(sql`
      delete from stored_boards r where r.key like 'roster:%'
        and not exists (select 1 from stored_boards b where b.key not like 'roster:%' and r.key = 'roster:' || b.roster)`);
    await completeRefresh(tx, claim, now);
    return Number(written.rows[0]!.version);
  }).then((version) => keepStoredPracticeBoards(db, rows, { version, roster, computedAt: now, userIds: () => book.holders.map((h) => h.userId) }));
  const settled = storing.catch(() => undefined);
  if (cache) cache.storing = settled;
  try {
    await storing;
  } finally {
    if (cache?.storing === settled) cache.storing = null;
  }
  return book.holders.length * BOARDS.length;
}

/**
 * Takes the boards and figures this process's pass has just stored (its transaction committed) as
 * the decoded copies here, when this process reads the practice boards: the lease holder's pages
 * never read back what it wrote (5.6 MB at 100,000 holders a pass). Queued behind a read in flight,
 * so that a read begun before the commit does not land after it; the pages check the versions
 * either way (decision 098).
 */
function keepStoredPracticeBoards(db: Db, rows: ReadonlyArray<{ key: string; data: Buffer }>, stored: { version: number; roster: string; computedAt: Date; userIds: () => string[] }): Promise<void> {
  const cache = decoded.get(db);
  if (!cache || (cache.boards.size === 0 && cache.figures === null)) return Promise.resolve();
  const day = utcDay(stored.computedAt);
  const boards = rows.map((r) => ({ key: r.key, version: stored.version, roster: stored.roster, computedAt: stored.computedAt, data: r.data }));
  // The ids now: the book is changed in place by the next pass.
  const userIds = cache.rosters.has(stored.roster) ? null : stored.userIds();
  const rosters = new Map(userIds ? [[stored.roster, () => userIds]] : []);
  const next = (cache.loading ?? Promise.resolve()).then(() =>
    take(
      cache,
      rows.map((r) => r.key),
      boards,
      rosters,
      day,
    ),
  );
  cache.loading = next.catch(() => undefined);
  return next;
}

/**
 * The first pass of a UTC day keeps the boards as the day before ended — their last pass before
 * 00:00 — under `{board}@{day}`, and drops older days' copies. A board whose last pass is from
 * today already (the server started today) gets no copy: nobody on it had a rank yesterday.
 */
async function recordDayEnd(tx: DbOrTx, now: Date): Promise<void> {
  const day = utcDay(now);
  const dayStart = `${day}T00:00:00.000Z`;
  const boards = sql.join(
    BOARDS.map((b) => sql`${b}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into stored_boards (key, version, roster, computed_at, data)
    select key || '@' || ${day}, version, roster, computed_at, data from stored_boards
    where key in (${boards}) and computed_at < ${dayStart}::timestamptz
    on conflict (key) do nothing`);
  await tx.execute(sql`delete from stored_boards where key like 'practice:%@%' and key not like ${`%@${day}`}`);
}

// ── Reading: every instance decodes each stored board once per version ──────────────────────

interface Roster {
  userIds: string[];
  /** Holder index by user id. */
  indexOf: Map<string, number>;
}

interface LoadedBoard {
  version: number;
  roster: string;
  computedAt: Date;
  board: DecodedBoard;
}

interface LoadedFigures {
  version: number;
  roster: string;
  totalReturn: Float64Array;
  equityCents: Float64Array;
}

interface Decoded {
  boards: Map<string, LoadedBoard>;
  figures: LoadedFigures | null;
  rosters: Map<string, Roster>;
  /** The read in flight, if any: one at a time per database, so an older snapshot never replaces a newer one. */
  loading: Promise<void> | null;
  /** While this process's pass stores the boards: settles once it kept its copies (or failed). */
  storing: Promise<void> | null;
}
const decoded = processWide("ranking.practiceBoardsDecoded", () => new WeakMap<Db, Decoded>());

function decodedOf(db: Db): Decoded {
  let found = decoded.get(db);
  if (!found) {
    found = { boards: new Map(), figures: null, rosters: new Map(), loading: null, storing: null };
    decoded.set(db, found);
  }
  return found;
}

interface StoredRow extends Record<string, unknown> {
  key: string;
  version: number | string;
  roster: string;
  computed_at: Date | string;
  /** storedBytesSql's base64. */
  data: string;
}

/**
 * Reads and decodes these rows (boards, the figures) and, each once, the rosters they refer to that
 * are not decoded here yet, in one statement: one snapshot, so the rows read belong together. A key
 * with no row (no pass yet, or no copy for today) is forgotten, and so are other days' copies and
 * rosters nothing decoded refers to. Reads run one at a time per database.
 */
function load(db: Db, keys: readonly string[], day: string): Promise<void> {
  const cache = decodedOf(db);
  const previous = cache.loading ?? Promise.resolve();
  const next = previous.then(() => read(db, cache, keys, day));
  cache.loading = next.catch(() => undefined);
  return next;
}

async function read(db: Db, cache: Decoded, keys: readonly string[], day: string): Promise<void> {
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  const rows = await db.execute<StoredRow>(sql`
    select key, version, roster, computed_at, ${storedBytesSql(sql.raw("data"))} as data from stored_boards
    where key in (${list})
       or key in (select 'roster:' || b.roster from stored_boards b where b.key in (${list}) and not (${anyOf(sql.raw("b.roster"), [...cache.rosters.keys()])}))`);
  const rosters = new Map(rows.rows.filter((r) => r.key.startsWith("roster:")).map((r) => [r.roster, () => decodeRoster(storedBytesOf(r.data))]));
  const boards = rows.rows.filter((r) => !r.key.startsWith("roster:")).map((r) => ({ key: r.key, version: Number(r.version), roster: r.roster, computedAt: new Date(r.computed_at), data: storedBytesOf(r.data) }));
  take(cache, keys, boards, rosters, day);
}

/** A stored row of a board or the figures: its bytes decoded from the statement's base64, or as the pass encoded them. */
interface BoardRow {
  key: string;
  version: number;
  roster: string;
  computedAt: Date;
  data: StoredBytes;
}

/**
 * Makes these rows the decoded copies of `keys` (a key without a row is forgotten), with the
 * rosters they name that are not decoded here yet (their user ids, made only when needed), and
 * forgets other days' copies and the rosters nothing decoded refers to any more.
 */
function take(cache: Decoded, keys: readonly string[], rows: readonly BoardRow[], rosters: ReadonlyMap<string, () => string[]>, day: string): void {
  for (const [name, userIdsOf] of rosters) {
    if (cache.rosters.has(name)) continue;
    const userIds = userIdsOf();
    cache.rosters.set(name, { userIds, indexOf: new Map(userIds.map((id, i) => [id, i])) });
  }
  for (const key of keys) {
    const r = rows.find((row) => row.key === key);
    const meta = r && { version: r.version, roster: r.roster };
    if (key === FIGURES) cache.figures = r ? { ...meta!, ...decodeFigures(r.data) } : null;
    else if (r) cache.boards.set(key, { ...meta!, computedAt: r.computedAt, board: decodeBoard(r.data) });
    else cache.boards.delete(key);
  }
  for (const key of cache.boards.keys()) if (key.includes("@") && !key.endsWith(`@${day}`)) cache.boards.delete(key);
  const used = new Set([...cache.boards.values()].map((b) => b.roster));
  if (cache.figures) used.add(cache.figures.roster);
  for (const name of cache.rosters.keys()) if (!used.has(name)) cache.rosters.delete(name);
}

/** A practice board as decoded here, with what its rows show; null while there is none (no pass yet). */
export interface PracticeBoardView {
  size: number;
  computedAt: Date;
  /** The stored versions the view was built from, by key (null: no row): compared with the stored ones. */
  versions: ReadonlyMap<string, number | null>;
  /** Place (1-based) → user id, the figure, the total return and the equity in cents. */
  entry(place: number): { userId: string; value: number | null; totalReturn: number | null; equityCents: number };
  /** The place of a user (1-based), or null when not on the board. */
  placeOf(userId: string): number | null;
  /** The place a user had as yesterday ended (null: not on that board, or no copy for today). */
  yesterdayPlaceOf(userId: string): number | null;
}

const orNull = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? null : x);

function viewOf(cache: Decoded, board: string, day: string): PracticeBoardView | null {
  const current = cache.boards.get(board);
  const figures = cache.figures;
  const roster = current && cache.rosters.get(current.roster);
  if (!current || !figures || !roster || figures.roster !== current.roster || figures.version !== current.version) return null;
  const beforeKey = dayEndKey(board, day);
  const before = cache.boards.get(beforeKey);
  const beforeRoster = before && cache.rosters.get(before.roster);
  const place = (b: LoadedBoard, r: Roster, userId: string) => {
    const index = r.indexOf.get(userId);
    return index === undefined || index >= b.board.n ? null : b.board.placeOf[index]! + 1;
  };
  return {
    size: current.board.n,
    computedAt: current.computedAt,
    versions: new Map([
      [board, current.version],
      [FIGURES, figures.version],
      [beforeKey, before && beforeRoster ? before.version : null],
    ]),
    entry: (p) => {
      const holder = current.board.holder[p - 1]!;
      return { userId: roster.userIds[holder]!, value: orNull(current.board.value[p - 1]), totalReturn: orNull(figures.totalReturn[holder]), equityCents: figures.equityCents[holder]! };
    },
    placeOf: (userId) => place(current, roster, userId),
    yesterdayPlaceOf: (userId) => (before && beforeRoster ? place(before, beforeRoster, userId) : null),
  };
}

/** The keys a page of `board` on `day` reads: the board, the shared figures and the board as yesterday ended. */
const keysFor = (board: string, day: string) => [board, FIGURES, dayEndKey(board, day)];

/** The versions the database holds now of these keys (key, version), to add to a statement's rows. */
export const storedVersionsSql = (keys: readonly string[]) =>
  sql`select key, version from stored_boards where key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )})`;

type StoredVersions = ReadonlyArray<{ key: string; version: number | string }>;

/**
 * Whether a view is what the database holds (`stored`: key, version): built from the stored versions
 * of `keys` (a key with no row: none), or no view while nothing is stored.
 */
function upToDate(view: PracticeBoardView | null, keys: readonly string[], stored: StoredVersions): boolean {
  if (view === null) return !stored.some((r) => keys.includes(r.key));
  return keys.every((key) => {
    const row = stored.find((r) => r.key === key);
    return (view.versions.get(key) ?? null) === (row ? Number(row.version) : null);
  });
}

/**
 * Builds something from a practice board's decoded view and one statement that also returns the
 * stored versions (`read`, given the view — null before the first pass): the result is kept when the
 * view was built from the stored versions, else the boards are read again and it is built again. In
 * the steady state a page costs the one statement its names need.
 */
export async function withPracticeBoard<T>(
  db: Db,
  period: RankingPeriod,
  now: Date,
  read: (view: PracticeBoardView | null, versions: ReturnType<typeof storedVersionsSql>) => Promise<{ result: T; versions: StoredVersions }>,
): Promise<T> {
  const board = practiceBoard(period);
  const day = utcDay(now);
  const keys = keysFor(board, day);
  const cache = decodedOf(db);
  for (let attempt = 0; ; attempt++) {
    const view = viewOf(cache, board, day);
    const { result, versions } = await read(view, storedVersionsSql(keys));
    if (upToDate(view, keys, versions)) return result;
    // A pass may land between the read and the check each time; after a few tries the last read stands.
    if (attempt === 3) return result;
    // This process's pass may be storing those versions now: its copies, when they are those versions, instead of reading them.
    if (cache.storing) {
      await cache.storing;
      if (upToDate(viewOf(cache, board, day), keys, versions)) continue;
    }
    await load(db, keys, day);
  }
}

/** The decoded boards (without yesterday's copies), checked against the stored versions first (one statement) and read again where they changed. */
async function freshlyDecoded(db: Db, boards: readonly string[], day: string): Promise<Decoded> {
  const keys = [...boards, FIGURES];
  const cache = decodedOf(db);
  const stored = await db.execute<{ key: string; version: number | string }>(storedVersionsSql(keys));
  const current = boards.every((b) => upToDate(viewOf(cache, b, day), [b, FIGURES], stored.rows));
  if (!current) await load(db, keys, day);
  return cache;
}

/** The total number of places and the viewer's place on these practice boards (the dashboard). */
export async function practicePlaces(db: Db, periods: readonly RankingPeriod[], userIds: readonly string[], now: Date): Promise<Map<RankingPeriod, { size: number; places: Map<string, { place: number; value: number | null }> }>> {
  const day = utcDay(now);
  const cache = await freshlyDecoded(db, periods.map(practiceBoard), day);
  const out = new Map<RankingPeriod, { size: number; places: Map<string, { place: number; value: number | null }> }>();
  for (const period of periods) {
    const view = viewOf(cache, practiceBoard(period), day);
    const places = new Map<string, { place: number; value: number | null }>();
    for (const userId of userIds) {
      const place = view?.placeOf(userId) ?? null;
      if (place !== null) places.set(userId, { place, value: view!.entry(place).value });
    }
    out.set(period, { size: view?.size ?? 0, places });
  }
  return out;
}

/** A place on a practice board. */
export interface PracticePlace {
  board: string;
  userId: string;
  place: number;
}

/** Who holds the first `top` places of each practice board (the fair-play monitor's "ranked high"). */
export async function practiceTopPlaces(db: Db, top: number, now: Date): Promise<PracticePlace[]> {
  const day = utcDay(now);
  const cache = await freshlyDecoded(db, BOARDS, day);
  return BOARDS.flatMap((board) => {
    const view = viewOf(cache, board, day);
    const places: PracticePlace[] = [];
    for (let place = 1; view && place <= Math.min(top, view.size); place++) places.push({ board, userId: view.entry(place).userId, place });
    return places;
  });
}

/** Where a person stands on each practice board now ("Export my data"), in board order. */
export async function practiceStandingsOf(db: Db, userId: string, now: Date): Promise<Array<{ board: string; rank: number; value: number | null; totalReturn: number | null; equityCents: number; computedAt: Date }>> {
  const day = utcDay(now);
  const cache = await freshlyDecoded(db, BOARDS, day);
  return [...BOARDS].sort().flatMap((board) => {
    const view = viewOf(cache, board, day);
    const place = view?.placeOf(userId) ?? null;
    if (!view || place === null) return [];
    const { value, totalReturn, equityCents } = view.entry(place);
    return [{ board, rank: place, value, totalReturn, equityCents, computedAt: view.computedAt }];
  });
}
