/**
 * The fair-play detectors (docs/decisions/046-fair-play-monitor.md): one SQL statement per
 * pattern over an event's orders, fills, boards and snapshots (the practice board's resets
 * over the audit log), each an upsert into fairplay_flags. A flag is unique per (event,
 * person, kind, counterpart): running a detector again refreshes the evidence of the flag it
 * raised before; a dismissed flag opens again only when its evidence (the trades, the resets,
 * the accounts: `evidence_key`) is new. Thresholds come from the domain (src/domain/fairplay).
 */
import { sql, type SQL } from "drizzle-orm";
import {
  BOUNDARY_MIN_GAP,
  BOUNDARY_MIN_HIT_RATE,
  BOUNDARY_MIN_TRADES,
  type FlagKind,
  IMPLAUSIBLE_MIN_EXCESS,
  IMPLAUSIBLE_MIN_PEERS,
  IMPLAUSIBLE_MIN_SPREAD,
  IMPLAUSIBLE_RETURN_Z,
  MIRROR_MIN_PAIRS,
  MIRROR_MIN_SHARE,
  MIRROR_QUANTITY_TOLERANCE,
  MIRROR_WINDOW_MS,
  RESETS_MIN,
  RESETS_TOP_RANK,
  RESETS_WINDOW_MS,
  SHARED_ADDRESS_MIN_ACCOUNTS,
} from "@/domain/fairplay";
import { RANKING_PERIODS } from "@/domain/ranking";
import type { ReplayDayBoundary } from "@/features/events";
import { eventBoard, practiceBoard } from "@/features/ranking";
import type { DbOrTx } from "@/server/db";

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The event's fills that count: its participants' (not removed or disqualified), reversed fills and their reversals left out. */
const eventFills = (eventId: string) => sql`
  select f.id, f.order_id, ep.user_id, f.symbol, f.side, f.quantity, f.price::numeric as price, f.created_at,
         case when f.side in ('buy', 'cover') then 1 else -1 end as direction
  from fills f
  join event_participants ep on ep.portfolio_id = f.portfolio_id
  where ep.event_id = ${eventId} and ep.removed_at is null and ep.disqualified_at is null
    and f.reversal_of is null and not exists (select 1 from fills r where r.reversal_of = f.id)`;

/** The fills of an evidence list, readable: symbol, side, quantity, price, time, order. */
const fillJson = (f: string) => sql.raw(`jsonb_build_object('fillId', ${f}.id, 'orderId', ${f}.order_id, 'symbol', ${f}.symbol, 'side', ${f}.side, 'quantity', ${f}.quantity, 'price', ${f}.price::text, 'at', ${f}.created_at)`);

/**
 * Inserts the flags `rows` selects (event_id, user_id, counterpart_id, evidence, evidence_key)
 * as `kind`, or refreshes the evidence of the existing ones. Returns how many it touched.
 */
