/**
 * Live event boards stored whole (docs/decisions/094-event-boards-stored-whole.md): one row of
 * `stored_boards` per live event, key `event:{id}`, written by the event's refresh (ranked in
 * memory for a return event, in SQL for a Sharpe one) instead of a row per participant and its
 * two indexes (at 100,000 participants the rows cost ~0.3–0.7 s a pass, every 5 s). Every
 * instance decodes a board once per version; the event page, the standings, "my rank" and the
 * participants table read the decoded copy, and the few statements that join the board with
 * other tables (the fair-play detectors, the participants table's order) get it as arrays.
 *
 * Layout (the platform's byte order): n and the user ids' byte length (u32 × 2); by place, the
 * shared rank and how many share it (u32 × n each, padded to 8 bytes); by place, the board's
 * figure, the total return and the equity in cents (f64 × n each, NaN = none); the user ids by
 * place, UTF-8, newline-separated. The user ids are kept inline (an event's membership changes
 * while it runs, and 100,000 ids are 3.7 MB: cheaper to write than to track).
 */
import { sql, type SQL } from "drizzle-orm";
import { cents, formatMoney } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { textArray } from "@/server/db/lists";
import { processWide } from "@/server/process-wide";
import { eventBoard, utcDay } from "./boards";
import { storedBytesOf, storedBytesSql, type StoredBytes } from "./memory";

/** A ranked event board, by place − 1. */
export interface EventBoardRows {
  userIds: string[];
  /** The rank shared with ties on the board's figures (decision 053) and how many share it. */
  shared: Uint32Array;
  tied: Uint32Array;
  /** The board's figure (the return, or the Sharpe ratio), the total return, the equity in cents; NaN = none. */
  value: Float64Array;
  totalReturn: Float64Array;
  equityCents: Float64Array;
}

const pad8 = (bytes: number) => Math.ceil(bytes / 8) * 8;

export function encodeEventBoard(rows: EventBoardRows): Buffer {
  const n = rows.userIds.length;
  const ids = Buffer.from(rows.userIds.join("\n"));
  const u32 = pad8(n * 4);
  const bytes = new ArrayBuffer(8 + 2 * u32 + 3 * n * 8 + ids.length);
  new Uint32Array(bytes, 0, 2).set([n, ids.length]);
  let at = 8;
  for (const column of [rows.shared, rows.tied]) {
    new Uint32Array(bytes, at, n).set(column);
    at += u32;
  }
  for (const column of [rows.value, rows.totalReturn, rows.equityCents]) {
    new Float64Array(bytes, at, n).set(column);
    at += n * 8;
  }
  new Uint8Array(bytes, at, ids.length).set(ids);
  return Buffer.from(bytes);
}

/** A decoded board's columns by place (views over one copy of the bytes) and its user ids' UTF-8 bytes. */
interface DecodedColumns extends Omit<EventBoardRows, "userIds"> {
  n: number;
  ids: Uint8Array;
}

function decodeColumns(data: StoredBytes): DecodedColumns {
  const bytes = new ArrayBuffer(data.length);
  new Uint8Array(bytes).set(data);
  const [n, idsLength] = new Uint32Array(bytes, 0, 2) as unknown as [number, number];
  const u32 = pad8(n * 4);
  const floats = 8 + 2 * u32;
  const column = (i: number) => new Float64Array(bytes, floats + i * n * 8, n);
  return {
    n,
    shared: new Uint32Array(bytes, 8, n),
    tied: new Uint32Array(bytes, 8 + u32, n),
    value: column(0),
    totalReturn: column(1),
    equityCents: column(2),
    ids: new Uint8Array(bytes, floats + 3 * n * 8, idsLength),
  };
}

export function decodeEventBoard(data: StoredBytes): EventBoardRows {
  const { n, ids, ...columns } = decodeColumns(data);
  const text = Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength).toString();
  return { userIds: n === 0 ? [] : text.split("\n"), ...columns };
}

/** FNV-1a over bytes `from`…`to` (exclusive). */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * A board's user ids without a string or map entry per id (a page server decodes a board of
 * 100,000 every pass, and 100,000 strings and map entries a version were garbage to collect beside
 * the requests): where each id starts in the UTF-8 bytes, and an open-addressing table of places by
 * a hash of the id's bytes.
 */
