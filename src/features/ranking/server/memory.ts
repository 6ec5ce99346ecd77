/**
 * The practice boards ranked in memory (docs/decisions/084-boards-in-memory.md, serving since
 * decision 091): practice-boards.ts runs a pass on the scheduler's lease holder and stores the
 * boards whole; pages read them decoded.
 *
 * A book holds, per practice portfolio on the global boards, what its four figures are made of
 * (cash, receivable, units, positions, each period's baseline snapshot, the owner's join time)
 * and is kept current by re-reading only the rows written since its last read (their xmin; a
 * deleted holder by the count of board_removals, decision 095). The same mechanism holds a return
 * event's participants (decisions 093, 094). A pass values every portfolio with the trading domain's `equityOf` (valuePortfolio's equity) at
 * the current prices, computes the figures with the domain's return functions and sorts each
 * board with the domain's `rankColumns`, without writing a row per person.
 */
import { sql, type SQL } from "drizzle-orm";
import { baselineSnapshotFor, periodStart, rankColumns, RANKING_PERIODS, tiebreakOrder, type ColumnRanking } from "@/domain/ranking";
import {
  parseMoney,
  restorePosition,
  returnSinceStart,
  timeWeightedReturn,
  unitsOr,
  equityOf,
  ZERO,
  type Capital,
  type Money,
  type Position,
  type Units,
} from "@/domain/trading";
import { lastPricesSql } from "@/features/market";
import { snapshotRowsSql } from "@/features/portfolio";
import { eventMarksSql, eventPortfolioRowsSql, eventPositionRowsSql, practicePortfolioRowsSql, practicePositionRowsSql } from "@/features/trading";
import type { Db, DbOrTx } from "@/server/db";
import { anyOf } from "@/server/db/lists";
import { processWide } from "@/server/process-wide";
import { eventBoard, onGlobalBoardsSql, PRACTICE_GROUP, practiceBoard, utcDay } from "./boards";

const queues = processWide("ranking.passQueues", () => new WeakMap<Db, Map<string, Promise<unknown>>>());
/**
 * Runs `work` after every earlier work of the same key on this database in this process: a book
 * is changed in place by its pass, so two passes over one book never run at once.
 */
export function oneAtATime<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  let byKey = queues.get(db);
  if (!byKey) queues.set(db, (byKey = new Map()));
  const next = (byKey.get(key) ?? Promise.resolve()).then(work, work);
  byKey.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/** The periods with a start (day, week, month): their baselines are kept per portfolio. */
const DATED = RANKING_PERIODS.filter((p) => p !== "all");

interface Holder {
  portfolioId: string;
  userId: string;
  /** The owner's account creation, in microseconds (the database's precision: the tiebreak must match its order). */
  joinedUs: number;
  createdAt: Date;
  startingCash: Money;
  cash: Money;
  receivable: Money;
  units: Units;
  positions: Map<string, Position>;
  /** Per dated period (DATED's order): the snapshot it is measured from, or null for the starting cash. */
  baselines: Array<(Capital & { at: Date }) | null>;
}

/** A board group's inputs per holder (a `BookSource`'s portfolios), kept current between passes. */
export interface Book {
  /** The UTC day the baselines were chosen for (a new day moves the period starts). */
  day: string;
  holders: Holder[];
  byPortfolio: Map<string, number>;
  /** pg_snapshot_xmin of the snapshot the book was last read in, modulo 2^32 (compared with row xmins). */
  xmin: bigint;
  /** The source's count of deleted holders in that snapshot (board_removals, decision 095). */
  removals: string;
  tiebreak: Uint32Array;
}

interface HolderRow extends Record<string, unknown> {
  portfolio_id: string;
  user_id: string;
  joined_us: number;
  created_at: Date | string;
  starting_cash: string;
  cash: string;
  receivable: string;
  units: string | null;
}

/**
 * Whose figures a book holds: the practice boards' population (`PRACTICE_SOURCE`) or one return
 * event's participants (`eventSource`), as subqueries of the features that own the rows.
 */
