/**
 * Serving a person's league from the precomputed rows (docs/decisions/045-leagues.md): the own
 * row by primary key, the group's rows (at most thirty) by the group index in place order.
 * Nothing is ranked per request. Names are resolved at read time like the boards' (opting out of
 * showing one's name takes effect on the next page load).
 */
import { sql } from "drizzle-orm";
import { LEAGUE_MIN_SIZE, leagueWeekEnd, leagueWeekKey, leagueWeekStart, moveOf, movePlaces, moveUpHint, moveUpSentence, TOP_TIER, tierName } from "@/domain/leagues";
import { eventBoardName } from "@/domain/ranking";
import { handleSalt, hidesNameSql } from "@/features/ranking";
import type { Db } from "@/server/db";
import type { LeagueArrival } from "@/server/db/schema";
import type { LeagueRow, LeagueView } from "../types";
import { activeThisWeekSql } from "./refresh";

interface RawMember extends Record<string, unknown> {
  user_id: string;
  scope: string;
  tier: number;
  group_no: number;
  arrival: LeagueArrival;
  rank: number | null;
  points: number;
  learning: number;
  journal: number;
  diversification: number;
  risk: number;
  computed_at: Date | string | null;
  name: string | null;
  hide_name: boolean | null;
  roster: boolean | null;
  opted_out: boolean | null;
}

const columns = sql`m.user_id, m.scope, m.tier, m.group_no, m.arrival, m.rank, m.points, m.learning, m.journal, m.diversification, m.risk, m.computed_at,
  u.name, ${hidesNameSql("u")} as hide_name, u.kind = 'roster' as roster, u.leaderboard_opt_out as opted_out`;

/** The viewer's league this week, or why they are in none. */
export async function leagueOf(db: Db, viewerId: string, now: Date): Promise<LeagueView> {
  const week = leagueWeekKey(now);
  const span = { weekStart: leagueWeekStart(now).toISOString(), weekEnd: leagueWeekEnd(now).toISOString() };
  const own = await db.execute<RawMember>(sql`
    select ${columns} from league_members m join users u on u.id = m.user_id
    where m.week_start = ${week}::date and m.user_id = ${viewerId}`);
  const me = own.rows[0];
  if (!me) {
    const person = await db.execute<{ league_opt_out: boolean; roster: boolean; in_class: boolean; active: boolean }>(sql`
      select u.league_opt_out, u.kind = 'roster' as roster,
             exists (select 1 from class_members cm where cm.user_id = u.id and cm.role = 'student') as in_class,
             u.id in (${activeThisWeekSql(leagueWeekStart(now), now)}) as active
      from users u where u.id = ${viewerId}`);
    const p = person.rows[0];
    const status = p?.league_opt_out ? "opted-out" : p?.roster && !p.in_class ? "no-class" : "waiting";
    // Active this week yet in no league: waiting for enough people to start one (LEAGUE_MIN_SIZE), never alone.
    return { status, ...span, ...(status === "waiting" && { queued: Boolean(p?.active), minSize: LEAGUE_MIN_SIZE }) };
  }
  const group = await db.execute<RawMember>(sql`
    select ${columns} from league_members m join users u on u.id = m.user_id
    where m.week_start = ${week}::date and m.scope = ${me.scope} and m.tier = ${me.tier} and m.group_no = ${me.group_no}
    order by m.rank asc nulls last, m.account_created_at asc, m.user_id collate "C" asc`);
  const tier = Number(me.tier);
  const members = group.rows;
  const size = members.length;
  const classLeague = me.scope.startsWith("class:");
  const salt = handleSalt();
  const rows: LeagueRow[] = members.map((r, i) => {
    // A newcomer added since the last refresh has no place yet: after the placed ones.
    const rank = r.rank === null ? i + 1 : Number(r.rank);
    const points = Number(r.points);
    return {
      rank,
      name: eventBoardName(
        { userId: r.user_id, displayName: r.name, hideName: Boolean(r.hide_name), deleted: false, team: null, roster: Boolean(r.roster), optedOut: Boolean(r.opted_out) },
        { classContest: classLeague },
        salt,
      ),
      you: r.user_id === viewerId,
      points,
      learning: Number(r.learning),
      journal: Number(r.journal),
      diversification: Number(r.diversification),
      risk: Number(r.risk),
      zone: moveOf(tier, rank, size, points),
    };
  });
  const ownRow = rows.find((r) => r.you)!;
  const { promote, demote } = movePlaces(tier, size);
  const hint = moveUpHint(
    tier,
    ownRow.rank,
    rows.map((r) => r.points),
  );
  const computed = members.map((r) => (r.computed_at ? new Date(r.computed_at).getTime() : 0)).reduce((a, b) => Math.max(a, b), 0);
  return {
    status: "in-league",
    ...span,
    tier: { level: tier, name: tierName(tier), above: tier < TOP_TIER ? tierName(tier + 1) : null, below: tier > 0 ? tierName(tier - 1) : null },
    group: Number(me.group_no),
    scope: classLeague ? "class" : "all",
    arrival: me.arrival,
    promote,
    demote,
    rows,
    own: ownRow,
    hint: moveUpSentence(hint, tier < TOP_TIER ? tierName(tier + 1) : null),
    computedAt: computed > 0 ? new Date(computed).toISOString() : null,
  };
}
