/**
 * The fair-play detectors (docs/decisions/046-fair-play-monitor.md): one SQL statement per
 * pattern over an event's orders, fills, boards and snapshots (the practice board's resets
 * over the audit log), each an upsert into fairplay_flags. A flag is unique per (event,
 * person, kind, counterpart): running a detector again refreshes the evidence of the flag it
 * raised before; a dismissed flag opens again only when its evidence (the trades, the resets,
 * the accounts: `evidence_key`) is new. Thresholds come from the domain (src/domain/fairplay).
 * Each table is read through its owner's subquery (docs/architecture.md, "Tables and their
 * owners"): the fills that count are the engine's, the participants and final standings the
 * events', the boards the ranking's, the snapshots the portfolio's, the resets the audit log's.
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import {
  BOUNDARY_MIN_GAP,
  BOUNDARY_MIN_HIT_RATE,
  BOUNDARY_MIN_TRADES,
  BRACKET_WASH_MAX_MOVE,
  BRACKET_WASH_MIN_GROUPS,
  BRACKET_WASH_WINDOW_MS,
  type FlagKind,
  ILLIQUID_MIN_ORDERS,
  ILLIQUID_MIN_SHARE_OF_ADV,
  IMPLAUSIBLE_MIN_EXCESS,
  IMPLAUSIBLE_MIN_PEERS,
  IMPLAUSIBLE_MIN_SPREAD,
  IMPLAUSIBLE_RETURN_Z,
  isMirrorTrading,
  MARGIN_EDGE_MIN_ORDERS,
  matchMirroredFills,
  MIRROR_QUANTITY_TOLERANCE,
  MIRROR_WINDOW_MS,
  RESETS_MIN,
  RESETS_WINDOW_MS,
  SHARED_ADDRESS_MIN_ACCOUNTS,
} from "@/domain/fairplay";
import { addMoney, formatMoney, parseMoney } from "@/domain/trading";
import { boardParticipantsSql, finalStandingsSql, participantPortfoliosSql, type ReplayDayBoundary } from "@/features/events";
import { instrumentDepthSql } from "@/features/market";
import { snapshotsSql } from "@/features/portfolio";
import { eventBoardRowsSql, type PracticePlace } from "@/features/ranking";
import { countedFillsSql, orderFactsSql } from "@/features/trading";
import { auditEntriesSql } from "@/server/audit";
import type { DbOrTx } from "@/server/db";

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The event's fills that count: its participants' on the board (not removed or disqualified), reversed fills and their reversals left out (trading's rule). */
const eventFills = (eventId: string) => sql`
  select f.id, f.order_id, ep.user_id, f.symbol, f.side, f.quantity, f.price::numeric as price, f.created_at,
         case when f.side in ('buy', 'cover') then 1 else -1 end as direction
  from (${countedFillsSql(sql`select portfolio_id from (${boardParticipantsSql(eventId)}) bp`)}) f
  join (${boardParticipantsSql(eventId)}) ep on ep.portfolio_id = f.portfolio_id`;

/** The event's orders on its board's participants' portfolios (trading's `orderFactsSql`), with the participant. */
const eventOrders = (eventId: string) => sql`
  select o.*, ep.user_id
  from (${orderFactsSql(sql`select portfolio_id from (${boardParticipantsSql(eventId)}) bp`)}) o
  join (${boardParticipantsSql(eventId)}) ep on ep.portfolio_id = o.portfolio_id`;

