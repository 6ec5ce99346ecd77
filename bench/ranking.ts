/**
 * Rankings at scale on PostgreSQL: 100,000 practice portfolios (with equity snapshots around
 * every period start, positions and XP) and one live event with 100,000 participants.
 * Measures (1) refreshing every board (practice day/week/month/all, XP all/week, the event, the leagues)
 * in the benchmark process (run with the server's Node flags), median of --runs, in three cases: every price moved, one price
 * moved, nothing changed (docs/decisions/049: a group is re-ranked only when an input changed);
 * and (2) GET /api/rankings — a page plus the caller's own row — and the event page's board
 * (GET /api/events/{slug}/standings) over HTTP against the real
 * built server, p50/p99 with 8 concurrent clients, against a signed-in GET /api/health in the
 * same interleaved rounds, while the simulator moves prices and the app's scheduler refreshes.
 *
 *   NEXT_DIST_DIR=.next-bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ranking.ts [--people 100000] [--runs 5] [--requests 2000] [--rounds 5]
 *
 * It creates its own database on that server and drops it at the end.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { refreshLeagues } from "@/features/leagues";
import { refreshAllBoards, refreshLiveEventBoards, refreshPracticeBoards, refreshXpBoards } from "@/features/ranking";
import { openDatabase } from "@/server/db/client";
import { BUNDLED_UNIVERSE } from "@/domain/market";
import { seedMarket } from "@/features/market/server/seed";
import type { RunningApp } from "../tests/setup/app-server";
import { startBenchApp } from "./lib/app";
import { createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";
import { cpuMsOf } from "./lib/cpu";
import { seedRanking } from "./lib/ranking-seed";
import { asTheServerRuns } from "./lib/server-runtime";

// The refreshes run in this process, as on the lease holder: with the server's Node flags.
asTheServerRuns();

const { values } = parseArgs({
  options: {
    people: { type: "string", default: "100000" },
    runs: { type: "string", default: "5" },
    requests: { type: "string", default: "2000" },
    /** The HTTP lines run interleaved in this many rounds. */
    rounds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    /** Refresh only: no app build, no HTTP lines (profiling the refresh). */
    "refresh-only": { type: "boolean", default: false },
    /** Keep the database at the end (EXPLAIN ANALYZE against it); prints its URL. */
    keep: { type: "boolean", default: false },
  },
});
const PEOPLE = Number(values.people);
const RUNS = Number(values.runs);
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
// The benchmark process opens the database itself (refresh timings); the app reads its own secret.
process.env.NEXTAUTH_SECRET ??= "bench-secret-that-is-at-least-32-characters-long";
process.env.LOG_LEVEL ??= "warn";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

let serverPid: number | undefined;

interface Line {
  name: string;
  once: (i: number) => Promise<void>;
}

/**
 * The lines in interleaved rounds (each round runs every line for REQUESTS ÷ ROUNDS requests in
 * turn), so the baseline and the board pages share the same background: the app's scheduler
 * refreshing boards, the simulator moving prices, the machine's other load. p50/p99 over every
 * request of a line; server CPU from /proc over the line's own phases.
 */
async function measureInterleaved(lines: Line[]) {
  for (const line of lines) for (let i = 0; i < 50; i++) await line.once(i); // warm-up: JIT, caches, pools
  const results = lines.map((line) => ({ name: line.name, times: [] as number[], cpu: 0, seconds: 0, next: 0 }));
  const perRound = Math.ceil(REQUESTS / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, line] of lines.entries()) {
      const result = results[index]!;
      const end = Math.min(REQUESTS, result.next + perRound);
      const cpuBefore = cpuMsOf(serverPid);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (result.next < end) {
            const i = result.next++;
            const t = performance.now();
            await line.once(i);
            result.times.push(performance.now() - t);
          }
        }),
      );
      result.seconds += (performance.now() - started) / 1000;
      result.cpu += cpuMsOf(serverPid) - cpuBefore;
    }
  }
  return results.map((r) => {
    const times = [...r.times].sort((a, b) => a - b);
    return { name: r.name, p50: percentile(times, 50), p99: percentile(times, 99), perSecond: times.length / r.seconds, cpuPerRequest: r.cpu / times.length };
  });
}

const bench = { email: "bench-ranking@example.test", password: "bench password 1", name: "Bench Ranker" };

