/**
 * How order placement scales out (issue #25 §3): orders/s on N instances ÷ orders/s on one, the
 * same PostgreSQL database and the same clients, before and after a change.
 *
 *   NEXT_DIST_DIR=.next-bench DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/instances.ts \
 *     [--clients 24] [--seconds 4] [--rounds 5] [--instances 3] [--checkout <checkout>] [--baseline <checkout>]
 *
 * - One database on the server, `--instances` production servers on it (MARKET_TICK_MS=0: this
 *   measures placement, not placement plus ticks). Each client is its own person with its own
 *   practice portfolio, signed in once on instance 1; the session cookie is then checked on
 *   every instance (same NEXTAUTH_SECRET, same database) and sent to all of them.
 * - Rounds, interleaved: phase A sends every client's orders to instance 1; phase B spreads the
 *   same clients round-robin over all instances (client i on instance i mod N). The two phases
 *   swap order every round so neither always runs first. Each client places market orders back
 *   to back, a buy and a sell of one share alternately, as bench/orders.ts does.
 * - Per phase: orders/s, p50 / p99 latency, CPU per order of every instance's process tree
 *   (idle ones included: each LISTENs and parses every notification) and of the database's
 *   PostgreSQL backends (bench/lib/cpu.ts); medians of the rounds. The issue's figure is B ÷ A,
 *   the median of the rounds' own ratios (each round's two phases ran back to back).
 * - Wait events: during both phases, every 20 ms, the bench database's backends that are not
 *   idle (`pg_stat_activity.state`, `wait_event_type`, `wait_event`); printed as the mean number
 *   of backends in each state per sample. NOTIFY inside the order's transaction queues commits on
 *   the notify queue (`Lock: object` on the server-wide notify lock, `LWLock: NotifyQueue…`).
 *   That lock is the server's, not the database's: another run on the same PostgreSQL server
 *   that NOTIFYs (a CI run) contends for it too.
 * - `--checkout` serves another checkout's build instead of this one; `--baseline` runs a second
 *   cluster from another checkout (its own database) beside this one, and every round measures
 *   both, alternating which goes first. Both must be built into the same NEXT_DIST_DIR.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import type { RunningApp } from "../tests/setup/app-server";
import { startBenchApp } from "./lib/app";
import { signedIn } from "./lib/people";
import { BackendCpu, cpuMsOf, processTree } from "./lib/cpu";
import { createDatabaseOn } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "24" },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "5" },
    instances: { type: "string", default: "3" },
    checkout: { type: "string" },
    baseline: { type: "string" },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const INSTANCES = Number(values.instances);
const WAIT_SAMPLE_MS = 20;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own databases).");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");

interface Trader {
  portfolioId: string;
  /** One client per instance, all holding the same session cookie. */
  clients: Client[];
}