export interface BookSource {
  /** The group of boards it feeds, as board_removals counts its deleted holders. */
  group: string;
  /**
   * The holders: a select list (portfolio_id, user_id, joined_us — the tiebreak instant in
   * microseconds — created_at, starting_cash, cash, receivable, units) and a `from … where …` that
   * a reader may extend with `and …` (the portfolio aliased `p`).
   */
  holders: { columns: SQL; from: SQL };
  /** The holders' portfolios' positions (portfolio_id, symbol, quantity, row_xmin); aliased `pos` by the reader. */
  positions: SQL;
  /** The ids of the portfolios whose row, positions or holder row were written since `xmin` (`newerThan`). */
  writtenSince: (xmin: bigint) => SQL;
  /** Whether each dated period's baseline is kept (the practice boards); an event ranks from the starting cash. */
  baselines: boolean;
}

const WRAP = 4_294_967_296n;
/**
 * Whether a row was written at or after the book's snapshot: its xmin is no older than the
 * snapshot's xmin (age() compares transaction ids modulo 2^32, as PostgreSQL does; a frozen row
 * is as old as can be). A row written by a transaction still running then is newer, so it is read
 * again next time.
 */
const newerThan = (column: string, xmin: bigint) => sql`age(${sql.raw(column)}) <= age(${xmin.toString()}::xid)`;

/** The practice boards: practice portfolios of active accounts that are not a class's roster accounts, tied by account creation. */
export const PRACTICE_SOURCE: BookSource = {
  group: PRACTICE_GROUP,
  holders: {
    columns: sql`p.id as portfolio_id, p.user_id, (extract(epoch from u.created_at) * 1000000)::float8 as joined_us, p.created_at, p.starting_cash::text, p.cash::text, p.receivable::text, p.units::text`,
    from: sql`from (${practicePortfolioRowsSql}) p join users u on u.id = p.user_id and ${onGlobalBoardsSql("u")} where true`,
  },
  positions: practicePositionRowsSql,
  writtenSince: (xmin) => sql`
    select p.id from (${practicePortfolioRowsSql}) p where ${newerThan("p.row_xmin", xmin)}
    union select pos.portfolio_id from (${practicePositionRowsSql}) pos where ${newerThan("pos.row_xmin", xmin)}
    union select p.id from users u join (${practicePortfolioRowsSql}) p on p.user_id = u.id where ${newerThan("u.xmin", xmin)}`,
  baselines: true,
};

/**
 * A live event's board: its participants (removed and disqualified ones off), their event
 * portfolios, tied by when they joined (the SQL refresh's order, decision 053).
 */
export const eventSource = (eventId: string): BookSource => ({
  group: eventBoard(eventId),
  holders: {
    columns: sql`p.id as portfolio_id, ep.user_id, (extract(epoch from ep.joined_at) * 1000000)::float8 as joined_us, p.created_at, p.starting_cash::text, p.cash::text, p.receivable::text, p.units::text`,
    from: sql`from event_participants ep join (${eventPortfolioRowsSql(eventId)}) p on p.id = ep.portfolio_id
              where ep.event_id = ${eventId} and ep.removed_at is null and ep.disqualified_at is null`,
  },
  positions: eventPositionRowsSql(eventId),
  writtenSince: (xmin) => sql`
    select p.id from (${eventPortfolioRowsSql(eventId)}) p where ${newerThan("p.row_xmin", xmin)}
    union select pos.portfolio_id from (${eventPositionRowsSql(eventId)}) pos where ${newerThan("pos.row_xmin", xmin)}
    union select ep.portfolio_id from event_participants ep where ep.event_id = ${eventId} and ${newerThan("ep.xmin", xmin)}`,
  baselines: false,
});

/**
 * Where the snapshot stands: its xmin (rows written since are read again) and the source's count of
 * deleted holders (a deleted row has no xmin to find it by; a change reads the book whole). A
 * TRUNCATE counts for every group (`*`).
 */
