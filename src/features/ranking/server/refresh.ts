/**
 * Precomputed leaderboards (docs/decisions/019-rankings.md, 047-boards-that-scale.md). The
 * practice boards are ranked in memory and stored whole (practice-boards.ts, decision 091), and so
 * are the live event boards (event-boards.ts, decision 094; a Sharpe event ranked in SQL here). The
 * XP boards: each refresh ranks a set of boards inside the database — one INSERT … SELECT with row_number()
 * per group of boards into a fresh partition swapped in for the old one (rebuild.ts) — so the
 * cost grows with rows, not with round trips, and a reader sees either the old board or the
 * new one, never half.
 *
 * Equity comes from the one valuation (the trading engine's portfolio_valuations view). The
 * SQL order is the domain's `compareEntries` (src/domain/ranking/rank.ts), on figures
 * computed the way the domain computes them (float division of exact cents, never rounded:
 * rounding happens only when a figure is shown), so SQL ranks equal `rankEntries` ranks;
 * tests/integration/ranking.test.ts checks that on random data.
 */
import { and, isNull, sql, type SQL } from "drizzle-orm";
import { BOARD_SHARPE_SQL, periodStart } from "@/domain/ranking";
import { portfolioValuations } from "@/features/trading";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { eventPhaseSql } from "@/server/db/event-rules-sql";
import { events } from "@/server/db/schema";
import { processWide } from "@/server/process-wide";
import { eventBoard, eventTieKeySql, onGlobalBoardsSql, sharedRankColumnsSql, utcDay, XP_GROUP, XP_PERIODS, xpBoard } from "./boards";
import { dropBoards, lockRebuilds, rebuildBoards } from "./rebuild";
import { carriedSql, sharpePrecision, sinceStartSql } from "./figures-sql";
import { claimRefresh, completeRefresh, forgetGroups } from "./refresh-state";
import { refreshPracticeBoards } from "./practice-boards";
import { eventPrices, eventSource, loadBook, oneAtATime, rankEventBook, SLICE, updateBook, yieldToRequests, type Book } from "./memory";
import { parseMoney } from "@/domain/trading";
import { deleteEventBoards, encodeEventBoard, storeAndKeepEventBoard, storeEventBoard, type EventBoardRows } from "./event-boards";

export { refreshPracticeBoards };

/** Daily rank records are kept this many days ("rank change since yesterday" needs two). */
export const DAILY_RANK_RETENTION_DAYS = 8;

