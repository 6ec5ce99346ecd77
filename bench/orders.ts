/**
 * What an order costs, against baselines measured in the same run (issue "One truth for every
 * number", its speed goals):
 *
 *   NEXT_DIST_DIR=.next-bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders.ts [--seconds 4] [--rounds 7] [--history 100000] [--checkout <checkout>]
 *
 * `--checkout` serves another checkout's build (built into the same NEXT_DIST_DIR) instead of this one.
 *
 * - 8 clients, each its own person and practice portfolio, place market orders (alternating
 *   a buy and a sell of one share) through POST /api/portfolios/{id}/orders on the real
 *   production server on PostgreSQL, in rounds interleaved with the baseline: the same 8
 *   clients calling GET /api/health with their session cookie (the framework's and the
 *   session check's own floor). Medians of the rounds.
 * - CPU per request: the server's process tree (utime + stime from /proc) over each phase ÷
 *   requests; PostgreSQL's: the CPU of the backends serving the bench database (from
 *   pg_stat_activity and /proc), ÷ orders — against pgbench's TPC-B-like transaction run the
 *   same way (8 clients) in the same run.
 * - Statements per order: the bench database logs every statement (log_statement = all)
 *   while one client places 50 orders; the PostgreSQL log is counted (session check included).
 * - History: every portfolio then gets `--history` past (closed) orders and the rounds run
 *   again: an order must cost the same with 100,000 past orders as with none.
 *
 * The simulator is off (MARKET_TICK_MS=0): this measures placement, not placement plus ticks.
 * Prints the table that bench/README.md quotes.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { startBenchApp } from "./lib/app";
import { signedIn } from "./lib/people";
import { BackendCpu, cpuMsOf, processTree } from "./lib/cpu";
import { createDatabaseOn, createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";
import { HUB_APPLICATION_NAME } from "@/server/realtime/hub";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, rounds: { type: "string", default: "7" }, history: { type: "string", default: "100000" }, clients: { type: "string", default: "8" }, checkout: { type: "string" } },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const HISTORY = Number(values.history);
const CLIENTS = Number(values.clients);
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
const PG_LOG = "/var/log/postgresql/postgresql-15-main.log";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Trader {
  client: Client;
  portfolioId: string;
}

interface Phase {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  appCpuMs: number;
  pgCpuMs: number;
}

/** Every trader sends `request` back to back for `seconds`. */
async function phase(traders: Trader[], seconds: number, request: (t: Trader, n: number) => Promise<void>, cpu: { app: () => number; pg: BackendCpu }): Promise<Phase> {
  const times: number[] = [];
  await cpu.pg.sample();
  const app0 = cpu.app();
  const pg0 = cpu.pg.totalMs();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    traders.map(async (trader) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t = performance.now();
        await request(trader, n);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await cpu.pg.sample();
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    appCpuMs: (cpu.app() - app0) / times.length,
    pgCpuMs: ((cpu.pg.totalMs() - pg0)) / times.length,
  };
}

const order = (symbol: string) => async ({ client, portfolioId }: Trader, n: number) => {
  const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: n % 2 === 0 ? "buy" : "sell", type: "market", quantity: 1 } });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`order ${res.status}: ${body}`);
};

const health = async ({ client }: Trader) => {
  const res = await client.request("/api/health");
  await res.text();
  if (res.status !== 200) throw new Error(`health ${res.status}`);
};

function pgbenchBinary(): string {
  const installed = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`) : [];
  for (const candidate of ["pgbench", ...installed]) {
    try {
      execFileSync(candidate, ["--version"], { stdio: "ignore" });
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error("pgbench is not installed (Debian: apt-get install -y postgresql-contrib, or the postgresql-client package of the server's version).");
}

/** pgbench TPC-B-like with CLIENTS clients: tps and PostgreSQL CPU per transaction. */
async function pgbench(serverUrl: string, admin: pg.Client) {
  const bin = pgbenchBinary();
  const scratch = await createDatabaseOn(serverUrl, "tickerlab_pgbench");
  try {
    execFileSync(bin, ["-i", "-s", "10", "-q", scratch.url], { stdio: "ignore" });
    const cpu = new BackendCpu(admin, scratch.name);
    cpu.start();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(bin, ["-c", String(CLIENTS), "-j", "2", "-T", String(SECONDS * 2), scratch.url], { stdio: ["ignore", "pipe", "ignore"] });
      let text = "";
      child.stdout.on("data", (chunk) => (text += chunk));
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}`))));
    });
    cpu.stop();
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
    return { tps, pgCpuMs: cpu.totalMs() / transactions };
  } finally {
    await scratch.drop();
  }
}

/**
 * Statements the database was sent while `work` ran, from PostgreSQL's own log. `warm` runs
 * first, until it succeeds twice: the pool finds its ended connections and opens new ones.
 */
