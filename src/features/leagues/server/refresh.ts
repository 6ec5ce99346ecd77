/**
 * Weekly leagues, precomputed set-based (docs/decisions/045-leagues.md): like the boards
 * (docs/decisions/019-rankings.md), every figure and place is computed inside the database by
 * `INSERT … SELECT` / `UPDATE … FROM` with window functions — no per-person round trips — and the
 * page reads a group's precomputed rows by index.
 *
 * One refresh (`refreshLeagues`, the minute task) is, in one transaction behind the scheduler's
 * fence:
 *  1. the week's rollover when this week has no rows yet (`rolloverLeagues`, keyed by the week's
 *     Monday, so it happens once however often or late it runs);
 *  2. people who opted out or were disabled leave this week's league;
 *  3. newcomers (this week's first XP or practice order) join their tier's last group;
 *  4. every member's points and place, written only where they changed.
 * The rules are the domain's (src/domain/leagues); tests/integration/leagues.test.ts checks the
 * SQL against it on random data.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  DIVERSIFICATION_MAX_HOLDINGS,
  DIVERSIFICATION_POINTS,
  JOURNAL_MAX_ORDERS,
  JOURNAL_POINTS,
  LEAGUE_GROUP_SIZE,
  LEAGUE_MIN_SIZE,
  LEAGUE_MOVES,
  leagueWeekKey,
  leagueWeekStart,
  RISK_MAX_UNITS,
  RISK_POINTS,
  riskWindow,
  TOP_TIER,
} from "@/domain/leagues";
import { MS_PER_YEAR } from "@/domain/trading";
import { carriedSql, claimRefresh, completeRefresh, LEAGUES_GROUP, lockRebuilds, returnSql, sharpePrecision, utcDay } from "@/features/ranking";
import type { Db, DbOrTx, Tx } from "@/server/db";

export interface LeagueRefreshOptions {
  now: Date;
  /** The scheduler's fence: called first in the transaction, so a stale leader never writes. */
  fence?: (tx: Tx) => Promise<void>;
}

/** The scheduler's periods: standings every minute; the rollover looked for every 10 s (it starts the week within seconds of Monday 00:00 UTC). */
export const LEAGUE_REFRESH_MS = 60_000;
export const LEAGUE_ROLLOVER_MS = 10_000;

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const DAY_MS = 86_400_000;

/**
 * Who may be in a league, for a `users` row aliased `u`: an active account that did not opt out.
 * (Roster accounts are in, but only in their class's scope: `scopeSql`.)
 */
const inLeaguesSql = (u: string) => sql.raw(`(${u}.disabled_at is null and not ${u}.league_opt_out)`);

/**
 * Whom a person may meet (docs/decisions/038-classes.md: roster accounts meet only their class):
 * "all" for a standard account, "class:{id}" for a roster account (its class as a student; the
 * first by id if several), null for a roster account in no class (in no league).
 */
const scopeSql = (u: string) =>
  sql.raw(
    `(case when ${u}.kind = 'roster' then (select 'class:' || min(cm.class_id) from class_members cm where cm.user_id = ${u}.id and cm.role = 'student') else 'all' end)`,
  );

/** The domain's movePlaces/moveOf in SQL, for a row with tier, rank, size and points. */
function moveSql(tier: SQL, rank: SQL, size: SQL, points: SQL): SQL {
  const each = sql`least(${LEAGUE_MOVES}::int, (${size} + 5) / 6)`;
  const promote = sql`(case when ${tier} >= ${TOP_TIER}::int then 0 else ${each} end)`;
  const demote = sql`(case when ${tier} <= 0 then 0 else least(${each}, ${size} - ${promote}) end)`;
  return sql`(case when ${rank} <= ${promote} and ${points} > 0 then 'up' when ${rank} > ${size} - ${demote} then 'down' else 'stay' end)`;
}

/**
 * Starts the league week containing `now` from the last week that had members, once: each
 * member who may still be in a league moves up, down or stays by their final place (as the last
 * refresh before the week ended left it, what they saw), no league starting with fewer than
 * LEAGUE_MIN_SIZE (the domain's `settleTiers`: a move into a tier too few reach waits, a tier
 * still too small merges into the nearest, too few in all wait), and each tier (per scope) is split
 * into groups of about LEAGUE_GROUP_SIZE by last week's points, so people of similar recent
 * activity meet. Does nothing when this week has rows already (idempotent, keyed by the
 * week's Monday) or there was no earlier week. Returns the rows written.
 */