export interface RefreshOptions {
  now: Date;
  /** The scheduler's fence: called first in the transaction, so a stale leader never writes. */
  fence?: (tx: Tx) => Promise<void>;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;


/**
 * Makes the rows of `boards` (one refresh group) what `ranked` selects (board, user_id, rank,
 * value, total_return, equity) — when something they rank from changed since their last refresh,
 * or a new UTC day began (claimRefresh, decision 049); otherwise nothing is written and 0 is
 * returned. The boards' partition is rebuilt whole and swapped in (rebuildBoards, decision 047),
 * so a reader sees the old board or the new one. First, the day's record of yesterday's ranks
 * (recordDailyRanks).
 */
async function replaceBoards(db: Db, group: string, boards: string[], ranked: SQL, options: RefreshOptions): Promise<number> {
  if (boards.length === 0) return 0;
  const claim = await claimRefresh(db, group, utcDay(options.now), options.now);
  if (!claim) return 0;
  return db.transaction(async (tx) => {
    await options.fence?.(tx);
    await lockRebuilds(tx);
    // A refresh is one big sort and join: JIT compilation costs more than it saves here, and the
    // sorts (the ranking's and the two index builds') should stay in memory.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true), set_config('maintenance_work_mem', '64MB', true)`);
    // Before the rows are rewritten: they may still be yesterday's last standings.
    await recordDailyRanks(tx, boards, options.now);
    const rows = await rebuildBoards(tx, boards, ranked, options.now);
    await completeRefresh(tx, claim, options.now);
    return rows;
  });
}

/**
 * "Rank change since yesterday" compares with the ranks a board had when yesterday ended: its
 * rows as the last refresh before 00:00 UTC left them. The first refresh of a UTC day copies
 * them into leaderboard_daily_ranks before it rewrites them — but only when they are from
 * before today (the rank-1 row's computed_at is the board's last refresh). A board refreshed
 * today already, because it was empty at midnight, the server started today or an event began
 * today, gets no record today: nobody on it had a rank yesterday, so everyone on it is new, and
 * nobody is shown a change measured from some moment of today. Old days are pruned when a day's
 * record is written (once a day, not every minute).
 */
async function recordDailyRanks(tx: DbOrTx, boards: string[], now: Date): Promise<void> {
  const day = utcDay(now);
  const dayStart = periodStart("day", now)!;
  const values = sql.join(
    boards.map((b) => sql`(${b}::text)`),
    sql`, `,
  );
  const missing = await tx.execute<{ board: string }>(sql`
    select b.board from (values ${values}) as b(board)
    where not exists (select 1 from leaderboard_daily_ranks d where d.board = b.board and d.day = ${day}::date)
      and exists (select 1 from leaderboard_entries f where f.board = b.board and f.rank = 1 and f.computed_at < ${iso(dayStart)})`);
  if (missing.rows.length === 0) return;
  const list = sql.join(
    missing.rows.map((r) => sql`${r.board}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into leaderboard_daily_ranks (board, day, user_id, rank)
    select board, ${day}::date, user_id, rank from leaderboard_entries where board in (${list})
    on conflict do nothing`);
  await tx.execute(sql`delete from leaderboard_daily_ranks where day < ${day}::date - ${DAILY_RANK_RETENTION_DAYS}::int`);
}

/** xp:all and xp:week (XP earned since Monday 00:00 UTC): everyone with XP in the period, ties to the older account. */
export async function refreshXpBoards(db: Db, options: RefreshOptions): Promise<number> {
  const { now } = options;
  const weekStart = periodStart("week", now)!;
  const insert = sql`
    with totals as (
      select ${xpBoard("all")}::text as board, x.user_id, sum(x.amount)::float8 as value from xp_events x group by x.user_id
      union all
      select ${xpBoard("week")}::text, x.user_id, sum(x.amount)::float8 from xp_events x where x.created_at >= ${iso(weekStart)} group by x.user_id
    )
    select t.board, t.user_id,
           row_number() over (partition by t.board order by t.value desc, u.created_at asc, t.user_id collate "C" asc) as rank,
           t.value, null::float8 as total_return, null::numeric as equity
    from totals t join users u on u.id = t.user_id and ${onGlobalBoardsSql("u")}
    where t.value > 0`;
  return replaceBoards(
    db,
    XP_GROUP,
    XP_PERIODS.map((p) => xpBoard(p)),
    insert,
    options,
  );
}

type LiveEvent = Pick<typeof events.$inferSelect, "id" | "metric" | "startsAt" | "endsAt" | "replay" | "updatedAt">;

/**
 * One live event's board: its participants (removed ones excluded), ranked by return from the
 * event's starting cash (the portfolio's) in memory (refreshReturnEventBoard, decision 093), or
 * here in SQL by the Sharpe ratio of the portfolio's equity snapshots taken in the event's window — the domain's `sharpeForRanking` (decision 053): returns over
 * whole hours on the clock, only between snapshots exactly an hour apart, at least
 * `minReturns` of them, annualised, held inside the plausible range, 0 for a portfolio that
 * never moved. Every number comes from the domain's BOARD_SHARPE_SQL, passed in as parameters.
 * Without enough evidence the ratio is null: ranked after every ratio, then by return. Ties go
 * to the earlier joiner for the row's place; the rank it shares with them is stored beside it.
 * Either way the board is stored whole (decision 094).
 */
export async function refreshEventBoard(db: Db, event: LiveEvent, options: RefreshOptions): Promise<number> {
  if (event.metric !== "sharpe") return refreshReturnEventBoard(db, event.id, options);
  const q = BOARD_SHARPE_SQL;
  const returns = sql`
    select t.portfolio_id,
           case when t.previous > 0 and t.previous_at = t.taken_at - make_interval(secs => ${q.intervalSeconds}::int)
                then ((t.equity - t.previous) * 100)::float8 / (t.previous * 100)::float8 end as r
    from (
      -- Each step time-weighted (decision 057): the previous equity carried to this one's units.
      select s.portfolio_id, s.taken_at, s.equity, lag(s.taken_at) over w as previous_at,
             ${carriedSql(sql`lag(s.equity) over w`, sql`lag(coalesce(s.units, p.starting_cash)) over w`, sql`coalesce(s.units, p.starting_cash)`)} as previous
      from equity_snapshots s join portfolios p on p.id = s.portfolio_id
      where s.portfolio_id in (select portfolio_id from cur)
      and s.taken_at >= ${iso(event.startsAt)} and s.taken_at <= ${iso(event.endsAt)}
      and mod(extract(epoch from s.taken_at)::bigint, ${q.intervalSeconds}::bigint) = 0
      window w as (partition by s.portfolio_id order by s.taken_at)
    ) t`;
  const ratio = sql`case when stddev_samp(r) > ${q.zeroVariance}::float8 then avg(r) / stddev_samp(r) * ${q.annualise}::float8
                         when abs(avg(r)) <= ${q.zeroVariance}::float8 then 0::float8
                         when avg(r) > 0 then ${q.max}::float8 else ${q.min}::float8 end`;
  const ranked = sql`
    with cur as (
      select ep.user_id, ep.joined_at, v.portfolio_id, v.starting_cash, v.equity, v.units
      from event_participants ep
      join ${portfolioValuations} v on v.portfolio_id = ep.portfolio_id
      where ep.event_id = ${event.id} and v.event_id = ${event.id} and ep.removed_at is null and ep.disqualified_at is null
    ), ratios as (
      select portfolio_id,
             case when count(r) >= ${q.minReturns}::int then ${sharpePrecision(sql`least(${q.max}::float8, greatest(${q.min}::float8, ${ratio}))`)} end as sharpe
      from (${returns}) steps group by portfolio_id
    ), figures as (
      select c.user_id, c.joined_at, c.equity, ${sinceStartSql(sql`c.starting_cash`, sql`c.units`, sql`c.equity`)} as total_return, r.sharpe
      from cur c left join ratios r on r.portfolio_id = c.portfolio_id
    ), valued as (
      select *, sharpe as value from figures
    )
    select ${eventBoard(event.id)}::text as board, user_id,
           row_number() over (order by ${eventTieKeySql(sql`value`, sql`total_return`)},
                                       joined_at asc, user_id collate "C" asc) as rank,
           value, total_return, equity,
           -- The rank shared with ties and how many share it (decision 053), stored with the row
           -- so that a page does not rank the board again (decision 085).
           ${sharedRankColumnsSql(sql`value`, sql`total_return`)}
    from valued`;
  return replaceEventBoard(db, event.id, options, async () => {
    const rows = await db.transaction(async (tx) => {
      // One big sort and join: JIT compilation costs more than it saves here.
      await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
      return (
        await tx.execute<{ user_id: string; value: number | null; total_return: number | null; equity: string; shared_rank: number | string; tied: number | string }>(
          sql`select user_id, value, total_return, equity::text as equity, shared_rank, tied from (${ranked}) r order by rank`,
        )
      ).rows;
    });
    const n = rows.length;
    const board: EventBoardRows = { userIds: new Array(n), shared: new Uint32Array(n), tied: new Uint32Array(n), value: new Float64Array(n), totalReturn: new Float64Array(n), equityCents: new Float64Array(n) };
    rows.forEach((r, p) => {
      board.userIds[p] = r.user_id;
      board.shared[p] = Number(r.shared_rank);
      board.tied[p] = Number(r.tied);
      board.value[p] = r.value === null ? NaN : Number(r.value);
      board.totalReturn[p] = r.total_return === null ? NaN : Number(r.total_return);
      board.equityCents[p] = Number(parseMoney(r.equity));
    });
    return board;
  });
}

/**
 * Stores a live event's board whole (event-boards.ts, decision 094) when something it ranks from
 * changed since its last refresh, or a new UTC day began (claimRefresh, decision 049); otherwise
 * nothing is written and 0 is returned. Returns the places ranked.
 */
async function replaceEventBoard(db: Db, eventId: string, options: RefreshOptions, rank: () => Promise<EventBoardRows>): Promise<number> {
  const claim = await claimRefresh(db, eventBoard(eventId), utcDay(options.now), options.now);
  if (!claim) return 0;
  // Ranked after the claim, so that what the claim consumed is in what is ranked.
  const rows = await rank();
  // Encoded outside the transaction, between two yields: ~10–20 ms at 100,000 places.
  const data = encodeEventBoard(rows);
  await yieldToRequests();
  await storeAndKeepEventBoard(db, eventId, () =>
    db.transaction(async (tx) => {
      await options.fence?.(tx);
      const board = await storeEventBoard(tx, eventId, data, options.now, DAILY_RANK_RETENTION_DAYS);
      await completeRefresh(tx, claim, options.now);
      return board;
    }),
  );
  return rows.userIds.length;
}

const eventBooks = processWide("ranking.eventBooks", () => new WeakMap<Db, Map<string, Book>>());

/**
 * A return event's board ranked in memory (decision 093): its participants' book, kept current by
 * re-reading only what was written (memory.ts, as the practice boards), valued with the domain at
 * the event's prices and sorted with the domain's `rankColumns`, each place with the rank it shares
 * with its ties; stored whole (decision 094). One pass per event at a time in a process; a pass
 * that fails drops the book (it is changed in place), and the next reads it whole.
 */
function refreshReturnEventBoard(db: Db, eventId: string, options: RefreshOptions): Promise<number> {
  let books = eventBooks.get(db);
  if (!books) eventBooks.set(db, (books = new Map()));
  const held = books;
  return oneAtATime(db, eventBoard(eventId), async () => {
    try {
      return await replaceEventBoard(db, eventId, options, async () => {
        const source = eventSource(eventId);
        const before = held.get(eventId);
        const book = before ? (await updateBook(db, source, before, options.now)).book : await loadBook(db, source, options.now);
        held.set(eventId, book);
        const ranking = await rankEventBook(book, await eventPrices(db, eventId));
        await yieldToRequests();
        const n = ranking.order.length;
        const rows: EventBoardRows = { userIds: new Array(n), shared: ranking.shared, tied: ranking.tied, value: new Float64Array(n), totalReturn: new Float64Array(n), equityCents: new Float64Array(n) };
        for (let p = 0; p < n; p++) {
          if (p > 0 && p % SLICE === 0) await yieldToRequests();
          const i = ranking.order[p]!;
          rows.userIds[p] = book.holders[i]!.userId;
          rows.value[p] = rows.totalReturn[p] = ranking.totalReturn[i]!;
          rows.equityCents[p] = ranking.equityCents[i]!;
        }
        await yieldToRequests();
        return rows;
      });
    } catch (error) {
      held.delete(eventId);
      throw error;
    }
  });
}

/** Every live event's board; ended events drop theirs (they are served from event_standings). */
export async function refreshLiveEventBoards(db: Db, options: RefreshOptions): Promise<number> {
  const { now } = options;
  const live = await db
    .select({ id: events.id, metric: events.metric, startsAt: events.startsAt, endsAt: events.endsAt, replay: events.replay, updatedAt: events.updatedAt })
    .from(events)
    .where(and(sql`${eventPhaseSql("events", now)} = 'live'`, isNull(events.finalizedAt)));
  let rows = 0;
  for (const event of live) {
    rows += await refreshEventBoard(db, event, options);
  }
  const books = eventBooks.get(db);
  if (books) for (const id of books.keys()) if (!live.some((e) => e.id === id)) books.delete(id);
  // Boards of events that ended in the last day: their precomputed rows are no longer read.
  const ended = await db.execute<{ id: string }>(sql`select id from events where ends_at <= ${iso(now)} and ends_at > ${iso(now)} - interval '1 day'`);
  if (ended.rows.length > 0) {
    await db.transaction(async (tx) => {
      await options.fence?.(tx);
      await lockRebuilds(tx);
      const boards = ended.rows.map((r) => eventBoard(r.id));
      await deleteEventBoards(tx, boards);
      // Partitions written before decision 094.
      await dropBoards(tx, boards);
      await forgetGroups(tx, boards);
    });
  }
  return rows;
}

/** The practice and XP boards (the minute task). */
export async function refreshPracticeAndXp(db: Db, options: RefreshOptions): Promise<number> {
  return (await refreshPracticeBoards(db, options)) + (await refreshXpBoards(db, options));
}

/** Every board at once: tests, the benchmark, and the test-only refresh route. */
export async function refreshAllBoards(db: Db, options: RefreshOptions): Promise<number> {
  return (await refreshPracticeAndXp(db, options)) + (await refreshLiveEventBoards(db, options));
}

/** Scheduler periods: practice and XP at least every minute, live event boards within seconds. */
export const PRACTICE_REFRESH_MS = 60_000;
export const EVENT_REFRESH_MS = 5_000;