async function snapshotMarks(tx: DbOrTx, source: BookSource): Promise<{ xmin: bigint; removals: string }> {
  const row = await tx.execute<{ xmin: string; removals: string }>(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           (select coalesce(sum(removals), 0)::text from board_removals where group_key in (${source.group}, '*')) as removals`);
  return { xmin: BigInt(row.rows[0]!.xmin) % WRAP, removals: row.rows[0]!.removals };
}

function toHolder(r: HolderRow): Holder {
  const startingCash = parseMoney(r.starting_cash);
  return {
    portfolioId: r.portfolio_id,
    userId: r.user_id,
    joinedUs: Number(r.joined_us),
    createdAt: new Date(r.created_at),
    startingCash,
    cash: parseMoney(r.cash),
    receivable: parseMoney(r.receivable),
    units: unitsOr(r.units, startingCash),
    positions: new Map(),
    baselines: DATED.map(() => null),
  };
}

/** The open positions of these portfolios (all practice portfolios when `ids` is null). */
async function loadPositions(tx: DbOrTx, source: BookSource, book: Pick<Book, "holders" | "byPortfolio">, ids: readonly string[] | null): Promise<void> {
  const where = ids === null ? sql`true` : anyOf(sql.raw("pos.portfolio_id"), ids);
  const rows = await tx.execute<{ portfolio_id: string; symbol: string; quantity: number }>(sql`
    select pos.portfolio_id, pos.symbol, pos.quantity from (${source.positions}) pos
    where ${where} and pos.quantity <> 0`);
  if (ids !== null) for (const id of ids) book.holders[book.byPortfolio.get(id) ?? -1]?.positions.clear();
  for (const r of rows.rows) {
    const holder = book.holders[book.byPortfolio.get(r.portfolio_id) ?? -1];
    holder?.positions.set(r.symbol, restorePosition({ quantity: Number(r.quantity), costBasis: ZERO, realisedPnl: ZERO }));
  }
}

/**
 * Each dated period's baseline snapshot of these portfolios (all when `ids` is null): the
 * domain's `baselineSnapshotFor` over the two snapshots it can pick — the last at or before the
 * period's start, and the first of all.
 */
async function loadBaselines(tx: DbOrTx, book: Pick<Book, "holders" | "byPortfolio">, now: Date, ids: readonly string[] | null): Promise<void> {
  const which = ids === null ? sql`true` : anyOf(sql.raw("p.id"), ids);
  for (const [index, period] of DATED.entries()) {
    const start = periodStart(period, now)!;
    const at = sql`${start.toISOString()}::timestamptz`;
    // Period starts are aligned instants, so most portfolios have a snapshot exactly there (one join);
    // the others look for the last one before, else the first of all (two index lookups each).
    const rows = await tx.execute<{ id: string; b_at: Date | string | null; b_equity: string | null; b_units: string | null; f_at: Date | string | null; f_equity: string | null; f_units: string | null }>(sql`
      select p.id, e.taken_at as b_at, e.equity::text as b_equity, e.units::text as b_units, null as f_at, null as f_equity, null as f_units
      from (${practicePortfolioRowsSql}) p join (${snapshotRowsSql}) e on e.portfolio_id = p.id and e.taken_at = ${at}
      where ${which} and p.created_at < ${at}
      union all
      select p.id, b.taken_at, b.equity::text, b.units::text, f.taken_at, f.equity::text, f.units::text
      from (${practicePortfolioRowsSql}) p
      left join lateral (select taken_at, equity, units from (${snapshotRowsSql}) s where s.portfolio_id = p.id and s.taken_at <= ${at} order by s.taken_at desc limit 1) b on true
      left join lateral (select taken_at, equity, units from (${snapshotRowsSql}) s where s.portfolio_id = p.id and b.taken_at is null order by s.taken_at asc limit 1) f on true
      where ${which} and p.created_at < ${at}
        and not exists (select 1 from (${snapshotRowsSql}) x where x.portfolio_id = p.id and x.taken_at = ${at})`);
    if (ids !== null) for (const id of ids) book.holders[book.byPortfolio.get(id) ?? -1]?.baselines.splice(index, 1, null);
    for (const r of rows.rows) {
      const holder = book.holders[book.byPortfolio.get(r.id) ?? -1];
      if (!holder) continue;
      const candidates = [
        ...(r.b_at !== null ? [{ at: new Date(r.b_at), equity: parseMoney(r.b_equity!), units: unitsOr(r.b_units, holder.startingCash) }] : []),
        ...(r.f_at !== null ? [{ at: new Date(r.f_at), equity: parseMoney(r.f_equity!), units: unitsOr(r.f_units, holder.startingCash) }] : []),
      ];
      const chosen = baselineSnapshotFor(candidates, { periodStart: start, createdAt: holder.createdAt, startingCash: holder.startingCash });
      holder.baselines[index] = chosen && { at: chosen.at, equity: chosen.equity, units: chosen.units };
    }
  }
}

function index(holders: Holder[]): Map<string, number> {
  return new Map(holders.map((h, i) => [h.portfolioId, i]));
}

/** Every input of the practice boards, read in one snapshot. */
export const loadPracticeBook = (db: Db, now: Date): Promise<Book> => loadBook(db, PRACTICE_SOURCE, now);

/** Every input of a source's board(s), read in one snapshot. */
export async function loadBook(db: Db, source: BookSource, now: Date): Promise<Book> {
  return db.transaction(
    async (tx) => {
      // The book is built between the reads (a million portfolios take longer than the session's idle limit).
      await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', '0', true)`);
      const { xmin, removals } = await snapshotMarks(tx, source);
      const rows = await tx.execute<HolderRow>(sql`select ${source.holders.columns} ${source.holders.from}`);
      const holders = rows.rows.map(toHolder);
      const book: Book = { day: utcDay(now), holders, byPortfolio: index(holders), xmin, removals, tiebreak: new Uint32Array(0) };
      await loadPositions(tx, source, book, null);
      if (source.baselines) await loadBaselines(tx, book, now, null);
      book.tiebreak = tiebreakOrder(
        holders.map((h) => h.joinedUs),
        holders.map((h) => h.userId),
      );
      return book;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The snapshots that can move a baseline when written: one at a period's start (the snapshot
 * task's midnight one, which may commit after the day's first pass), and any of a portfolio
 * measured from its first snapshot or from its starting cash for want of an earlier one (a
 * snapshot written later may become its baseline). By the index on taken_at, and by portfolio.
 * A snapshot written now for an instant between two period starts before the day's (a
 * backfill; nothing writes one today) is not looked for.
 */