export async function rolloverLeagues(db: Db, options: LeagueRefreshOptions): Promise<number> {
  return db.transaction(async (tx) => {
    await options.fence?.(tx);
    return rolloverIn(tx, options.now);
  });
}

async function rolloverIn(tx: DbOrTx, now: Date): Promise<number> {
  const week = leagueWeekKey(now);
  const started = await tx.execute<{ one: number }>(sql`select 1 as one from league_members where week_start = ${week}::date limit 1`);
  if (started.rows.length > 0) return 0;
  const moved = moveSql(sql`l.tier`, sql`l.rank`, sql`l.size`, sql`l.points`);
  const result = await tx.execute(sql`
    insert into league_members (week_start, user_id, scope, tier, group_no, arrival, joined_at, account_created_at)
    with prev as (
      select max(week_start) as week_start from league_members where week_start < ${week}::date
    ), last as (
      select m.user_id, m.tier, m.rank, m.points, m.account_created_at,
             count(*) over (partition by m.scope, m.tier, m.group_no)::int as size
      from league_members m where m.week_start = (select week_start from prev)
    ), moved as (
      select l.user_id, l.points, l.account_created_at, ${scopeSql("u")} as scope, ${moved} as arrival, l.tier
      from last l join users u on u.id = l.user_id and ${inLeaguesSql("u")}
    ), tiered as (
      select user_id, points, account_created_at, scope, tier as from_tier,
             (case arrival when 'up' then least(tier + 1, ${TOP_TIER}::int) when 'down' then greatest(tier - 1, 0) else tier end) as tier
      from moved where scope is not null
    ), reached as (
      -- The domain's settleTiers, step 1: a move into a tier too few reach waits.
      select *, count(*) over (partition by scope, tier) as n from tiered
    ), stayed as (
      select user_id, points, account_created_at, scope, from_tier, (case when n < ${LEAGUE_MIN_SIZE}::int then from_tier else tier end) as tier from reached
    ), counted as (
      select *, count(*) over (partition by scope, tier) as n, count(*) over (partition by scope) as total from stayed
    ), enough as (
      select distinct scope, tier from counted where n >= ${LEAGUE_MIN_SIZE}::int
    ), fullest as (
      select distinct on (scope) scope, tier from counted order by scope, n desc, tier asc
    ), settled as (
      -- Step 2: a tier still too small merges into the nearest with enough (the lower of two as
      -- near); with none, all play in the fullest if they are enough together, else nobody starts.
      select c.user_id, c.points, c.account_created_at, c.scope, c.from_tier,
             (case when c.n >= ${LEAGUE_MIN_SIZE}::int then c.tier
                   when exists (select 1 from enough e where e.scope = c.scope)
                     then (select e.tier from enough e where e.scope = c.scope order by abs(e.tier - c.tier), e.tier limit 1)
                   when c.total >= ${LEAGUE_MIN_SIZE}::int then (select f.tier from fullest f where f.scope = c.scope)
              end) as tier
      from counted c
    ), ordered as (
      select *, row_number() over (partition by scope, tier order by points desc, account_created_at asc, user_id collate "C" asc) as position,
             count(*) over (partition by scope, tier) as n
      from settled where tier is not null
    )
    select ${week}::date, user_id, scope, tier, (((position - 1) * ((n + ${LEAGUE_GROUP_SIZE - 1}) / ${LEAGUE_GROUP_SIZE})) / n + 1)::int,
           (case when tier > from_tier then 'up' when tier < from_tier then 'down' else 'stay' end), ${iso(now)}, account_created_at
    from ordered
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** People who opted out or whose account was disabled leave this week's league (earlier weeks stay: they are the record). */
async function removeLeavers(tx: DbOrTx, week: string): Promise<number> {
  const result = await tx.execute(sql`
    delete from league_members m using users u
    where m.week_start = ${week}::date and u.id = m.user_id and not ${inLeaguesSql("u")}`);
  return result.rowCount ?? 0;
}

/**
 * Who was active in the league week so far (XP earned or a practice order placed): the one rule
 * for joining a league, used by the refresh and by the leagues page's "waiting" answer.
 */
export function activeThisWeekSql(weekStart: Date, now: Date) {
  return sql`
      select x.user_id from xp_events x where x.created_at >= ${iso(weekStart)} and x.created_at <= ${iso(now)}
      union
      select p.user_id from orders o join portfolios p on p.id = o.portfolio_id and p.kind = 'practice'
      where o.created_at >= ${iso(weekStart)} and o.created_at <= ${iso(now)}`;
}

/**
 * Newcomers: people who may be in a league, have none this week, and were active this week (XP
 * earned or a practice order placed). Each joins the tier they last had (the lowest, 0, the
 * first time) or, when their scope has no league there this week, the nearest that has one
 * (`newcomerTier`); in that tier's last group while it has room, else in new groups, which start
 * only with at least LEAGUE_MIN_SIZE people — fewer wait for more (the domain's
 * `newcomerGroup`), in the order their accounts were made.
 */
async function joinNewcomers(tx: DbOrTx, week: string, weekStart: Date, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    insert into league_members (week_start, user_id, scope, tier, group_no, arrival, joined_at, account_created_at)
    with active as (${activeThisWeekSql(weekStart, now)}), candidates as (
      select u.id as user_id, u.created_at, ${scopeSql("u")} as scope,
             coalesce((select l.tier from league_members l where l.user_id = u.id order by l.week_start desc limit 1), 0)::int as last_tier
      from active a join users u on u.id = a.user_id and ${inLeaguesSql("u")}
      where not exists (select 1 from league_members l where l.week_start = ${week}::date and l.user_id = u.id)
    ), tiered as (
      -- The domain's newcomerTier: their last tier when their scope has a league there this week,
      -- else the nearest tier that has one (the lower of two as near), else their own.
      select c.*, coalesce((select g.tier from league_members g where g.week_start = ${week}::date and g.scope = c.scope
                            group by g.tier order by abs(g.tier - c.last_tier), g.tier limit 1), c.last_tier)::int as tier
      from candidates c where c.scope is not null
    ), ordered as (
      select *, row_number() over (partition by scope, tier order by created_at asc, user_id collate "C" asc) as position,
             count(*) over (partition by scope, tier) as newcomers
      from tiered
    ), last_group as (
      select m.scope, m.tier, m.group_no, count(*)::int as size
      from league_members m
      where m.week_start = ${week}::date
        and m.group_no = (select max(g.group_no) from league_members g where g.week_start = m.week_start and g.scope = m.scope and g.tier = m.tier)
      group by m.scope, m.tier, m.group_no
    ), placed as (
      select o.*, coalesce(lg.group_no, 0) as last_no,
             (case when lg.group_no is null then 0 else greatest(0, ${LEAGUE_GROUP_SIZE}::int - lg.size) end) as room
      from ordered o left join last_group lg on lg.scope = o.scope and lg.tier = o.tier
    ), grouped as (
      -- The domain's newcomerGroup: the last group while it has room; the rest start new groups
      -- (nearly equal, at most a full group each) only when there are enough of them to start one, else wait.
      select p.*, (case when position <= room then last_no
                        when newcomers - room >= ${LEAGUE_MIN_SIZE}::int
                          then last_no + ((position - room - 1) * ((newcomers - room + ${LEAGUE_GROUP_SIZE - 1}) / ${LEAGUE_GROUP_SIZE})) / (newcomers - room) + 1
                   end)::int as group_no
      from placed p
    )
    select ${week}::date, user_id, scope, tier, group_no, 'new', ${iso(now)}, created_at
    from grouped where group_no is not null
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Every member's points (src/domain/leagues/points.ts, part by part) and place in their group
 * (points, then the earlier account, then the id), written only to the rows whose figures or
 * place changed. The risk part reads only daily 00:00 UTC snapshots, so it is computed once a
 * UTC day per member (`risk_on`), not every minute: the other members keep their stored part.
 */
async function writeStandings(tx: DbOrTx, week: string, weekStart: Date, now: Date): Promise<number> {
  const window = sql.join(
    riskWindow(now).map((at) => iso(at)),
    sql`, `,
  );
  const today = utcDay(now);
  const annualise = Math.sqrt(MS_PER_YEAR / DAY_MS);
  const result = await tx.execute(sql`
    with members as (
      select m.user_id, m.scope, m.tier, m.group_no, m.account_created_at, m.risk, p.id as portfolio_id, p.starting_cash,
             m.risk_on is distinct from ${today}::date as needs_risk
      from league_members m
      left join portfolios p on p.user_id = m.user_id and p.kind = 'practice'
      where m.week_start = ${week}::date
    ), xp as (
      select x.user_id, sum(x.amount)::int as xp from xp_events x
      where x.created_at >= ${iso(weekStart)} and x.created_at <= ${iso(now)} and x.user_id in (select user_id from members)
      group by x.user_id
    ), journal as (
      select m.user_id, count(*)::int as orders from members m
      join orders o on o.portfolio_id = m.portfolio_id
      where o.created_at >= ${iso(weekStart)} and o.created_at <= ${iso(now)}
        and o.status <> 'rejected' and o.note is not null and btrim(o.note) <> ''
      group by m.user_id
    ), spread as (
      select m.user_id, div(sum(abs(pm.quantity * pm.price)) * sum(abs(pm.quantity * pm.price)), sum((pm.quantity * pm.price) * (pm.quantity * pm.price)))::int as effective
      from members m join position_marks pm on pm.portfolio_id = m.portfolio_id
      where pm.quantity <> 0 and pm.price is not null and pm.price <> 0
      group by m.user_id
    ), series as (
      -- Only members whose risk part is not yet today's: the daily snapshots change once a day.
      select m.user_id, s.taken_at, s.equity, coalesce(s.units, m.starting_cash) as units from members m
      join equity_snapshots s on s.portfolio_id = m.portfolio_id and s.taken_at in (${window})
      where m.needs_risk
    ), steps as (
      -- Each day time-weighted (decision 057): the day before carried to this day's units, so a
      -- teacher's deposit or withdrawal is not a day's return.
      select user_id, ${returnSql(carriedSql(sql`lag(equity) over w`, sql`lag(units) over w`, sql`units`), sql`equity`)} as r
      from series
      window w as (partition by user_id order by taken_at)
    ), ratios as (
      select user_id,
             case when count(r) >= 2 and stddev_samp(r) > 1e-12 then ${sharpePrecision(sql`avg(r) / stddev_samp(r) * ${annualise}::float8`)} end as sharpe
      from steps group by user_id
    ), figures as (
      select m.user_id, m.scope, m.tier, m.group_no, m.account_created_at,
             coalesce(xp.xp, 0) as learning,
             ${JOURNAL_POINTS}::int * least(${JOURNAL_MAX_ORDERS}::int, coalesce(j.orders, 0)) as journal,
             ${DIVERSIFICATION_POINTS}::int * least(${DIVERSIFICATION_MAX_HOLDINGS}::int, coalesce(sp.effective, 0)) as diversification,
             case when m.needs_risk then ${RISK_POINTS}::int * least(${RISK_MAX_UNITS}::int, greatest(0, coalesce(floor(ra.sharpe), 0)))::int else m.risk end as risk
      from members m
      left join xp on xp.user_id = m.user_id
      left join journal j on j.user_id = m.user_id
      left join spread sp on sp.user_id = m.user_id
      left join ratios ra on ra.user_id = m.user_id
    ), ranked as (
      select *, learning + journal + diversification + risk as points,
             row_number() over (partition by scope, tier, group_no
                                order by learning + journal + diversification + risk desc, account_created_at asc, user_id collate "C" asc)::int as rank
      from figures
    )
    update league_members t
    set rank = r.rank, points = r.points, learning = r.learning, journal = r.journal, diversification = r.diversification, risk = r.risk, risk_on = ${today}::date, computed_at = ${iso(now)}
    from ranked r
    where t.week_start = ${week}::date and t.user_id = r.user_id
      and (t.rank, t.points, t.learning, t.journal, t.diversification, t.risk, t.risk_on) is distinct from (r.rank, r.points, r.learning, r.journal, r.diversification, r.risk, ${today}::date)`);
  return result.rowCount ?? 0;
}

/** One league refresh (the minute task, the benchmark, tests): rollover if due, leavers, newcomers, standings. Returns the rows written. */
export async function refreshLeagues(db: Db, options: LeagueRefreshOptions): Promise<number> {
  const { now } = options;
  const week = leagueWeekKey(now);
  const weekStart = leagueWeekStart(now);
  // Nothing the leagues count changed since the last refresh, on the same UTC day (the risk part
  // is daily, the week starts on a day): skipped (docs/decisions/049).
  const claim = await claimRefresh(db, LEAGUES_GROUP, utcDay(now), now);
  if (!claim) return 0;
  return db.transaction(async (tx) => {
    await options.fence?.(tx);
    // One refresh at a time, like the boards': two at once could commit an older snapshot last.
    await lockRebuilds(tx);
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    let written = await rolloverIn(tx, now);
    written += await removeLeavers(tx, week);
    written += await joinNewcomers(tx, week, weekStart, now);
    written += await writeStandings(tx, week, weekStart, now);
    await completeRefresh(tx, claim, now);
    return written;
  });
}