async function main() {
  const database = await createServerDatabase();
  if (!database) throw new Error("Set DATABASE_URL to a PostgreSQL server.");
  let app: RunningApp | undefined;
  try {
    let benchUserId = "bench-me";
    if (!values["refresh-only"]) {
      // First start: migrations and the instrument universe; the bench person registers.
      app = await startBenchApp({ DATABASE_URL: database.url });
      const owner = new Client(app.url);
      await owner.register(bench);
      await owner.signIn(bench.email, bench.password);
      benchUserId = ((await owner.session()).user as { id: string }).id;
      await app.stop();
      app = undefined;
    }

    const handle = await openDatabase({ url: database.url, maxConnections: 4 });
    const db = handle.db;
    if (values["refresh-only"]) {
      await seedMarket(db, BUNDLED_UNIVERSE);
      await db.execute(sql`insert into users (id, email, name) values (${benchUserId}, ${bench.email}, ${bench.name})`);
    }
    const now = new Date();
    const seedMs = await seedRanking(db, { people: PEOPLE, benchUserId, now });
    console.log(`seeded ${PEOPLE.toLocaleString("en-US")} people, practice portfolios, snapshots, XP and event participants in ${(seedMs / 1000).toFixed(1)} s`);

    const first = performance.now();
    await refreshAllBoards(db, { now });
    const firstMs = performance.now() - first;
    // The leagues' first refresh places everyone with XP this week as a newcomer (docs/decisions/045).
    const leaguesFirst = performance.now();
    await refreshLeagues(db, { now });
    const leaguesFirstMs = performance.now() - leaguesFirst;
    type Run = { all: number; practice: number; xp: number; event: number; leagues: number };
    /** One refresh of every board, timed board by board, after `change` (decision 049: each group is refreshed only if what it ranks from changed). */
    async function refreshRun(change: (() => Promise<unknown>) | null): Promise<Run> {
      if (change) await change();
      const at = new Date();
      const t0 = performance.now();
      await refreshPracticeBoards(db, { now: at });
      const t1 = performance.now();
      await refreshXpBoards(db, { now: at });
      const t2 = performance.now();
      await refreshLiveEventBoards(db, { now: at });
      const t3 = performance.now();
      await refreshLeagues(db, { now: at });
      const t4 = performance.now();
      return { all: t4 - t0, practice: t1 - t0, xp: t2 - t1, event: t3 - t2, leagues: t4 - t3 };
    }
    // The market moves between refreshes (every price ±2 %), so most figures and ranks change: the honest case.
    const moveEveryPrice = () => db.execute(sql`update instruments set last_price = round(last_price * (0.98 + random() * 0.04)::numeric, 2)`);
    // One instrument moves (a quiet market): every portfolio board is due, XP is not.
    const moveOnePrice = () => db.execute(sql`update instruments set last_price = last_price + 0.01 where symbol = (select min(symbol) from instruments)`);
    const scenarios: Array<{ title: string; runs: Run[] }> = [
      { title: `every price moved ±2 % before each refresh, ${RUNS} runs`, runs: [] },
      { title: `one price moved by a cent before each refresh, ${RUNS} runs`, runs: [] },
      { title: `nothing changed since the last refresh, ${RUNS} runs`, runs: [] },
    ];
    for (let i = 0; i < RUNS; i++) {
      scenarios[0]!.runs.push(await refreshRun(moveEveryPrice));
      scenarios[1]!.runs.push(await refreshRun(moveOnePrice));
      scenarios[2]!.runs.push(await refreshRun(null));
    }
    const counts = await db.execute<{ board: string; n: number }>(sql`select board, count(*)::int as n from leaderboard_entries group by board order by board`);
    // The practice boards are stored whole, one row each (decision 091): their sizes in bytes.
    const stored = await db.execute<{ key: string; bytes: number }>(sql`select key, octet_length(data)::int as bytes from stored_boards order by key`);
    await handle.close();
    console.log(`\nPostgreSQL · ${PEOPLE.toLocaleString("en-US")} practice portfolios · one live event with ${(PEOPLE + 1).toLocaleString("en-US")} participants`);
    console.log(`rows per board: ${counts.rows.map((r) => `${r.board} ${Number(r.n).toLocaleString("en-US")}`).join(", ")}`);
    console.log(`stored whole: ${stored.rows.map((r) => `${r.key.startsWith("roster:") ? "roster" : r.key} ${(Number(r.bytes) / 1e6).toFixed(1)} MB`).join(", ")}`);
    console.log(`\nRefresh, in-process (the first refresh of the day, which also records the daily ranks: ${firstMs.toFixed(0)} ms; the leagues' first, everyone joining: ${leaguesFirstMs.toFixed(0)} ms)`);
    for (const scenario of scenarios) {
      console.log(`\n${scenario.title}\n`);
      console.log("| refresh | median ms | min ms | max ms |");
      console.log("|---|---:|---:|---:|");
      for (const key of ["all", "practice", "xp", "event", "leagues"] as const) {
        const list = scenario.runs.map((r) => r[key]);
        const label = { all: "every board (sum)", practice: "practice day/week/month/all", xp: "XP all/week", event: "live event (100k participants)", leagues: "leagues (standings of every group)" }[key];
        console.log(`| ${label} | ${median(list).toFixed(0)} | ${Math.min(...list).toFixed(0)} | ${Math.max(...list).toFixed(0)} |`);
      }
    }
    if (values["refresh-only"]) return;

    // How many refreshes the app's scheduler completed per group (decision 049's claims).
    const refreshes = async () => {
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      try {
        const rows = await probe.query<{ group_key: string; done: string }>("select group_key, done from board_refresh_state");
        return new Map(rows.rows.map((r) => [r.group_key, Number(r.done)]));
      } finally {
        await probe.end();
      }
    };
    const beforeStart = await refreshes();
    app = await startBenchApp({ DATABASE_URL: database.url });
    serverPid = app.pid;
    const client = new Client(app.url);
    await client.signIn(bench.email, bench.password);
    const pages = Math.ceil(PEOPLE / 50);
    const expect200 = async (res: Response) => {
      if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const ownCheck = await (await client.request("/api/rankings?board=practice&period=all&page=1")).json();
    if (!(ownCheck as { own: unknown }).own) throw new Error("the bench person has no own row");
    // The steady state: the app's own first passes (the practice book's cold load, ~4–5 s of its
    // CPU at 100,000 people, once a day and at a start) done before the lines run.
    const waitStarted = performance.now();
    for (;;) {
      const now = await refreshes();
      const passed = (group: string) => (now.get(group) ?? 0) > (beforeStart.get(group) ?? 0);
      if (passed("practice") && [...now.keys()].filter((g) => g.startsWith("event:")).every(passed)) break;
      if (performance.now() - waitStarted > 180_000) throw new Error("the app's scheduler did not refresh the boards within 3 minutes");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`\nthe app's first practice and event passes done ${((performance.now() - waitStarted) / 1000).toFixed(1)} s after signing in`);
    const refreshedBefore = await refreshes();
    const httpStarted = performance.now();
    const http = await measureInterleaved([
      // Authenticated, like the board requests: the same session check, one DB round trip.
      { name: "GET /api/health, signed in (baseline)", once: async () => expect200(await client.request("/api/health")) },
      {
        name: "GET /api/rankings?board=practice&period=all&page=N (page + own row)",
        once: async (i) => expect200(await client.request(`/api/rankings?board=practice&period=all&page=${1 + ((i * 7919) % pages)}`)),
      },
      {
        name: "GET /api/rankings?board=practice&period=day&page=N",
        once: async (i) => expect200(await client.request(`/api/rankings?board=practice&period=day&page=${1 + ((i * 104729) % pages)}`)),
      },
      {
        name: "GET /api/rankings?board=event:bench-cup&page=N (live event)",
        once: async (i) => expect200(await client.request(`/api/rankings?board=event:bench-cup&page=${1 + ((i * 6007) % pages)}`)),
      },
      {
        // What the event page polls every 3 s: its first page (a checkout before paging answers the whole board).
        name: "GET /api/events/bench-cup/standings (the event page's board)",
        once: async () => expect200(await client.request("/api/events/bench-cup/standings")),
      },
    ]);
    const httpSeconds = (performance.now() - httpStarted) / 1000;
    const refreshedAfter = await refreshes();
    const completed = [...refreshedAfter].map(([group, done]) => `${group} ${done - (refreshedBefore.get(group) ?? 0)}`).join(", ");

    const base = http[0]!.p50;
    console.log(`\nHTTP (${CONCURRENCY} concurrent clients, ${REQUESTS} requests each line in ${ROUNDS} interleaved rounds, ${httpSeconds.toFixed(0)} s; the simulator moves prices every 2 s and the app's scheduler refreshed meanwhile: ${completed})\n`);
    const baseP99 = http[0]!.p99;
    console.log("| request | p50 ms | p99 ms | req/s | server CPU ms/request | p50 ÷ baseline | p99 ÷ baseline p99 |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of http)
      console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.cpuPerRequest.toFixed(2)} | ${(r.p50 / base).toFixed(2)}× | ${(r.p99 / baseP99).toFixed(2)}× |`);
  } finally {
    await app?.stop();
    if (values.keep) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