class IdIndex {
  private readonly starts: Uint32Array;
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly bytes: Uint8Array,
    readonly n: number,
  ) {
    // starts[n] is where an id after the last would start (as if a newline ended the last).
    this.starts = new Uint32Array(n + 1);
    for (let i = 0, p = 0; i < bytes.length && p < n - 1; i++) if (bytes[i] === 10) this.starts[++p] = i + 1;
    this.starts[n] = bytes.length + 1;
    let size = 2;
    while (size < n * 2) size *= 2;
    this.mask = size - 1;
    this.table = new Int32Array(size).fill(-1);
    for (let p = 0; p < n; p++) {
      let slot = hashOf(bytes, this.starts[p]!, this.starts[p + 1]! - 1) & this.mask;
      while (this.table[slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[slot] = p;
    }
  }

  /** The id at index `p` (place − 1). */
  at(p: number): string {
    const from = this.starts[p]!;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + from, this.starts[p + 1]! - 1 - from).toString();
  }

  /** The index of `userId`, or −1. */
  find(userId: string): number {
    const key = Buffer.from(userId);
    for (let slot = hashOf(key, 0, key.length) & this.mask; ; slot = (slot + 1) & this.mask) {
      const p = this.table[slot]!;
      if (p === -1) return -1;
      const from = this.starts[p]!;
      if (this.starts[p + 1]! - 1 - from === key.length && key.every((b, i) => this.bytes[from + i] === b)) return p;
    }
  }
}

/**
 * Each place's shared rank and how many share it, for rows in board order: a place ties with the
 * one before when their figures are equal, or both have none and their returns are equal (the
 * SQL's `rank() over (order by value desc nulls last, case when value is null then total_return end …)`).
 */
export function sharedRanksOf(value: Float64Array, totalReturn: Float64Array): { shared: Uint32Array; tied: Uint32Array } {
  const n = value.length;
  const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));
  const shared = new Uint32Array(n);
  const tied = new Uint32Array(n);
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && same(value[end]!, value[start]!) && (!Number.isNaN(value[start]!) || same(totalReturn[end]!, totalReturn[start]!))) end++;
    shared.fill(start + 1, start, end);
    tied.fill(end - start, start, end);
    start = end;
  }
  return { shared, tied };
}

/**
 * Stores a live event's board as `encodeEventBoard` laid it out (in the refresh's transaction,
 * behind the scheduler's fence). The first pass of a UTC day first keeps the board as yesterday
 * ended in leaderboard_daily_ranks ("rank change since yesterday"), as the XP boards' refresh does
 * for its rows.
 */
export async function storeEventBoard(tx: DbOrTx, eventId: string, data: Buffer, now: Date, retentionDays: number): Promise<StoredEventBoard> {
  const board = eventBoard(eventId);
  await recordDayEnd(tx, board, now, retentionDays);
  const stored = await tx.execute<{ version: string | number }>(sql`
    insert into stored_boards (key, version, roster, computed_at, data)
    values (${board}, txid_current(), '', ${now.toISOString()}::timestamptz, ${data})
    on conflict (key) do update set version = excluded.version, computed_at = excluded.computed_at, data = excluded.data
    returning version`);
  return { eventId, data, version: Number(stored.rows[0]!.version), computedAt: now };
}

/** A board as `storeEventBoard` stored it: its bytes and version, for `keepStoredEventBoard` once committed. */
export interface StoredEventBoard {
  eventId: string;
  data: Buffer;
  version: number;
  computedAt: Date;
}

/**
 * Yesterday's places: only when the stored board is from before today (a board first stored today
 * has nobody with a rank yesterday) and the day has no record yet. People deleted since are left out.
 */
async function recordDayEnd(tx: DbOrTx, board: string, now: Date, retentionDays: number): Promise<void> {
  const day = utcDay(now);
  const found = await tx.execute<{ data: string }>(sql`
    select ${storedBytesSql(sql.raw("data"))} as data from stored_boards
    where key = ${board} and computed_at < ${`${day}T00:00:00.000Z`}::timestamptz
      and not exists (select 1 from leaderboard_daily_ranks d where d.board = ${board} and d.day = ${day}::date)`);
  const row = found.rows[0];
  if (!row) return;
  const { userIds } = decodeEventBoard(storedBytesOf(row.data));
  await tx.execute(sql`
    insert into leaderboard_daily_ranks (board, day, user_id, rank)
    select ${board}, ${day}::date, t.user_id, t.place from unnest(${textArray(userIds)}::text[]) with ordinality as t(user_id, place)
    where exists (select 1 from users u where u.id = t.user_id)
    on conflict do nothing`);
  await tx.execute(sql`delete from leaderboard_daily_ranks where day < ${day}::date - ${retentionDays}::int`);
}

