/**
 * The ranking benchmark's data (bench/ranking.ts): `people` people, each
 * with a practice portfolio (cash spread so that many returns tie, positions in 3 of 4, equity
 * snapshots around every period start, XP), and one live event with all of them (unless
 * `event: false`), the benchmark person included.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";

/** Everything set-based: generate_series, no per-row round trips. */
export async function seedRanking(db: Db, options: { people: number; benchUserId: string; now: Date; event?: boolean }): Promise<number> {
  const { people: PEOPLE, benchUserId, now } = options;
  const event = options.event ?? true;
  const t = performance.now();
  const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
  await db.execute(sql`
    insert into users (id, email, name, created_at, leaderboard_opt_out)
    select 'bench-' || g, 'bench' || g || '@example.test', 'Person ' || g,
           timestamptz '2026-01-01' + (g % 5000) * interval '1 hour', g % 10 = 0
    from generate_series(1::bigint, ${PEOPLE}) g`);
  // Practice portfolios: cash in whole-ish amounts so that many returns tie (the join-time tiebreak gets exercised).
  await db.execute(sql`
    insert into portfolios (id, user_id, kind, starting_cash, cash, created_at)
    select 'bp-' || g, 'bench-' || g, 'practice', 100000, 60000 + (g * 7919 % 80000) + (g % 3) * 0.5,
           timestamptz '2026-01-01' + (g % 5000) * interval '1 hour'
    from generate_series(1::bigint, ${PEOPLE}) g`);
  await db.execute(sql`
    insert into positions (portfolio_id, symbol, quantity, cost_basis)
    select 'bp-' || g, s.symbol, 1 + g % 50, 1000
    from generate_series(1::bigint, ${PEOPLE}) g
    cross join lateral (select symbol from instruments order by symbol offset (g % 20) limit 1 + (g % 3)) s
    where g % 4 <> 0`);
  // Snapshots around each period start (and a few more), like the 5-minute task leaves after thinning.
  const instants = [
    new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1) - 300_000),
    new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1)),
    new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000),
    new Date(day.getTime() - 86_400_000),
    new Date(day.getTime() - 300_000),
    day,
    new Date(day.getTime() + 3_600_000),
  ].filter((d, i, all) => d.getTime() <= now.getTime() && all.findIndex((x) => x.getTime() === d.getTime()) === i);
  for (const instant of instants) {
    await db.execute(sql`
      insert into equity_snapshots (portfolio_id, taken_at, equity)
      select 'bp-' || g, ${instant.toISOString()}::timestamptz, 80000 + ((g * 104729 + ${instant.getTime() / 300_000}::bigint) % 40000)
      from generate_series(1::bigint, ${PEOPLE}) g`);
  }
  await db.execute(sql`
    insert into xp_events (user_id, kind, amount, created_at)
    select 'bench-' || g, 'pass', 10 * (1 + g % 40), ${now.toISOString()}::timestamptz - (g % 20) * interval '1 day'
    from generate_series(1::bigint, ${PEOPLE}) g`);
  if (event) {
  // One live event with every person in it (the bench user too).
  await db.execute(sql`
    insert into events (id, slug, title, starts_at, ends_at, starting_cash, visibility, metric)
    values ('bench-event', 'bench-cup', 'Bench cup', ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz,
            ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz, 10000, 'public', 'return')`);
  await db.execute(sql`
    insert into portfolios (id, user_id, kind, event_id, starting_cash, cash)
    select 'be-' || g, 'bench-' || g, 'event', 'bench-event', 10000, 8000 + (g * 6007 % 4000)
    from generate_series(1::bigint, ${PEOPLE}) g`);
  await db.execute(sql`
    insert into positions (portfolio_id, symbol, quantity, cost_basis)
    select 'be-' || g, (select symbol from instruments order by symbol offset (g % 20) limit 1), 1 + g % 10, 500
    from generate_series(1::bigint, ${PEOPLE}) g where g % 2 = 0`);
  await db.execute(sql`
    insert into event_participants (event_id, user_id, portfolio_id, joined_at)
    select 'bench-event', 'bench-' || g, 'be-' || g, ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz + (g % 600) * interval '1 second'
    from generate_series(1::bigint, ${PEOPLE}) g`);
  }
  // The bench user: a practice portfolio mid-table, in the event too.
  await db.execute(sql`insert into portfolios (id, user_id, kind, starting_cash, cash) values ('bp-me', ${benchUserId}, 'practice', 100000, 100000) on conflict do nothing`);
  if (event) {
    await db.execute(sql`insert into portfolios (id, user_id, kind, event_id, starting_cash, cash) values ('be-me', ${benchUserId}, 'event', 'bench-event', 10000, 10000)`);
    await db.execute(sql`insert into event_participants (event_id, user_id, portfolio_id) values ('bench-event', ${benchUserId}, 'be-me')`);
  }
  await db.execute(sql`vacuum analyze`);
  return performance.now() - t;
}