function snapshotsThatMayMove(book: Book, now: Date): SQL {
  const starts = DATED.map((p) => periodStart(p, now)!.getTime());
  const uncertain: string[] = [];
  for (const h of book.holders) {
    const created = h.createdAt.getTime();
    if (h.baselines.some((b, i) => (b === null ? created < starts[i]! : b.at.getTime() > starts[i]!))) uncertain.push(h.portfolioId);
  }
  const instants = starts.map((t) => sql`${new Date(t).toISOString()}::timestamptz`);
  return sql`(s.taken_at in (${sql.join(instants, sql`, `)}) or ${anyOf(sql.raw("s.portfolio_id"), uncertain)})`;
}

export interface BookUpdate {
  /** Portfolios read again (their row, positions or owner changed). */
  changed: number;
  /** The whole book was read again (a new day, or a portfolio or owner left the boards). */
  reloaded: boolean;
  /** Who is on the boards changed (a reload, or a portfolio joined): the holder indices' user ids are new. */
  rosterChanged: boolean;
}

/**
 * Brings the book up to date: the portfolios whose row, positions or owner were written since
 * the book was last read are read again (xmin at or after the book's). A new UTC day, or a
 * portfolio that left the boards (a row no longer there cannot be found by its xmin), reads the
 * whole book again.
 */