/** An order of an evidence list, readable: symbol, side, quantity, status, what filled, time. */
const orderJson = (o: string) =>
  sql.raw(
    `jsonb_build_object('orderId', ${o}.id, 'symbol', ${o}.symbol, 'side', ${o}.side, 'type', ${o}.type, 'quantity', ${o}.quantity, 'filledQuantity', ${o}.filled_quantity, 'status', ${o}.status, 'at', ${o}.created_at)`,
  );

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
    ? sql`select s.user_id, s.total_return::float8 as r, s.equity::text as equity from (${finalStandingsSql(event.id)}) s where s.total_return is not null`
    : sql`select e.user_id, e.total_return as r, e.equity::text as equity from (${await eventBoardRowsSql(db, event.id)}) e where e.total_return is not null`;
  const rows = sql`
    with cur as (
      select c.* from (${returns}) c
      join (${boardParticipantsSql(event.id)}) ep on ep.user_id = c.user_id
    ), agg as (
      select count(*)::int as n, sum(r) as s, sum(r * r) as ss from cur
    ), bench as (
      select (array_agg(s.benchmark order by s.taken_at desc))[1]::float8 / nullif((array_agg(s.benchmark order by s.taken_at asc))[1]::float8, 0) - 1 as r
      from (${snapshotsSql(sql`select portfolio_id from (${participantPortfoliosSql(event.id)}) pp`, { from: event.startsAt, to: event.endsAt })}) s
      where s.benchmark is not null
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
 * within MIRROR_WINDOW_MS with quantities within MIRROR_QUANTITY_TOLERANCE. The SQL lists every
 * such combination of two fills; the domain's `matchMirroredFills` makes them pairs one to one
 * (a fill in one pair at most, the closest first), so the count, the fills counted and the list
 * shown are the same pairs (issue #23 §3: nine fills were "36 mirrored pairs"). Flagged with at
 * least MIRROR_MIN_PAIRS pairs making up at least MIRROR_MIN_SHARE of each one's fills
 * (`isMirrorTrading`). Each account gets its flag (its own review and notice), the other as
 * counterpart; the review page shows the two as one flag of the pair. The evidence has the
 * pairs and what each account's matched fills gained or lost (sells minus buys, in cash), and
 * the same key on both sides: the pairs' fill ids.
 */
export async function detectMirrorTrading(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const candidates = await db.execute<{
    a_user: string;
    b_user: string;
    a_id: string;
    b_id: string;
    a_fill: Record<string, unknown>;
    b_fill: Record<string, unknown>;
    a_at: string;
    gap_ms: string;
    a_cash: string;
    b_cash: string;
    a_n: number;
    b_n: number;
  }>(sql`
    with ef as (${eventFills(event.id)}),
    counts as (select user_id, count(*)::int as n from ef group by user_id)
    select a.user_id as a_user, b.user_id as b_user, a.id as a_id, b.id as b_id, ${fillJson("a")} as a_fill, ${fillJson("b")} as b_fill,
           (extract(epoch from a.created_at) * 1000)::bigint::text as a_at,
           round(abs(extract(epoch from (a.created_at - b.created_at))) * 1000)::bigint::text as gap_ms,
           (-a.direction * a.quantity * a.price)::numeric(20, 2)::text as a_cash, (-b.direction * b.quantity * b.price)::numeric(20, 2)::text as b_cash,
           ca.n as a_n, cb.n as b_n
    from ef a join ef b
      on a.symbol = b.symbol and a.direction <> b.direction and a.user_id < b.user_id
     and abs(extract(epoch from (a.created_at - b.created_at))) * 1000 <= ${MIRROR_WINDOW_MS}
     and abs(a.quantity - b.quantity) <= ${MIRROR_QUANTITY_TOLERANCE}::float8 * greatest(a.quantity, b.quantity)
    join counts ca on ca.user_id = a.user_id
    join counts cb on cb.user_id = b.user_id`);
  const byPair = new Map<string, typeof candidates.rows>();
  for (const row of candidates.rows) {
    const key = `${row.a_user}\u0000${row.b_user}`;
    const list = byPair.get(key) ?? [];
    list.push(row);
    byPair.set(key, list);
  }
  const flags: SQL[] = [];
  for (const rows of byPair.values()) {
    const pairs = matchMirroredFills(rows.map((r) => ({ ...r, a: r.a_id, b: r.b_id, gapMs: Number(r.gap_ms), aAt: Number(r.a_at) })));
    const { a_user: aUser, b_user: bUser, a_n: aTotal, b_n: bTotal } = rows[0]!;
    if (!isMirrorTrading(pairs.length, aTotal, bTotal)) continue;
    const aCash = formatMoney(addMoney(...pairs.map((p) => parseMoney(p.a_cash))));
    const bCash = formatMoney(addMoney(...pairs.map((p) => parseMoney(p.b_cash))));
    const key = createHash("md5").update(pairs.map((p) => `${p.a_id}/${p.b_id}`).sort().join(",")).digest("hex");
    const side = (mine: { user: string; total: number; cash: string }, theirs: { user: string; total: number; cash: string }, list: Array<Record<string, unknown>>) => {
      const evidence = {
        pairs: pairs.length,
        fillsMatched: pairs.length,
        fillsTotal: mine.total,
        counterpartFillsMatched: pairs.length,
        counterpartFillsTotal: theirs.total,
        cashFromMatched: mine.cash,
        counterpartCashFromMatched: theirs.cash,
        windowMinutes: MIRROR_WINDOW_MS / 60_000,
        list,
      };
      return sql`(${event.id}::text, ${mine.user}::text, ${theirs.user}::text, ${JSON.stringify(evidence)}::jsonb, ${key}::text)`;
    };
    const a = { user: aUser, total: aTotal, cash: aCash };
    const b = { user: bUser, total: bTotal, cash: bCash };
    flags.push(side(a, b, pairs.map((p) => ({ fill: p.a_fill, counterpartFill: p.b_fill }))));
    flags.push(side(b, a, pairs.map((p) => ({ fill: p.b_fill, counterpartFill: p.a_fill }))));
  }
  if (flags.length === 0) return 0;
  const rows = sql`select * from (values ${sql.join(flags, sql`, `)}) as v(event_id, user_id, counterpart_id, evidence, evidence_key)`;
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
      from (${boardParticipantsSql(event.id)}) bp
      where join_address_hash is not null
      group by join_address_hash having count(*) >= ${SHARED_ADDRESS_MIN_ACCOUNTS}
    )
    select ${event.id}::text as event_id, ep.user_id, '' as counterpart_id,
      jsonb_build_object('accounts', g.accounts, 'count', g.n) as evidence, g.key as evidence_key
    from groups g
    join (${boardParticipantsSql(event.id)}) ep on ep.join_address_hash = g.h`;
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
export async function detectRepeatedResets(db: DbOrTx, now: Date, high: readonly PracticePlace[]): Promise<number> {
  // The practice boards are stored whole (decision 091): who holds their first RESETS_TOP_RANK
  // places comes from the ranking feature (practiceTopPlaces), read by the monitor before its transaction.
  const places =
    high.length === 0
      ? sql`select null::text as user_id, null::int as rank, null::text as board where false`
      : sql`select * from (values ${sql.join(
          high.map((r) => sql`(${r.userId}::text, ${r.place}::int, ${r.board}::text)`),
          sql`, `,
        )}) as v(user_id, rank, board)`;
  const rows = sql`
    with resets as (
      select actor_id as user_id, count(*)::int as n, jsonb_agg(at order by at) as times, md5(string_agg(id::text, ',' order by id)) as key
      from (${auditEntriesSql("portfolio.reset", new Date(now.getTime() - RESETS_WINDOW_MS))}) a
      where actor_id is not null
      group by actor_id having count(*) >= ${RESETS_MIN}
    ), best as (
      select distinct on (user_id) user_id, rank, board from (${places}) e
      where user_id in (select user_id from resets)
      order by user_id, rank, board
    )
    select null::text as event_id, r.user_id, '' as counterpart_id,
      jsonb_build_object('resets', r.n, 'times', r.times, 'windowDays', ${RESETS_WINDOW_MS / 86_400_000}::int, 'rank', b.rank, 'board', b.board) as evidence,
      r.key as evidence_key
    from resets r join best b on b.user_id = r.user_id`;
  return upsertFlags(db, "repeated-resets", rows, now);
}