async function countStatements(admin: pg.Client, database: string, warm: () => Promise<boolean>, work: () => Promise<void>): Promise<number> {
  if (!fs.existsSync(PG_LOG)) return Number.NaN;
  await admin.query(`alter database ${database} set log_statement = 'all'`);
  // The app's live-updates hub's LISTEN session (decision 090): it is ended too, and until it is
  // back and has counted the other instances' hubs (none) it NOTIFYs after every order.
  const hubSessions = (await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2", [database, HUB_APPLICATION_NAME])).rows[0]!.n;
  // Only connections opened from now on log: end the pool's, the app opens new ones.
  await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database]);
  for (let ok = 0, tries = 0; ok < 2 && tries < 50; tries++) if (await warm()) ok++;
  // As a server whose LISTEN session was never cut: the hub's session back, idle after its count.
  for (let tries = 0; hubSessions > 0 && tries < 200; tries++) {
    const { rows } = await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2 and state = 'idle' and query like '%pg_stat_activity%'",
      [database, HUB_APPLICATION_NAME],
    );
    if (rows[0]!.n >= hubSessions) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const before = fs.statSync(PG_LOG).size;
  await work();
  await admin.query(`alter database ${database} reset log_statement`);
  const text = fs.readFileSync(PG_LOG, "utf8").slice(before);
  const sent = text.split("\n").filter((line) => line.includes(`@${database} LOG:`) && /LOG:\s+(statement|execute)/.test(line));
  // STATEMENTS_LOG=<file>: the counted statements, to see which they are.
  if (process.env.STATEMENTS_LOG) fs.writeFileSync(process.env.STATEMENTS_LOG, sent.join("\n"));
  return sent.length;
}

interface Row {
  name: string;
  health: Phase;
  orders: Phase;
}

async function rounds(name: string, traders: Trader[], symbol: string, cpu: { app: () => number; pg: BackendCpu }): Promise<Row> {
  const healths: Phase[] = [];
  const orders: Phase[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    healths.push(await phase(traders, SECONDS, health, cpu));
    orders.push(await phase(traders, SECONDS, order(symbol), cpu));
  }
  const med = (list: Phase[]): Phase => ({
    requests: median(list.map((p) => p.requests)),
    perSecond: median(list.map((p) => p.perSecond)),
    p50: median(list.map((p) => p.p50)),
    p99: median(list.map((p) => p.p99)),
    appCpuMs: median(list.map((p) => p.appCpuMs)),
    pgCpuMs: median(list.map((p) => p.pgCpuMs)),
  });
  return { name, health: med(healths), orders: med(orders) };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL!;
  const database = (await createServerDatabase())!;
  const databaseName = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const app = await startBenchApp({ MARKET_TICK_MS: "0", DATABASE_URL: database.url }, { checkout: values.checkout });
  const pgCpu = new BackendCpu(admin, databaseName);
  const rows: Row[] = [];
  let statements = Number.NaN;
  try {
    const tree = processTree(app.pid);
    const cpu = { app: () => tree.reduce((t, pid) => t + cpuMsOf(pid), 0), pg: pgCpu };
    const traders: Trader[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = await signedIn(app.url, "orders", i);
      const res = await client.request("/api/portfolio");
      traders.push({ client, portfolioId: ((await res.json()) as { id: string }).id });
    }
    const { items } = (await (await traders[0]!.client.request("/api/instruments")).json()) as { items: Array<{ symbol: string; active: boolean; kind: string }> };
    const symbol = items.find((i) => i.active && i.kind !== "index")?.symbol;
    if (!symbol) throw new Error("no active instrument");

    await phase(traders, 2, order(symbol), cpu); // warm-up: JIT, pools, caches
    await phase(traders, 2, health, cpu);
    rows.push(await rounds("no past orders", traders, symbol, cpu));

    const warm = async () => (await traders[0]!.client.request("/api/portfolio")).status === 200;
    statements = (await countStatements(admin, databaseName, warm, async () => {
      for (let n = 0; n < 50; n++) await order(symbol)(traders[0]!, n);
    })) / 50;

    if (HISTORY > 0) {
      const target = new pg.Client({ connectionString: database.url });
      await target.connect();
      for (const { portfolioId } of traders) {
        await target.query(
          `insert into orders (id, portfolio_id, symbol, side, type, quantity, limit_price, time_in_force, status, created_at, updated_at, closed_at)
           select gen_random_uuid()::text, $1, $2, 'buy', 'limit', 1, 1.00, 'day', case when g % 2 = 0 then 'cancelled' else 'expired' end,
                  now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute'
           from generate_series(1, $3::int) g`,
          [portfolioId, symbol, HISTORY],
        );
      }
      await target.query("analyze orders");
      await target.end();
      rows.push(await rounds(`${HISTORY.toLocaleString("en-US")} past orders per portfolio`, traders, symbol, cpu));
    }
  } finally {
    await app.stop();
    await database.drop();
  }
  const bench = await pgbench(serverUrl, admin);
  await admin.end();

  const lines: string[] = [];
  lines.push(`\nPostgreSQL · ${CLIENTS} clients · medians of ${ROUNDS} interleaved rounds of ${SECONDS} s · baseline: authenticated GET /api/health (same clients, same rounds) and pgbench TPC-B-like (-c ${CLIENTS} -j 2, scale 10)\n`);
  lines.push("| portfolios | health req/s | orders/s | orders/s ÷ health req/s | order p50 ms | order p99 ms | app CPU ms per health / per order | PG CPU ms per order | ÷ pgbench txn |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.health.perSecond.toFixed(0)} | ${r.orders.perSecond.toFixed(0)} | ${(r.orders.perSecond / r.health.perSecond).toFixed(2)} | ${r.orders.p50.toFixed(1)} | ${r.orders.p99.toFixed(1)} | ${r.health.appCpuMs.toFixed(2)} / ${r.orders.appCpuMs.toFixed(2)} | ${r.orders.pgCpuMs.toFixed(2)} | ${(r.orders.pgCpuMs / bench.pgCpuMs).toFixed(1)}× |`,
    );
  }
  lines.push(`\npgbench: ${bench.tps.toFixed(0)} tps, PostgreSQL CPU ${bench.pgCpuMs.toFixed(2)} ms per transaction.`);
  lines.push(`Statements per market order (PostgreSQL's log, session check included): ${Number.isNaN(statements) ? "n/a (no server log here)" : statements.toFixed(1)}.`);
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