export const updatePracticeBook = (db: Db, book: Book, now: Date): Promise<{ book: Book; update: BookUpdate }> => updateBook(db, PRACTICE_SOURCE, book, now);

/** `updatePracticeBook` for any source. */
export async function updateBook(db: Db, source: BookSource, book: Book, now: Date): Promise<{ book: Book; update: BookUpdate }> {
  if (utcDay(now) !== book.day) return { book: await loadBook(db, source, now), update: { changed: book.holders.length, reloaded: true, rosterChanged: true } };
  // Worked out before the transaction: a million holders take a while.
  const snapshots = source.baselines
    ? sql`union select s.portfolio_id from (${snapshotRowsSql}) s where ${snapshotsThatMayMove(book, now)} and ${newerThan("s.row_xmin", book.xmin)}`
    : sql``;
  const result = await db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', '0', true)`);
      const { xmin, removals } = await snapshotMarks(tx, source);
      // A holder deleted since: read whole (the deleted row cannot be found).
      if (removals !== book.removals) return { xmin, ids: [], gone: true, joined: false };
      const changed = await tx.execute<{ id: string }>(sql`${source.writtenSince(book.xmin)} ${snapshots}`);
      const ids = changed.rows.map((r) => r.id);
      if (ids.length === 0) return { xmin, ids, gone: false, joined: false };
      const rows = ids.length === 0 ? { rows: [] } : await tx.execute<HolderRow>(sql`select ${source.holders.columns} ${source.holders.from} and ${anyOf(sql.raw("p.id"), ids)}`);
      const fresh = new Map(rows.rows.map((r) => [r.portfolio_id, toHolder(r)]));
      let joined = false;
      for (const id of ids) {
        const at = book.byPortfolio.get(id);
        const holder = fresh.get(id);
        if (at === undefined && holder) {
          book.byPortfolio.set(id, book.holders.push(holder) - 1);
          joined = true;
        } else if (at !== undefined && holder) {
          if (holder.joinedUs !== book.holders[at]!.joinedUs) joined = true;
          book.holders[at] = holder;
        } else if (at !== undefined) return { xmin, ids, gone: true, joined };
      }
      const known = ids.filter((id) => book.byPortfolio.has(id));
      await loadPositions(tx, source, book, known);
      if (source.baselines) await loadBaselines(tx, book, now, known);
      if (joined) {
        book.tiebreak = tiebreakOrder(
          book.holders.map((h) => h.joinedUs),
          book.holders.map((h) => h.userId),
        );
      }
      return { xmin, ids: known, gone: false, joined };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (result.gone) return { book: await loadBook(db, source, now), update: { changed: book.holders.length, reloaded: true, rosterChanged: true } };
  book.xmin = result.xmin;
  return { book, update: { changed: result.ids.length, reloaded: false, rosterChanged: result.joined } };
}

/** The last price of every instrument (a practice portfolio's positions are valued at it: the view position_marks). */
export async function practicePrices(db: DbOrTx): Promise<Map<string, Money>> {
  const rows = await db.execute<{ symbol: string; price: string }>(sql`select symbol, last_price::text as price from (${lastPricesSql}) i`);
  return new Map(rows.rows.map((r) => [r.symbol, parseMoney(r.price)]));
}

/** The prices an event's portfolios are valued at: its marks where it has them, else the last price (the view position_marks). */
export async function eventPrices(db: DbOrTx, eventId: string): Promise<Map<string, Money>> {
  const prices = await practicePrices(db);
  const marks = await db.execute<{ symbol: string; price: string }>(sql`select symbol, price::text as price from (${eventMarksSql(eventId)}) m`);
  for (const m of marks.rows) prices.set(m.symbol, parseMoney(m.price));
  return prices;
}

/**
 * Lets the requests this process serves run between slices of a pass (it runs on the lease
 * holder, which serves pages too): a pass of 100,000 holders otherwise blocks them for its whole
 * valuation and sorts at once (65–137 ms measured, 2026-12-07).
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Holders valued (or laid out by place) between two yields (a few milliseconds). */
export const SLICE = 10_000;