/** Forgets boards no refresh owns any more (ended events'). */
export async function deleteEventBoards(tx: DbOrTx, boards: readonly string[]): Promise<void> {
  if (boards.length === 0) return;
  await tx.execute(sql`delete from stored_boards where key in (${sql.join(
    boards.map((b) => sql`${b}`),
    sql`, `,
  )})`);
}

/**
 * Takes a participant off a live board at once (removed or disqualified), not at its next refresh:
 * the stored board is rewritten without them in the caller's transaction, the places below move up
 * and the shared ranks are worked out again.
 */
export async function dropFromEventBoard(tx: DbOrTx, eventId: string, userId: string): Promise<void> {
  const board = eventBoard(eventId);
  const found = await tx.execute<{ data: string }>(sql`select ${storedBytesSql(sql.raw("data"))} as data from stored_boards where key = ${board} for update`);
  const row = found.rows[0];
  if (!row) return;
  const before = decodeEventBoard(storedBytesOf(row.data));
  const at = before.userIds.indexOf(userId);
  if (at < 0) return;
  const without = <T extends Float64Array>(column: T) => {
    const out = new (column.constructor as new (n: number) => T)(column.length - 1);
    out.set(column.subarray(0, at));
    out.set(column.subarray(at + 1), at);
    return out;
  };
  const value = without(before.value);
  const totalReturn = without(before.totalReturn);
  const rows: EventBoardRows = {
    userIds: before.userIds.filter((_, i) => i !== at),
    value,
    totalReturn,
    equityCents: without(before.equityCents),
    ...sharedRanksOf(value, totalReturn),
  };
  await tx.execute(sql`update stored_boards set version = txid_current(), data = ${encodeEventBoard(rows)} where key = ${board}`);
}

// ── Reading: every instance decodes each board once per version ──────────────────────────────

/** A live event's board as decoded here. */
export interface EventBoardView {
  size: number;
  computedAt: Date;
  version: number;
  /** Place (1-based) → the row. */
  entry(place: number): { userId: string; sharedRank: number; tied: number; value: number | null; totalReturn: number | null; equityCents: number };
  /** The place of a user (1-based), or null when not on the board. */
  placeOf(userId: string): number | null;
  /** Every row, in place order (the user ids made on first use). */
  readonly rows: EventBoardRows;
}

const orNull = (x: number) => (Number.isNaN(x) ? null : x);

export function viewOf(data: StoredBytes, version: number, computedAt: Date): EventBoardView {
  const { n, ids, ...columns } = decodeColumns(data);
  const index = new IdIndex(ids, n);
  let rows: EventBoardRows | null = null;
  return {
    size: n,
    computedAt,
    version,
    get rows() {
      rows ??= { userIds: Array.from({ length: n }, (_, p) => index.at(p)), ...columns };
      return rows;
    },
    entry: (place) => {
      const p = place - 1;
      return {
        userId: index.at(p),
        sharedRank: columns.shared[p]!,
        tied: columns.tied[p]!,
        value: orNull(columns.value[p]!),
        totalReturn: orNull(columns.totalReturn[p]!),
        equityCents: columns.equityCents[p]!,
      };
    },
    placeOf: (userId) => {
      const p = index.find(userId);
      return p < 0 ? null : p + 1;
    },
  };
}

/** Decoded boards kept per database (a board of 100,000 places is ~7 MB). */
const KEPT_BOARDS = 16;

interface Cache {
  views: Map<string, EventBoardView>;
  /** The check in flight per board: concurrent readers share it, so a new version is read and decoded once. */
  checks: Map<string, Promise<Map<string, EventBoardView | null>>>;
  /** Per board, while this process's pass stores it: settles once the pass kept its copy (or failed). */
  storing: Map<string, Promise<void>>;
}
/** One per process (processWide): the copy the scheduler's pass keeps is the one the routes read. */
const caches = processWide("ranking.eventBoardsDecoded", () => new WeakMap<object, Cache>());

function cacheOf(db: DbOrTx): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { views: new Map(), checks: new Map(), storing: new Map() }));
  return cache;
}

/**
 * Stores a board (`store`: the pass's transaction, returning what `storeEventBoard` stored) and,
 * once committed, takes it as the decoded copy here when this process reads that board: the lease
 * holder's pages never read back the bytes it wrote — 4.4 MB at 100,000 places every 5 s, ~30–200
 * ms of the process's CPU spent on whichever request came first after each pass. Other connections
 * see the commit before this process hears of it: a page that meanwhile finds the stored version
 * ahead of its copy waits for this copy (`withEventBoard`) instead of reading the bytes.
 */