/**
 * 6. Orders sized to illiquid instruments (issue #22 §4): at least ILLIQUID_MIN_ORDERS of the
 * person's own orders (not a bracket's exit legs) on the practice market, each for at least
 * ILLIQUID_MIN_SHARE_OF_ADV of its instrument's average daily volume (the market's depth; an
 * unknown volume is never counted). The engine already fills such orders in parts with impact
 * (decision 054); the flag is for the organiser to see someone trying to corner a thin stock.
 */
export async function detectIlliquidSizing(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const rows = sql`
    with sized as (
      select eo.*, d.average_daily_volume as adv, eo.quantity::float8 / d.average_daily_volume as share
      from (${eventOrders(event.id)}) eo
      join (${instrumentDepthSql()}) d on d.symbol = eo.symbol
      where eo.placed_by is not null and eo.leg is distinct from 'take-profit' and eo.leg is distinct from 'stop-loss' and not eo.replay
        and d.average_daily_volume > 0 and eo.quantity >= ${ILLIQUID_MIN_SHARE_OF_ADV}::float8 * d.average_daily_volume
    ), per_person as (
      select user_id, count(*)::int as n, count(distinct symbol)::int as symbols,
             jsonb_agg(${orderJson("sized")} || jsonb_build_object('averageDailyVolume', adv, 'shareOfVolume', round(share::numeric, 4)) order by created_at, id) as list,
             md5(string_agg(id, ',' order by id)) as key
      from sized group by user_id
    )
    select ${event.id}::text as event_id, user_id, '' as counterpart_id,
      jsonb_build_object('orders', n, 'instruments', symbols, 'minShareOfVolume', ${ILLIQUID_MIN_SHARE_OF_ADV}::float8, 'list', list) as evidence, key as evidence_key
    from per_person where n >= ${ILLIQUID_MIN_ORDERS}`;
  return upsertFlags(db, "illiquid-sizing", rows, now);
}