/** Each holder's equity in cents and total return (NaN = none) at `prices`: the domain's `equityOf` and `returnSinceStart`. */
async function valueHolders(book: Book, prices: ReadonlyMap<string, Money>): Promise<{ equityCents: Float64Array; totalReturn: Float64Array; nows: Capital[] }> {
  const n = book.holders.length;
  const equityCents = new Float64Array(n);
  const totalReturn = new Float64Array(n);
  const nows: Capital[] = new Array(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % SLICE === 0) await yieldToRequests();
    const h = book.holders[i]!;
    // As the view does: a position without a price adds nothing (it has none only if its instrument was removed).
    let positions = h.positions;
    for (const symbol of positions.keys())
      if (!prices.has(symbol)) {
        positions = new Map([...positions].filter(([s]) => prices.has(s)));
        break;
      }
    const equity = equityOf({ cash: h.cash, reservedCash: ZERO, receivable: h.receivable, positions }, prices);
    const now: Capital = { equity, units: h.units };
    nows[i] = now;
    equityCents[i] = Number(equity);
    totalReturn[i] = orNaN(returnSinceStart(h.startingCash, now));
  }
  return { equityCents, totalReturn, nows };
}

/**
 * A return event's board ranked in memory (decision 093): by return since the starting cash,
 * ties to the earlier joiner; each place with the rank it shares with its ties and how many share
 * it (decision 053's "1, 2, 2, 4"). The same rows as the SQL refresh's.
 */
export async function rankEventBook(book: Book, prices: ReadonlyMap<string, Money>): Promise<{ order: Uint32Array; shared: Uint32Array; tied: Uint32Array; totalReturn: Float64Array; equityCents: Float64Array }> {
  const { equityCents, totalReturn } = await valueHolders(book, prices);
  await yieldToRequests();
  const { order, shared } = rankColumns({ values: totalReturn, tiebreak: book.tiebreak });
  await yieldToRequests();
  const n = order.length;
  const tied = new Uint32Array(n);
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && shared[end] === shared[start]) end++;
    tied.fill(end - start, start, end);
    start = end;
  }
  return { order, shared, tied, totalReturn, equityCents };
}

/** One board ranked: who is at each place and the figures shown. */
export interface RankedBoard {
  board: string;
  /** Holder indices by place − 1. */
  order: Uint32Array;
  /** The board's figure, by holder index (NaN = none). */
  values: Float64Array;
}

export interface PracticeRanking {
  boards: RankedBoard[];
  /** By holder index: equity in cents, the all-time return (NaN = none). */
  equityCents: Float64Array;
  totalReturn: Float64Array;
  /** Milliseconds spent valuing (equity and figures) and sorting (four boards). */
  timings: { value: number; sort: number };
}

const orNaN = (value: number | null) => (value === null ? NaN : value);

/** Values every portfolio at `prices` and ranks the four practice boards (the SQL refresh's figures and order). */
export async function rankPracticeBook(book: Book, prices: ReadonlyMap<string, Money>): Promise<PracticeRanking> {
  const started = performance.now();
  const n = book.holders.length;
  const { equityCents, totalReturn, nows } = await valueHolders(book, prices);
  const dated = DATED.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % SLICE === 0) await yieldToRequests();
    const h = book.holders[i]!;
    for (let p = 0; p < DATED.length; p++) {
      const base = h.baselines[p];
      dated[p]![i] = base ? orNaN(timeWeightedReturn(base, nows[i]!)) : totalReturn[i]!;
    }
  }
  const valued = performance.now();
  const boards: RankedBoard[] = [];
  for (const period of RANKING_PERIODS) {
    await yieldToRequests();
    const values = period === "all" ? totalReturn : dated[DATED.indexOf(period)]!;
    const ranking: ColumnRanking = rankColumns({ values, tiebreak: book.tiebreak });
    boards.push({ board: practiceBoard(period), order: ranking.order, values });
  }
  return { boards, equityCents, totalReturn, timings: { value: valued - started, sort: performance.now() - valued } };
}