export async function storeAndKeepEventBoard(db: DbOrTx, eventId: string, store: () => Promise<StoredEventBoard>): Promise<StoredEventBoard> {
  const { storing } = cacheOf(db);
  const board = eventBoard(eventId);
  const stored = store().then((s) => {
    keepStoredEventBoard(db, s);
    return s;
  });
  const settled = stored.then(
    () => undefined,
    () => undefined,
  );
  storing.set(board, settled);
  try {
    return await stored;
  } finally {
    if (storing.get(board) === settled) storing.delete(board);
  }
}

/**
 * The copy a pass just stored, as this process's (when it holds one of that board). A read that
 * started before the commit may still put the version before back; the next page's version check
 * then reads the board again, as it would have.
 */
function keepStoredEventBoard(db: DbOrTx, stored: StoredEventBoard): void {
  const { views } = cacheOf(db);
  const board = eventBoard(stored.eventId);
  if (!views.has(board)) return;
  views.delete(board);
  views.set(board, viewOf(stored.data, stored.version, stored.computedAt));
}

/**
 * Live events' boards as stored now, by event id (null: none yet, or the event is not live): one
 * statement for all of them, which returns a board's bytes only when its version differs from the
 * copy decoded here. A board whose check another request started is answered from the copy here
 * (or, with none, by waiting for that check).
 */
export async function eventBoardViews(db: DbOrTx, eventIds: readonly string[]): Promise<Map<string, EventBoardView | null>> {
  const { views, checks } = cacheOf(db);
  const boards = [...new Set(eventIds.map(eventBoard))];
  // Each check answers with what it found, whatever another call forgets meanwhile.
  const check = (toCheck: string[]): Promise<Map<string, EventBoardView | null>> => {
    const known = new Map(toCheck.map((b) => [b, views.get(b) ?? null]));
    const done = db
      .execute<{ key: string; version: string | number; computed_at: Date | string; data: string | null }>(sql`
        select b.key, b.version, b.computed_at, case when b.version <> k.version then ${storedBytesSql(sql.raw("b.data"))} end as data
        from unnest(${textArray(toCheck)}::text[], ${`{${toCheck.map((b) => known.get(b)?.version ?? -1).join(",")}}`}::bigint[]) as k(key, version)
        join stored_boards b on b.key = k.key`)
      .then((result) => {
        const answers = new Map<string, EventBoardView | null>();
        for (const board of toCheck) {
          const row = result.rows.find((r) => r.key === board);
          // Unchanged (no bytes): the copy the check was made against.
          const view = !row ? null : row.data !== null ? viewOf(storedBytesOf(row.data), Number(row.version), new Date(row.computed_at)) : known.get(board)!;
          if (view) views.set(board, view);
          else views.delete(board);
          answers.set(board, view);
        }
        return answers;
      })
      .finally(() => {
        for (const board of toCheck) if (checks.get(board) === done) checks.delete(board);
      });
    for (const board of toCheck) checks.set(board, done);
    return done;
  };
  const found = new Map<string, EventBoardView | null>();
  const toCheck = boards.filter((b) => !checks.has(b));
  // A board another request is checking (and perhaps reading a new version of: ~0.1–0.2 s at
  // 100,000 places): the copy here, at once, at most one pass older, so that the requests arriving
  // meanwhile do not all wait for it. Only the request that started a check waits for it, so a
  // request made after a pass committed sees that pass.
  for (const board of boards) if (checks.has(board) && views.has(board)) found.set(board, views.get(board)!);
  const pending = new Set(boards.flatMap((b) => (checks.has(b) && !found.has(b) ? [checks.get(b)!] : [])));
  if (toCheck.length > 0) pending.add(check(toCheck));
  for (const answers of await Promise.all(pending)) for (const [board, view] of answers) if (boards.includes(board) && !found.has(board)) found.set(board, view);
  // Most recently read last; the boards nobody read for longest (an ended event's) are forgotten,
  // never one this call answers.
  for (const board of boards) {
    const view = views.get(board);
    if (!view) continue;
    views.delete(board);
    views.set(board, view);
  }
  for (const board of views.keys()) if (views.size > KEPT_BOARDS && !found.has(board)) views.delete(board);
  return new Map(eventIds.map((id) => [id, found.get(eventBoard(id)) ?? null]));
}