async function upsertFlags(db: DbOrTx, kind: FlagKind, rows: SQL, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into fairplay_flags (id, event_id, user_id, kind, counterpart_id, evidence, evidence_key, status, raised_at, updated_at)
    select gen_random_uuid()::text, r.event_id, r.user_id, ${kind}, r.counterpart_id, r.evidence, r.evidence_key, 'open', ${iso(now)}, ${iso(now)}
    from (${rows}) r
    on conflict (coalesce(event_id, ''), user_id, kind, counterpart_id) do update set
      evidence = excluded.evidence,
      updated_at = excluded.updated_at,
      evidence_key = excluded.evidence_key,
      status = case when fairplay_flags.status = 'dismissed' and fairplay_flags.evidence_key <> excluded.evidence_key then 'open' else fairplay_flags.status end,
      raised_at = case when fairplay_flags.status = 'dismissed' and fairplay_flags.evidence_key <> excluded.evidence_key then excluded.raised_at else fairplay_flags.raised_at end
    where fairplay_flags.evidence is distinct from excluded.evidence or fairplay_flags.evidence_key is distinct from excluded.evidence_key`);
  return result.rowCount ?? 0;
}

export interface DetectedEvent {
  id: string;
  startsAt: Date;
  endsAt: Date;
  finalizedAt: Date | null;
}

/**
 * 1. A return implausible for the market it traded: each participant's return (the event's
 * own board: the live board, or the frozen standings once ended) against the others' — a
 * leave-one-out z-score, the others' spread at least IMPLAUSIBLE_MIN_SPREAD — and against the
 * benchmark's move over the event (the snapshots' benchmark level, first to last).
 */
export async function detectImplausibleReturns(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const returns = event.finalizedAt
    ? sql`select s.user_id, s.total_return::float8 as r, s.equity::text as equity from event_standings s where s.event_id = ${event.id} and s.total_return is not null`
    : sql`select e.user_id, e.total_return as r, e.equity::text as equity from leaderboard_entries e where e.board = ${eventBoard(event.id)} and e.total_return is not null`;
  const rows = sql`
    with cur as (
      select c.* from (${returns}) c
      join event_participants ep on ep.event_id = ${event.id} and ep.user_id = c.user_id and ep.removed_at is null and ep.disqualified_at is null
    ), agg as (
      select count(*)::int as n, sum(r) as s, sum(r * r) as ss from cur
    ), bench as (
      select (array_agg(s.benchmark order by s.taken_at desc))[1]::float8 / nullif((array_agg(s.benchmark order by s.taken_at asc))[1]::float8, 0) - 1 as r
      from equity_snapshots s
      join event_participants ep on ep.portfolio_id = s.portfolio_id and ep.event_id = ${event.id}
      where s.benchmark is not null and s.taken_at >= ${iso(event.startsAt)} and s.taken_at <= ${iso(event.endsAt)}
    ), scored as (
      select c.user_id, c.r, c.equity, a.n - 1 as peers, (a.s - c.r) / (a.n - 1) as peer_mean,
             greatest(sqrt(greatest((a.ss - c.r * c.r - (a.s - c.r) * (a.s - c.r) / (a.n - 1)) / (a.n - 2), 0)), ${IMPLAUSIBLE_MIN_SPREAD}::float8) as peer_spread
      from cur c cross join agg a
      where a.n - 1 >= greatest(${IMPLAUSIBLE_MIN_PEERS}::int, 2)
    ), flagged as (
      select sc.*, (sc.r - sc.peer_mean) / sc.peer_spread as z, b.r as bench
      from scored sc cross join bench b
      where (sc.r - sc.peer_mean) / sc.peer_spread >= ${IMPLAUSIBLE_RETURN_Z}::float8 and sc.r - coalesce(b.r, 0) >= ${IMPLAUSIBLE_MIN_EXCESS}::float8
    ), trades as (
      select ef.user_id, jsonb_agg(${fillJson("ef")} order by ef.created_at, ef.id) as fills, md5(string_agg(ef.id, ',' order by ef.id)) as key
      from (${eventFills(event.id)}) ef where ef.user_id in (select user_id from flagged) group by ef.user_id
    )
    select ${event.id}::text as event_id, fl.user_id, '' as counterpart_id,
      jsonb_build_object('totalReturn', round(fl.r::numeric, 4), 'zScore', round(fl.z::numeric, 2), 'peerMean', round(fl.peer_mean::numeric, 4),
        'peerSpread', round(fl.peer_spread::numeric, 4), 'peers', fl.peers, 'benchmarkReturn', round(fl.bench::numeric, 4), 'equity', fl.equity,
        'fills', coalesce(t.fills, '[]'::jsonb)) as evidence,
      coalesce(t.key, 'no-fills') as evidence_key
    from flagged fl left join trades t on t.user_id = fl.user_id`;
  return upsertFlags(db, "implausible-return", rows, now);
}

/**
 * 2. Mirror trading: two accounts of one event taking opposite directions on one instrument
 * within MIRROR_WINDOW_MS with quantities within MIRROR_QUANTITY_TOLERANCE, at least
 * MIRROR_MIN_PAIRS times, those fills being at least MIRROR_MIN_SHARE of each one's fills.
 * Each account is flagged with the other as counterpart; the evidence has the fill pairs and
 * what each account's matched fills gained or lost (sells minus buys, in cash).
 */
export async function detectMirrorTrading(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const rows = sql`
    with ef as (${eventFills(event.id)}),
    counts as (select user_id, count(*)::int as n from ef group by user_id),
    pairs as (
      select a.user_id as a_user, b.user_id as b_user, a.id as a_id, b.id as b_id, ${fillJson("a")} as a_fill, ${fillJson("b")} as b_fill,
             a.created_at as a_at, -a.direction * a.quantity * a.price as a_cash, -b.direction * b.quantity * b.price as b_cash
      from ef a join ef b
        on a.symbol = b.symbol and a.direction <> b.direction and a.user_id <> b.user_id
       and abs(extract(epoch from (a.created_at - b.created_at))) * 1000 <= ${MIRROR_WINDOW_MS}
       and abs(a.quantity - b.quantity) <= ${MIRROR_QUANTITY_TOLERANCE}::float8 * greatest(a.quantity, b.quantity)
    ), grouped as (
      select a_user, b_user, count(*)::int as pairs, count(distinct a_id)::int as a_n, count(distinct b_id)::int as b_n,
             jsonb_agg(jsonb_build_object('fill', a_fill, 'counterpartFill', b_fill) order by a_at, a_id, b_id) as list,
             md5(string_agg(a_id || '/' || b_id, ',' order by a_id, b_id)) as key
      from pairs group by a_user, b_user
    ), cash as (
      select a_user, b_user, sum(a_cash) as a_cash, sum(b_cash) as b_cash
      from (select distinct on (a_id, b_user) a_user, b_user, a_id, a_cash, 0 as b_cash from pairs
            union all select distinct on (b_id, a_user) a_user, b_user, b_id, 0, b_cash from pairs) x
      group by a_user, b_user
    )
    select ${event.id}::text as event_id, g.a_user as user_id, g.b_user as counterpart_id,
      jsonb_build_object('pairs', g.pairs, 'fillsMatched', g.a_n, 'fillsTotal', ca.n, 'counterpartFillsMatched', g.b_n, 'counterpartFillsTotal', cb.n,
        'cashFromMatched', round(c.a_cash, 2)::text, 'counterpartCashFromMatched', round(c.b_cash, 2)::text, 'windowMinutes', ${MIRROR_WINDOW_MS / 60_000}::int,
        'list', g.list) as evidence,
      g.key as evidence_key
    from grouped g
    join counts ca on ca.user_id = g.a_user
    join counts cb on cb.user_id = g.b_user
    join cash c on c.a_user = g.a_user and c.b_user = g.b_user
    where g.pairs >= ${MIRROR_MIN_PAIRS} and g.a_n >= ${MIRROR_MIN_SHARE}::float8 * ca.n and g.b_n >= ${MIRROR_MIN_SHARE}::float8 * cb.n`;
  return upsertFlags(db, "mirror-trading", rows, now);
}

/**
 * 3. Several accounts joining one event from one address: SHARED_ADDRESS_MIN_ACCOUNTS or more
 * participant rows with the same join-address hash. Each is flagged; the evidence names the
 * accounts (their ids and join times), never the address. Not run for class contests, whose
 * pupils share their school's address by nature (the caller leaves them out).
 */
export async function detectSharedAddress(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const rows = sql`
    with groups as (
      select join_address_hash as h, count(*)::int as n,
             jsonb_agg(jsonb_build_object('userId', user_id, 'joinedAt', joined_at) order by joined_at, user_id) as accounts,
             md5(string_agg(user_id, ',' order by user_id)) as key
      from event_participants
      where event_id = ${event.id} and removed_at is null and disqualified_at is null and join_address_hash is not null
      group by join_address_hash having count(*) >= ${SHARED_ADDRESS_MIN_ACCOUNTS}
    )
    select ${event.id}::text as event_id, ep.user_id, '' as counterpart_id,
      jsonb_build_object('accounts', g.accounts, 'count', g.n) as evidence, g.key as evidence_key
    from groups g
    join event_participants ep on ep.event_id = ${event.id} and ep.join_address_hash = g.h and ep.removed_at is null and ep.disqualified_at is null`;
  return upsertFlags(db, "shared-address", rows, now);
}

/**
 * 4. Trading on the replay's step boundary: fills in the last stretch of a replay trading day
 * (`boundaries`, from the events feature) where the next day's known open differs from the
 * fill's price by at least BOUNDARY_MIN_GAP. Flagged when at least BOUNDARY_MIN_TRADES of
 * them went the trader's way and at least BOUNDARY_MIN_HIT_RATE of them did.
 */
export async function detectReplayBoundaryTrading(db: DbOrTx, event: DetectedEvent, boundaries: readonly ReplayDayBoundary[], now: Date): Promise<number> {
  if (boundaries.length === 0) return 0;
  const values = sql.join(
    boundaries.map((b) => sql`(${b.symbol}::text, ${b.tradingDay}::text, ${b.nextTradingDay}::text, ${iso(b.windowStart)}, ${iso(b.endsAt)}, ${b.nextOpen}::numeric)`),
    sql`, `,
  );
  const rows = sql`
    with b(symbol, day, next_day, window_start, ends_at, next_open) as (values ${values}),
    hits as (
      select ef.*, b.day, b.next_day, b.next_open, b.ends_at, ef.direction * (b.next_open - ef.price) / ef.price as gain
      from (${eventFills(event.id)}) ef
      join b on b.symbol = ef.symbol and ef.created_at >= b.window_start and ef.created_at < b.ends_at
      where abs(b.next_open - ef.price) >= ${BOUNDARY_MIN_GAP}::numeric * ef.price
    ), per_person as (
      select user_id, count(*)::int as n, (count(*) filter (where gain > 0))::int as wins,
             jsonb_agg(${fillJson("hits")} || jsonb_build_object('tradingDay', day, 'nextTradingDay', next_day, 'dayEndsAt', ends_at, 'nextOpen', next_open::text, 'gain', round(gain, 4)) order by created_at, id) as list,
             md5(string_agg(id, ',' order by id)) as key
      from hits group by user_id
    )
    select ${event.id}::text as event_id, user_id, '' as counterpart_id,
      jsonb_build_object('favourable', wins, 'gapped', n, 'minGap', ${BOUNDARY_MIN_GAP}::float8, 'list', list) as evidence, key as evidence_key
    from per_person
    where wins >= ${BOUNDARY_MIN_TRADES} and wins >= ${BOUNDARY_MIN_HIT_RATE}::float8 * n`;
  return upsertFlags(db, "replay-boundary", rows, now);
}

/**
 * 5. Repeated resets to climb the practice board: at least RESETS_MIN `portfolio.reset`
 * entries of the audit log within RESETS_WINDOW_MS, by someone now ranked RESETS_TOP_RANK or
 * higher on a practice board. A practice flag (no event): admins review it.
 */
export async function detectRepeatedResets(db: DbOrTx, now: Date): Promise<number> {
  const boards = sql.join(
    RANKING_PERIODS.map((p) => sql`${practiceBoard(p)}`),
    sql`, `,
  );
  const rows = sql`
    with resets as (
      select actor_id as user_id, count(*)::int as n, jsonb_agg(at order by at) as times, md5(string_agg(id::text, ',' order by id)) as key
      from audit_log
      where action = 'portfolio.reset' and actor_id is not null and at > ${iso(now)} - make_interval(secs => ${RESETS_WINDOW_MS / 1000})
      group by actor_id having count(*) >= ${RESETS_MIN}
    ), best as (
      select distinct on (user_id) user_id, rank, board from leaderboard_entries
      where board in (${boards}) and user_id in (select user_id from resets)
      order by user_id, rank, board
    )
    select null::text as event_id, r.user_id, '' as counterpart_id,
      jsonb_build_object('resets', r.n, 'times', r.times, 'windowDays', ${RESETS_WINDOW_MS / 86_400_000}::int, 'rank', b.rank, 'board', b.board) as evidence,
      r.key as evidence_key
    from resets r join best b on b.user_id = r.user_id
    where b.rank <= ${RESETS_TOP_RANK}`;
  return upsertFlags(db, "repeated-resets", rows, now);
}