/**
 * A board stored compactly: one value per board instead of a row per person. Layout (the
 * platform's byte order): n (u32) and 4 bytes of padding; by place, the holder index (u32 × n,
 * padded to 8 bytes); by place, the board's figure (f64 × n, NaN = none). What every board of
 * the group shares — each holder's total return and equity — is stored once (`encodeFigures`),
 * and the holders' user ids once per change of who is on the boards (`encodeRoster`).
 */
const idsBytes = (n: number) => Math.ceil((n * 4) / 8) * 8;

export function encodeBoard(board: RankedBoard): Buffer {
  const n = board.order.length;
  const bytes = new ArrayBuffer(8 + idsBytes(n) + n * 8);
  new Uint32Array(bytes, 0, 1)[0] = n;
  new Uint32Array(bytes, 8, n).set(board.order);
  const out = new Float64Array(bytes, 8 + idsBytes(n), n);
  for (let p = 0; p < n; p++) out[p] = board.values[board.order[p]!]!;
  return Buffer.from(bytes);
}

/** By holder index: the total return (f64 × n), then the equity in cents (f64 × n). */
export function encodeFigures(ranking: PracticeRanking): Buffer {
  const n = ranking.totalReturn.length;
  const bytes = new ArrayBuffer(8 + n * 16);
  new Uint32Array(bytes, 0, 1)[0] = n;
  new Float64Array(bytes, 8, n).set(ranking.totalReturn);
  new Float64Array(bytes, 8 + n * 8, n).set(ranking.equityCents);
  return Buffer.from(bytes);
}

/** A stored board's bytes, decoded (storedBytesOf) or as a driver returns a bytea: pg a Buffer, PGlite a Uint8Array. */
export type StoredBytes = Buffer | Uint8Array;

/**
 * A stored board's bytes in a statement's answer, as base64 text (decoded by `storedBytesOf`): pg
 * answers a bytea in hex, twice its size as a string, and turning a 100,000-place event board's
 * 8.8 MB of hex into bytes cost the process 40–200 ms of CPU, against ~27 ms in base64 (4.4 MB).
 */
export const storedBytesSql = (column: SQL): SQL => sql`encode(${column}, 'base64')`;
export const storedBytesOf = (base64: string): Buffer => Buffer.from(base64, "base64");

/** One copy into an aligned buffer (a Buffer from the driver may start at any offset). */
function aligned(data: StoredBytes): ArrayBuffer {
  const bytes = new ArrayBuffer(data.length);
  new Uint8Array(bytes).set(data);
  return bytes;
}

export interface DecodedBoard {
  n: number;
  /** By place − 1: the holder index and the board's figure. */
  holder: Uint32Array;
  value: Float64Array;
  /** Place − 1 by holder index. */
  placeOf: Uint32Array;
}

export function decodeBoard(data: StoredBytes): DecodedBoard {
  const bytes = aligned(data);
  const n = new Uint32Array(bytes, 0, 1)[0]!;
  const holder = new Uint32Array(bytes, 8, n);
  const placeOf = new Uint32Array(n);
  for (let p = 0; p < n; p++) placeOf[holder[p]!] = p;
  return { n, holder, value: new Float64Array(bytes, 8 + idsBytes(n), n), placeOf };
}

export function decodeFigures(data: StoredBytes): { totalReturn: Float64Array; equityCents: Float64Array } {
  const bytes = aligned(data);
  const n = new Uint32Array(bytes, 0, 1)[0]!;
  return { totalReturn: new Float64Array(bytes, 8, n), equityCents: new Float64Array(bytes, 8 + n * 8, n) };
}

/** The group's user ids by holder index, newline-separated. */
export const encodeRoster = (book: Book): Buffer => Buffer.from(book.holders.map((h) => h.userId).join("\n"));
export const decodeRoster = (data: StoredBytes): string[] => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString().split("\n");