/** `pg_stat_activity` of one database every WAIT_SAMPLE_MS: how many non-idle backends in each state and wait. */
class WaitEvents {
  readonly counts = new Map<string, number>();
  samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}
  start() {
    this.timer = setInterval(() => {
      if (this.inFlight) return; // a slow sample is skipped, not queued
      this.inFlight = this.sample().finally(() => (this.inFlight = undefined));
    }, WAIT_SAMPLE_MS);
  }
  async stop() {
    clearInterval(this.timer);
    await this.inFlight;
  }
  private async sample() {
    // A heavyweight lock wait names its lock from pg_locks (looked up for waiting backends only).
    const { rows } = await this.client.query<{ state: string | null; wait_event_type: string | null; wait_event: string | null; lock: string | null }>(
      `select a.state, a.wait_event_type, a.wait_event,
              (select case l.locktype when 'object' then 'object ' || l.classid::regclass || ' ' || l.objid
                                      when 'relation' then 'relation ' || l.relation::regclass
                                      when 'advisory' then 'advisory ' || l.classid || ':' || l.objid
                                      else l.locktype end || ' ' || l.mode
                 from pg_locks l where l.pid = a.pid and not l.granted limit 1) as lock
         from pg_stat_activity a
        where a.datname = $1 and a.state is distinct from 'idle' and a.pid <> pg_backend_pid()`,
      [this.database],
    );
    this.samples++;
    for (const r of rows) {
      const wait = r.wait_event_type ? `${r.wait_event_type}: ${r.wait_event}` : "no wait (on CPU)";
      // PreCommit_Notify takes this one lock, server-wide, for every committing transaction that sent a NOTIFY.
      const lock = r.lock === "object pg_database 0 AccessExclusiveLock" ? " (the NOTIFY commit lock: object pg_database 0)" : r.lock ? ` (${r.lock})` : " (granted before pg_locks was read)";
      const key = `${r.state ?? "?"} · ${wait}${r.wait_event_type === "Lock" ? lock : ""}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  }
}

interface Phase {
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
  appCpuMs: number;
  pgCpuMs: number;
}

interface Cluster {
  label: string;
  apps: RunningApp[];
  trees: number[][];
  databaseName: string;
  drop: () => Promise<void>;
  traders: Trader[];
  symbol: string;
  pgCpu: BackendCpu;
  phases: { A: Phase[]; B: Phase[] };
  waits: { A: WaitEvents[]; B: WaitEvents[] };
}

/** The same session on another instance: a new client (its own base URL) holding the first one's cookies. */
function sameSessionOn(first: Client, url: string): Client {
  const client = new Client(url);
  for (const [name, value] of first.cookies) client.cookies.set(name, value);
  return client;
}

async function portfolioOf(client: Client): Promise<string> {
  const res = await client.request("/api/portfolio");
  if (res.status !== 200) throw new Error(`GET ${client.base}/api/portfolio: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function startCluster(label: string, checkout: string | undefined, admin: pg.Client): Promise<Cluster> {
  const database = await createDatabaseOn(serverUrl!, "tickerlab_instances");
  const apps: RunningApp[] = [];
  try {
    const env = { DATABASE_URL: database.url, MARKET_TICK_MS: "0" };
    // One after the other: the first migrates and seeds the market, the others find it done.
    for (let i = 0; i < INSTANCES; i++) apps.push(await startBenchApp(env, { checkout }));
    const traders: Trader[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const first = await signedIn(apps[0]!.url, "instances", i);
      const clients = [first, ...apps.slice(1).map((app) => sameSessionOn(first, app.url))];
      const ids = await Promise.all(clients.map(portfolioOf));
      // The cookie is a JWT signed with the shared NEXTAUTH_SECRET and checked against the shared database.
      if (new Set(ids).size !== 1) throw new Error(`client ${i}: the session names different portfolios on different instances: ${ids.join(", ")}`);
      traders.push({ portfolioId: ids[0]!, clients });
    }
    const { items } = (await (await traders[0]!.clients[0]!.request("/api/instruments")).json()) as { items: Array<{ symbol: string; active: boolean; kind: string }> };
    const symbol = items.find((i) => i.active && i.kind !== "index")?.symbol;
    if (!symbol) throw new Error("no active instrument");
    return {
      label,
      apps,
      trees: apps.map((app) => processTree(app.pid)),
      databaseName: database.name,
      drop: database.drop,
      traders,
      symbol,
      pgCpu: new BackendCpu(admin, database.name),
      phases: { A: [], B: [] },
      waits: { A: [], B: [] },
    };
  } catch (error) {
    for (const app of apps) await app.stop();
    await database.drop();
    throw error;
  }
}

async function placeOrder(client: Client, portfolioId: string, symbol: string, n: number) {
  const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: n % 2 === 0 ? "buy" : "sell", type: "market", quantity: 1 } });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`order on ${client.base}: ${res.status} ${body}`);
}

