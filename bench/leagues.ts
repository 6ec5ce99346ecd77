/**
 * Weekly leagues at scale on PostgreSQL (docs/decisions/045-leagues.md): 100,000 people with
 * XP this week, journaled orders, positions and daily snapshots over the Sharpe window.
 * Measures, in the benchmark process: the first refresh (everyone joins: 100,000 newcomers
 * placed in groups), steady refreshes after every price moved ±2 % (median of --runs), the
 * refresh with nothing changed, and the weekly rollover (100,000 people moved and regrouped).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/leagues.ts [--people 100000] [--runs 5]
 *
 * It creates its own database on that server and drops it at the end.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { riskWindow } from "@/domain/leagues";
import { refreshLeagues, rolloverLeagues } from "@/features/leagues";
import { openDatabase } from "@/server/db/client";
import { createServerDatabase } from "../tests/setup/server-database";

const { values } = parseArgs({ options: { people: { type: "string", default: "100000" }, runs: { type: "string", default: "5" } } });
const PEOPLE = Number(values.people);
const RUNS = Number(values.runs);
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
process.env.NEXTAUTH_SECRET ??= "bench-secret-that-is-at-least-32-characters-long";
process.env.LOG_LEVEL ??= "warn";

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const result = await run();
  return [performance.now() - t, result];
}

async function main() {
  const database = await createServerDatabase();
  if (!database) throw new Error("Set DATABASE_URL to a PostgreSQL server.");
  const handle = await openDatabase({ url: database.url, maxConnections: 4 });
  const db = handle.db;
  try {
    // Wednesday noon of the current week: XP and orders since Monday, snapshots on the last seven days.
    const now = new Date();
    const weekStart = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - ((new Date(now).getUTCDay() + 6) % 7) * 86_400_000);
    const [seedMs] = await time(async () => {
      await db.execute(sql`
        insert into instruments (symbol, name, sector, kind, starting_price, drift, volatility, beta, sector_loading, average_daily_volume, last_price, previous_close)
        select 'B' || g, 'Bench ' || g, 'Technology', 'stock', 50 + g, 0.05, 0.3, 1, 1, 1000000, 50 + g, 50 + g from generate_series(1, 20) g`);
      await db.execute(sql`
        insert into users (id, email, name, created_at)
        select 'bench-' || g, 'bench' || g || '@example.test', 'Person ' || g, timestamptz '2026-01-01' + (g % 5000) * interval '1 hour'
        from generate_series(1::bigint, ${PEOPLE}) g`);
      await db.execute(sql`
        insert into portfolios (id, user_id, kind, starting_cash, cash, created_at)
        select 'bp-' || g, 'bench-' || g, 'practice', 100000, 60000 + (g * 7919 % 40000), timestamptz '2026-01-01'
        from generate_series(1::bigint, ${PEOPLE}) g`);
      await db.execute(sql`
        insert into positions (portfolio_id, symbol, quantity, cost_basis)
        select 'bp-' || g, s.symbol, 1 + (g + s.n) % 50, 1000
        from generate_series(1::bigint, ${PEOPLE}) g
        cross join lateral (select 'B' || (1 + (g + k) % 20) as symbol, k as n from generate_series(0, (g % 6)::int) k) s
        where g % 5 <> 0`);
      for (const instant of riskWindow(now)) {
        if (instant >= now) continue;
        await db.execute(sql`
          insert into equity_snapshots (portfolio_id, taken_at, equity)
          select 'bp-' || g, ${instant.toISOString()}::timestamptz, 90000 + ((g * 104729 + ${instant.getTime() / 86_400_000}::bigint * 7) % 20000)
          from generate_series(1::bigint, ${PEOPLE}) g`);
      }
      // XP this week for most, last week's for all (a larger xp_events table, as it would be).
      await db.execute(sql`
        insert into xp_events (user_id, kind, amount, created_at)
        select 'bench-' || g, 'pass', 10 * (1 + g % 40), ${weekStart.toISOString()}::timestamptz + (g % 50) * interval '1 hour'
        from generate_series(1::bigint, ${PEOPLE}) g where g % 3 <> 0`);
      await db.execute(sql`
        insert into xp_events (user_id, kind, amount, created_at)
        select 'bench-' || g, 'read', 20, ${weekStart.toISOString()}::timestamptz - interval '3 days'
        from generate_series(1::bigint, ${PEOPLE}) g`);
      // Orders: three per person over the last two weeks, half with a journal note.
      await db.execute(sql`
        insert into orders (id, portfolio_id, symbol, side, type, quantity, time_in_force, status, note, created_at, updated_at)
        select 'bo-' || g || '-' || k, 'bp-' || g, 'B' || (1 + g % 20), 'buy', 'market', 1, 'day', 'filled', case when (g + k) % 2 = 0 then 'Why: trend; sell below 90' end,
               ${now.toISOString()}::timestamptz - ((g + k * 5) % 14) * interval '1 day', ${now.toISOString()}::timestamptz
        from generate_series(1::bigint, ${PEOPLE}) g cross join generate_series(1, 3) k`);
      await db.execute(sql`vacuum analyze`);
    });
    console.log(`seeded ${PEOPLE.toLocaleString("en-US")} people in ${(seedMs / 1000).toFixed(1)} s`);

    const [firstMs, firstRows] = await time(() => refreshLeagues(db, { now }));
    const [quietMs, quietRows] = await time(() => refreshLeagues(db, { now: new Date(now.getTime() + 1_000) }));
    const steady: number[] = [];
    const written: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await db.execute(sql`update instruments set last_price = round(last_price * (0.98 + random() * 0.04)::numeric, 2)`);
      const [ms, rows] = await time(() => refreshLeagues(db, { now: new Date(now.getTime() + (i + 2) * 60_000) }));
      steady.push(ms);
      written.push(rows);
    }
    const monday = new Date(weekStart.getTime() + 7 * 86_400_000);
    const [rolloverMs, rolled] = await time(() => rolloverLeagues(db, { now: monday }));
    const [afterMs] = await time(() => refreshLeagues(db, { now: new Date(monday.getTime() + 10_000) }));
    const groups = await db.execute<{ n: number; tiers: number }>(sql`select count(distinct (scope, tier, group_no))::int as n, count(distinct tier)::int as tiers from league_members where week_start = ${monday.toISOString().slice(0, 10)}::date`);

    console.log(`\nPostgreSQL · ${PEOPLE.toLocaleString("en-US")} people · leagues (in-process)\n`);
    console.log("| step | ms | rows written |");
    console.log("|---|---:|---:|");
    console.log(`| first refresh (everyone joins) | ${firstMs.toFixed(0)} | ${firstRows} |`);
    console.log(`| refresh, nothing changed | ${quietMs.toFixed(0)} | ${quietRows} |`);
    console.log(`| refresh after every price moved ±2 % (median of ${RUNS}, min ${Math.min(...steady).toFixed(0)}, max ${Math.max(...steady).toFixed(0)}) | ${median(steady).toFixed(0)} | ${median(written)} |`);
    console.log(`| weekly rollover (moves and regrouping) | ${rolloverMs.toFixed(0)} | ${rolled} |`);
    console.log(`| first refresh of the new week | ${afterMs.toFixed(0)} | — |`);
    console.log(`\nnew week: ${groups.rows[0]?.n} groups in ${groups.rows[0]?.tiers} tiers`);
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