/** One live event's board as stored now (eventBoardViews). */
export async function eventBoardView(db: DbOrTx, eventId: string): Promise<EventBoardView | null> {
  return (await eventBoardViews(db, [eventId])).get(eventId) ?? null;
}

/** The stored version of a live event's board (null: none stored), for the statement `withEventBoard`'s caller runs anyway. */
export const eventBoardVersionSql = (eventId: string): SQL => sql`(select version from stored_boards where key = ${eventBoard(eventId)})`;

/**
 * Builds something from a live event's decoded board and one statement that also returns the
 * board's stored version (`read`, given the copy decoded here and `eventBoardVersionSql`): kept when
 * the copy is that version, else the board is read again (eventBoardView) and it is built again. In
 * the steady state a page costs the one statement its names need, not also the version check's
 * (the practice boards' `withPracticeBoard`, decision 091). A request made after a pass committed
 * still sees that pass: its statement reads the version after the commit.
 */
export async function withEventBoard<T>(
  db: DbOrTx,
  eventId: string,
  read: (view: EventBoardView | null, version: SQL) => Promise<{ result: T; version: number | string | null }>,
): Promise<T> {
  const board = eventBoard(eventId);
  const decoded = caches.get(db)?.views.get(board);
  let view = decoded ?? (await eventBoardView(db, eventId));
  for (let attempt = 0; ; attempt++) {
    const { result, version } = await read(view, eventBoardVersionSql(eventId));
    const stored = version === null ? null : Number(version);
    if ((view?.version ?? null) === stored) return result;
    // A pass may land between the read and the check each time; after a few tries the last read stands.
    if (attempt === 3) return result;
    // This process's pass may be storing that version now: its copy, when it is that version, instead of reading the bytes.
    const storing = caches.get(db)?.storing.get(board);
    if (storing) {
      await storing;
      const kept = caches.get(db)?.views.get(board);
      if (kept && kept.version === stored) {
        view = kept;
        continue;
      }
    }
    const next = await eventBoardView(db, eventId);
    // The same copy: another request is reading the new version, and this one is served from the
    // copy here meanwhile (eventBoardViews), so reading the names again would build the same result.
    if (next === view) return result;
    view = next;
  }
}

/** Where a person stands on every live event's board now ("Export my data"). */
export async function eventStandingsOf(db: DbOrTx, userId: string): Promise<Array<{ board: string; rank: number; value: number | null; totalReturn: number | null; equityCents: number; computedAt: Date }>> {
  const stored = await db.execute<{ key: string }>(sql`select key from stored_boards where key like 'event:%'`);
  const views = await eventBoardViews(db, stored.rows.map((r) => r.key.slice("event:".length)));
  return [...views].flatMap(([eventId, view]) => {
    const place = view?.placeOf(userId) ?? null;
    if (!view || place === null) return [];
    const { value, totalReturn, equityCents } = view.entry(place);
    return [{ board: eventBoard(eventId), rank: place, value, totalReturn, equityCents, computedAt: view.computedAt }];
  });
}

/**
 * A live event's board as rows for another statement — `user_id, rank (the place), shared_rank,
 * tied, value, total_return, equity` — passed as arrays (the fair-play detectors, the
 * participants table's order). Empty while the board has not been stored.
 */
export async function eventBoardRowsSql(db: DbOrTx, eventId: string): Promise<SQL> {
  const view = await eventBoardView(db, eventId);
  const rows = view?.rows ?? { userIds: [], shared: new Uint32Array(0), tied: new Uint32Array(0), value: new Float64Array(0), totalReturn: new Float64Array(0), equityCents: new Float64Array(0) };
  const list = (values: ArrayLike<number>, format: (x: number) => string = String) => {
    const out = new Array<string>(values.length);
    for (let i = 0; i < values.length; i++) out[i] = Number.isNaN(values[i]!) ? "NULL" : format(values[i]!);
    return `{${out.join(",")}}`;
  };
  return sql`
    select e.user_id, e.rank::int as rank, e.shared_rank, e.tied, e.value, e.total_return, e.equity
    from unnest(${textArray(rows.userIds)}::text[], ${list(rows.shared)}::int[], ${list(rows.tied)}::int[], ${list(rows.value)}::float8[],
                ${list(rows.totalReturn)}::float8[], ${list(rows.equityCents, (c) => formatMoney(cents(c)))}::numeric[])
         with ordinality as e(user_id, shared_rank, tied, value, total_return, equity, rank)`;
}