/** Every client places orders back to back for `seconds`; `spread`: client i on instance i mod N, else all on instance 1. */
async function phase(cluster: Cluster, seconds: number, spread: boolean, waits: WaitEvents | undefined): Promise<Phase> {
  const appCpu = () => cluster.trees.flat().reduce((t, pid) => t + cpuMsOf(pid), 0);
  const times: number[] = [];
  await cluster.pgCpu.sample();
  const app0 = appCpu();
  const pg0 = cluster.pgCpu.totalMs();
  waits?.start();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    cluster.traders.map(async ({ portfolioId, clients }, i) => {
      const client = clients[spread ? i % clients.length : 0]!;
      for (let n = 0; performance.now() < deadline; n++) {
        const t = performance.now();
        await placeOrder(client, portfolioId, cluster.symbol, n);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await waits?.stop();
  await cluster.pgCpu.sample();
  const app = appCpu() - app0;
  times.sort((a, b) => a - b);
  return {
    orders: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    appCpuMs: app / times.length,
    pgCpuMs: (cluster.pgCpu.totalMs() - pg0) / times.length,
  };
}

function medianPhase(list: Phase[]): Phase {
  const of = (key: keyof Phase) => median(list.map((p) => p[key]));
  return { orders: of("orders"), perSecond: of("perSecond"), p50: of("p50"), p99: of("p99"), appCpuMs: of("appCpuMs"), pgCpuMs: of("pgCpuMs") };
}

function topWaits(list: WaitEvents[], top = 8): string[] {
  const counts = new Map<string, number>();
  let samples = 0;
  for (const w of list) {
    samples += w.samples;
    for (const [key, n] of w.counts) counts.set(key, (counts.get(key) ?? 0) + n);
  }
  if (samples === 0) return ["  (no samples)"];
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const lines = sorted.slice(0, top).map(([key, n]) => `  ${(n / samples).toFixed(2).padStart(6)}  ${key}  (${n} in ${samples} samples)`);
  const notify = sorted.filter(([key]) => /notify|Lock: object/i.test(key) && !sorted.slice(0, top).some(([k]) => k === key));
  for (const [key, n] of notify) lines.push(`  ${(n / samples).toFixed(2).padStart(6)}  ${key}  (${n} in ${samples} samples)`);
  return lines;
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const sampler = new pg.Client({ connectionString: serverUrl });
  await sampler.connect();
  const loadAtStart = load();
  const clusters: Cluster[] = [];
  try {
    clusters.push(await startCluster(values.checkout ? `build of ${values.checkout}` : "this checkout", values.checkout, admin));
    if (values.baseline) clusters.unshift(await startCluster(`baseline: build of ${values.baseline}`, values.baseline, admin));
    console.log(`${clusters.length} × ${INSTANCES} instances up, ${CLIENTS} clients each, session cookie accepted on every instance; load ${load()}`);

    for (const cluster of clusters) {
      // Warm-up, not counted: JIT, pools and caches of every instance.
      await phase(cluster, 2, false, undefined);
      await phase(cluster, 2, true, undefined);
    }
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? clusters : [...clusters].reverse();
      for (const cluster of order) {
        for (const name of r % 2 === 0 ? (["A", "B"] as const) : (["B", "A"] as const)) {
          const waits = new WaitEvents(sampler, cluster.databaseName);
          cluster.phases[name].push(await phase(cluster, SECONDS, name === "B", waits));
          cluster.waits[name].push(waits);
        }
        const a = cluster.phases.A.at(-1)!;
        const b = cluster.phases.B.at(-1)!;
        console.log(`  round ${r + 1}, ${cluster.label}: A ${a.perSecond.toFixed(0)} orders/s, B ${b.perSecond.toFixed(0)} orders/s, B ÷ A ${(b.perSecond / a.perSecond).toFixed(2)}; load ${load()}`);
      }
    }
  } finally {
    for (const cluster of clusters) {
      for (const app of cluster.apps) await app.stop();
      await cluster.drop();
    }
    await sampler.end();
    await admin.end();
  }

  const ratios = (c: Cluster) => c.phases.B.map((b, i) => b.perSecond / c.phases.A[i]!.perSecond);
  const lines: string[] = [];
  lines.push(
    `\nPostgreSQL · ${CLIENTS} clients · ${INSTANCES} instances · medians of ${ROUNDS} interleaved rounds of ${SECONDS} s · A: every client on instance 1 · B: client i on instance i mod ${INSTANCES} · load average ${loadAtStart} at the start, ${load()} at the end\n`,
  );
  lines.push("| build | phase | orders/s | p50 ms | p99 ms | app CPU ms per order (all instances) | PG CPU ms per order |");
  lines.push("|---|---|---:|---:|---:|---:|---:|");
  for (const c of clusters) {
    for (const name of ["A", "B"] as const) {
      const p = medianPhase(c.phases[name]);
      const what = name === "A" ? "A: 1 instance" : `B: ${INSTANCES} instances`;
      lines.push(`| ${c.label} | ${what} | ${p.perSecond.toFixed(0)} | ${p.p50.toFixed(1)} | ${p.p99.toFixed(1)} | ${p.appCpuMs.toFixed(2)} | ${p.pgCpuMs.toFixed(2)} |`);
    }
  }
  lines.push(`\n| build | orders/s on ${INSTANCES} ÷ on 1 (median of the rounds' ratios) | each round's |`);
  lines.push("|---|---:|---|");
  for (const c of clusters) lines.push(`| ${c.label} | ${median(ratios(c)).toFixed(2)} | ${ratios(c).map((x) => x.toFixed(2)).join(", ")} |`);
  if (clusters.length === 2) {
    const [before, after] = clusters.map((c) => median(ratios(c)));
    lines.push(`\nthis ÷ baseline: the ratio ${(after! / before!).toFixed(2)}×; orders/s on ${INSTANCES} instances ${(medianPhase(clusters[1]!.phases.B).perSecond / medianPhase(clusters[0]!.phases.B).perSecond).toFixed(2)}×`);
  }
  for (const c of clusters) {
    for (const name of ["B", "A"] as const) {
      lines.push(`\nWait events, ${c.label}, phase ${name} (mean backends of the bench database per ${WAIT_SAMPLE_MS} ms sample, not idle):`);
      lines.push(...topWaits(c.waits[name]));
    }
  }
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