/**
 * 7. Trading at the edge of a margin call (issue #22 §4): at least MARGIN_EDGE_MIN_ORDERS of the
 * person's own orders placed while a margin call stood on the portfolio (the order path records
 * the standing call on the order), at least one of them a buy or a short — adding to positions
 * instead of meeting the call. Meeting a call by selling and covering is never flagged.
 */
export async function detectMarginCallEdge(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const rows = sql`
    with edged as (
      select eo.* from (${eventOrders(event.id)}) eo
      where eo.placed_by is not null and eo.under_margin_call_at is not null and eo.leg is distinct from 'take-profit' and eo.leg is distinct from 'stop-loss'
    ), per_person as (
      select user_id, count(*)::int as n, (count(*) filter (where side in ('buy', 'short')))::int as adding,
             count(distinct under_margin_call_at)::int as calls,
             jsonb_agg(${orderJson("edged")} || jsonb_build_object('callRaisedAt', under_margin_call_at) order by created_at, id) as list,
             md5(string_agg(id, ',' order by id)) as key
      from edged group by user_id
    )
    select ${event.id}::text as event_id, user_id, '' as counterpart_id,
      jsonb_build_object('orders', n, 'adding', adding, 'calls', calls, 'list', list) as evidence, key as evidence_key
    from per_person where n >= ${MARGIN_EDGE_MIN_ORDERS} and adding >= 1`;
  return upsertFlags(db, "margin-call-edge", rows, now);
}

/**
 * 8. Washing a position through a bracket (issue #22 §4): a bracket's (or OTO's) entry filled,
 * and one of its exit legs filled at most BRACKET_WASH_WINDOW_MS after the entry's last fill at
 * an average price within BRACKET_WASH_MAX_MOVE of the entry's — a round trip that changes
 * nothing but the trade count. Flagged with at least BRACKET_WASH_MIN_GROUPS such groups.
 */
export async function detectBracketWash(db: DbOrTx, event: DetectedEvent, now: Date): Promise<number> {
  const rows = sql`
    with eo as (${eventOrders(event.id)}),
    f as (${countedFillsSql(sql`select portfolio_id from (${boardParticipantsSql(event.id)}) bp`)}),
    entries as (
      select e.id, e.user_id, e.symbol, e.side, e.filled_quantity, e.order_class, e.average_price as price, max(f.created_at) as filled_at
      from eo e join f on f.order_id = e.id
      where e.order_class in ('bracket', 'oto') and e.leg = 'entry' and e.filled_quantity > 0
      group by e.id, e.user_id, e.symbol, e.side, e.filled_quantity, e.order_class, e.average_price
    ), exits as (
      select x.parent_id, x.id, x.leg, x.filled_quantity, x.average_price as price, max(f.created_at) as filled_at
      from eo x join f on f.order_id = x.id
      where x.leg in ('take-profit', 'stop-loss') and x.filled_quantity > 0
      group by x.parent_id, x.id, x.leg, x.filled_quantity, x.average_price
    ), washed as (
      select en.*, ex.id as exit_id, ex.leg as exit_leg, ex.price as exit_price, ex.filled_at as exit_at
      from entries en join exits ex on ex.parent_id = en.id
      where ex.filled_at - en.filled_at <= ${`${BRACKET_WASH_WINDOW_MS} milliseconds`}::interval
        and abs(ex.price - en.price) <= ${BRACKET_WASH_MAX_MOVE}::numeric * en.price
    ), per_person as (
      select user_id, count(*)::int as n,
             jsonb_agg(jsonb_build_object('orderId', id, 'exitOrderId', exit_id, 'orderClass', order_class, 'symbol', symbol, 'side', side, 'quantity', filled_quantity,
               'entryPrice', round(price, 2)::text, 'exitPrice', round(exit_price, 2)::text, 'exitLeg', exit_leg, 'at', filled_at, 'exitAt', exit_at,
               'minutes', round((extract(epoch from (exit_at - filled_at)) / 60)::numeric, 1)) order by filled_at, id) as list,
             md5(string_agg(id, ',' order by id)) as key
      from washed group by user_id
    )
    select ${event.id}::text as event_id, user_id, '' as counterpart_id,
      jsonb_build_object('groups', n, 'windowMinutes', ${BRACKET_WASH_WINDOW_MS / 60_000}::int, 'maxMove', ${BRACKET_WASH_MAX_MOVE}::float8, 'list', list) as evidence, key as evidence_key
    from per_person where n >= ${BRACKET_WASH_MIN_GROUPS}`;
  return upsertFlags(db, "bracket-wash", rows, now);
}
