/**
 * Live quotes fan-out (issue #25 §5): tick-to-subscriber latency of GET /api/stream with N
 * subscribers (10,000 by default) on one instance, or on 3 behind HAProxy, against 1 subscriber
 * in the same run: the two alternate, round after round (real servers, production build; one
 * instance on PGlite by default or PostgreSQL with DATABASE_URL; `--instances 3` needs
 * DATABASE_URL and runs tests/setup/balanced-cluster.ts: PgBouncer, the instances, HAProxy).
 *
 *   NEXT_DIST_DIR=.next-bench npx tsx bench/sse.ts [--subscribers 10000] [--ticks 10] [--tick-ms 1000]
 *     [--rounds 3] [--processes 4] [--people 1] [--instances 1]
 *
 * - The streams are opened by `--processes` client processes (bench/lib/sse-clients.ts, raw
 *   sockets); this process only coordinates and adds up what they report. The 1-subscriber
 *   phase's stream is opened by one of the same processes.
 * - Latency: from the `at` of a quote event (the tick's clock, stamped when the tick starts,
 *   before its fenced write) to the moment a client's socket delivered that tick's first quote;
 *   server and clients share the machine's clock. It includes the tick's write transaction, the
 *   publish, the hub's read and the fan-out. A phase measures the first `--ticks` ticks that
 *   start after every stream is open; a stream that did not get one of them is a missed tick
 *   (the server skips a tick for a stream whose socket buffer is full).
 * - Server CPU per tick: utime + stime of the instances' processes (/proc/<pid>/stat) over the
 *   phase's measuring window ÷ the ticks in it. It includes the tick itself (the 1-subscriber
 *   phase shows that part).
 * - Memory per stream: the instances' resident memory (VmRSS of their processes, /proc) with
 *   N streams open minus with the 1 stream open, ÷ (N − 1). Not after a garbage collection (the
 *   server offers no way to ask for one): garbage the opens left counts, so it is an upper bound.
 * - `--people`: the streams are spread over that many signed-in people (1 by default: every
 *   stream on one session, which makes each open's session check and each heartbeat's reads
 *   the same rows; the fan-out, which this measures, is the same whoever is signed in).
 */
import { execSync, fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error: a plain ES module shared with scripts/start.mjs
import { root } from "../scripts/lib/build.mjs";
import { signedIn } from "./lib/people";
import { cpuMsOf, processTree } from "./lib/cpu";
import type { RunningApp } from "../tests/setup/app-server";
import { startBenchApp } from "./lib/app";
import { createServerDatabase } from "../tests/setup/server-database";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    ticks: { type: "string", default: "10" },
    "tick-ms": { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
    processes: { type: "string", default: "4" },
    people: { type: "string", default: "1" },
    instances: { type: "string", default: "1" },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const TICKS = Number(values.ticks);
const TICK_MS = Number(values["tick-ms"]);
const ROUNDS = Number(values.rounds);
const PROCESSES = Math.max(1, Math.min(Number(values.processes), SUBSCRIBERS));
const PEOPLE = Number(values.people);
const INSTANCES = Number(values.instances);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(", ");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

/** A client process (bench/lib/sse-clients.ts) and its answers, one at a time. */
class Clients {
  private readonly waiting: Array<(message: any) => void> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  constructor(readonly child: ChildProcess) {
    child.on("message", (message) => this.waiting.shift()?.(message));
  }
  static start(): Clients {
    // The same loader as this process (tsx), so the client is TypeScript too.
    return new Clients(fork(path.join(root as string, "bench", "lib", "sse-clients.ts"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] }));
  }
  ask<T>(message: object): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = () => reject(new Error(`client process ${this.child.pid} exited`));
      this.child.once("exit", onExit);
      this.waiting.push((answer: T) => {
        this.child.off("exit", onExit);
        resolve(answer);
      });
      this.child.send(message);
    });
  }
}

interface Servers {
  /** Where the streams connect (the instance, or HAProxy). */
  url: string;
  /** Each instance's own address (its metrics) and process. */
  apps: RunningApp[];
  extra: string;
  stop(): Promise<void>;
}

async function startServers(): Promise<Servers> {
  const env = { MARKET_TICK_MS: String(TICK_MS) };
  if (INSTANCES === 1) {
    const database = await createServerDatabase();
    const app = await startBenchApp({ ...env, ...(database && { DATABASE_URL: database.url }) });
    return {
      url: app.url,
      apps: [app],
      extra: database ? "PostgreSQL" : "PGlite",
      async stop() {
        await app.stop();
        await database?.drop();
      },
    };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("--instances > 1 needs DATABASE_URL (a PostgreSQL server: the cluster's database is created there)");
  const { startBalancedCluster } = await import("../tests/setup/balanced-cluster");
  // Each stream takes two descriptors in HAProxy (client and server side), and HAProxy cannot
  // raise its limit past the hard one without CAP_SYS_RESOURCE (a container usually lacks it).
  const hardLimit = Number(execSync("sh -c 'ulimit -Hn'").toString().trim()) || 20_000;
  const maxconn = Math.min(SUBSCRIBERS + 200, Math.floor((hardLimit - 100) / 2));
  if (SUBSCRIBERS > maxconn - 50) console.log(`HAProxy's maxconn is ${maxconn} (descriptor hard limit ${hardLimit}, two a connection): ${SUBSCRIBERS} streams do not fit`);
  const cluster = await startBalancedCluster({ serverUrl, instances: INSTANCES, env, proxyMaxconn: maxconn });
  return { url: cluster.url, apps: cluster.apps, extra: `PostgreSQL through PgBouncer, ${INSTANCES} instances behind HAProxy (maxconn ${maxconn})`, stop: () => cluster.stop() };
}

/** A gauge or the resident memory from each instance's GET /api/metrics (loopback may read it). */
async function metric(apps: RunningApp[], name: string): Promise<number> {
  let total = 0;
  for (const app of apps) {
    const text = await (await fetch(`${app.url}/api/metrics`)).text();
    const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    total += line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : NaN;
  }
  return total;
}

/** The instances' resident memory, MB (their process trees, from /proc). */
function rssMb(apps: RunningApp[]): number {
  let kb = 0;
  for (const app of apps) {
    for (const pid of processTree(app.pid)) {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
        kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      } catch {
        // gone
      }
    }
  }
  return kb / 1024;
}

const cpuOf = (apps: RunningApp[]) => apps.flatMap((app) => processTree(app.pid)).reduce((t, pid) => t + cpuMsOf(pid), 0);

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200); // between polls of a condition
  }
}

interface Phase {
  round: number;
  subscribers: number;
  opened: number;
  openSeconds: number;
  ticks: number;
  deliveries: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  latencies: number[];
  cpuPerTick: number;
  rssMb: number;
}

async function phase(servers: Servers, clients: Clients[], cookies: string[], count: number, round: number): Promise<Phase> {
  const target = new URL(servers.url);
  const host = target.hostname === "localhost" ? "127.0.0.1" : target.hostname;
  const port = Number(target.port);
  const users = count === 1 ? clients.slice(0, 1) : clients;
  const openedAt = Date.now();
  const opened = await Promise.all(
    users.map((c, i) => {
      const share = Math.floor(count / users.length) + (i < count % users.length ? 1 : 0);
      // Each process takes every n-th person, so that the people are spread over the processes.
      const mine = cookies.length >= users.length ? cookies.filter((_, j) => j % users.length === i) : cookies;
      return c.ask<{ count: number; failed: number }>({ type: "open", host, port, cookies: mine, count: share });
    }),
  );
  const openSeconds = (Date.now() - openedAt) / 1000;
  const open = opened.reduce((t, o) => t + o.count, 0);
  const failed = opened.reduce((t, o) => t + o.failed, 0);
  if (failed > 0) console.log(`  ${failed} of ${count} streams could not be opened`);
  await until(async () => (await metric(servers.apps, "tickerlab_sse_subscribers")) === open, 60_000, "the instances to count the open streams");
  const rss = rssMb(servers.apps);
  const since = new Date().toISOString();
  const cpu0 = cpuOf(servers.apps);
  const t0 = Date.now();
  await sleep((TICKS + 1) * TICK_MS);
  const cpu1 = cpuOf(servers.apps);
  const elapsed = Date.now() - t0;
  const reports = await Promise.all(users.map((c) => c.ask<{ streams: number; ticks: Record<string, number[]> }>({ type: "report", since })));
  await Promise.all(users.map((c) => c.ask({ type: "close" })));
  await until(async () => (await metric(servers.apps, "tickerlab_sse_subscribers")) === 0, 60_000, "the instances to close the streams");
  // The ticks that started after every stream was open, all but the last (it may be cut short).
  const ats = [...new Set(reports.flatMap((r) => Object.keys(r.ticks)))].sort().slice(0, TICKS);
  const latencies: number[] = [];
  for (const r of reports) for (const at of ats) latencies.push(...(r.ticks[at] ?? []));
  latencies.sort((a, b) => a - b);
  return {
    round,
    subscribers: count,
    opened: open,
    openSeconds,
    ticks: ats.length,
    deliveries: latencies.length,
    missed: ats.length * open - latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    latencies,
    cpuPerTick: (cpu1 - cpu0) / (elapsed / TICK_MS),
    rssMb: rss,
  };
}

async function main() {
  const loadAtStart = load();
  const servers = await startServers();
  const clients = Array.from({ length: PROCESSES }, () => Clients.start());
  try {
    const cookies: string[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      const client = await signedIn(servers.url, "sse", i);
      cookies.push([...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    console.log(`${servers.extra}; ${PEOPLE} signed-in ${PEOPLE === 1 ? "person (every stream on one session)" : "people"}; ${PROCESSES} client processes; load ${load()}`);
    const phases: Phase[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const count of [1, SUBSCRIBERS]) {
        const p = await phase(servers, clients, cookies, count, round);
        phases.push(p);
        console.log(
          `round ${round}: ${p.opened} streams (opened in ${p.openSeconds.toFixed(1)} s), ${p.ticks} ticks, p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms, missed ${p.missed}, server CPU ${p.cpuPerTick.toFixed(0)} ms a tick, RSS ${p.rssMb.toFixed(0)} MB; load ${load()}`,
        );
      }
    }
    const ones = phases.filter((p) => p.subscribers === 1);
    const many = phases.filter((p) => p.subscribers !== 1);
    const pooled = (ps: Phase[]) => {
      const all = ps.flatMap((p) => p.latencies).sort((a, b) => a - b);
      return { p50: percentile(all, 50), p99: percentile(all, 99), max: all.at(-1)! };
    };
    const one = pooled(ones);
    const n = pooled(many);
    const perStreamKb = many.map((p, i) => ((p.rssMb - ones[i]!.rssMb) * 1024) / Math.max(1, p.opened - 1));
    console.log(`\n${servers.extra} · a tick every ${TICK_MS} ms · ${ROUNDS} rounds of ${TICKS} ticks, 1 and ${SUBSCRIBERS} subscribers alternating · ${os.cpus().length} cores · load ${loadAtStart} at the start, ${load()} at the end\n`);
    console.log("| round | subscribers | tick deliveries | missed | p50 ms | p99 ms | max ms | server CPU ms / tick | server RSS MB |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const p of phases) {
      console.log(`| ${p.round} | ${p.opened} | ${p.deliveries} | ${p.missed} | ${p.p50} | ${p.p99} | ${p.max} | ${p.cpuPerTick.toFixed(0)} | ${p.rssMb.toFixed(0)} |`);
    }
    console.log(`| all | 1 | ${ones.reduce((t, p) => t + p.deliveries, 0)} | ${ones.reduce((t, p) => t + p.missed, 0)} | ${one.p50} | ${one.p99} | ${one.max} | ${median(ones.map((p) => p.cpuPerTick)).toFixed(0)} (median) | |`);
    console.log(`| all | ${SUBSCRIBERS} | ${many.reduce((t, p) => t + p.deliveries, 0)} | ${many.reduce((t, p) => t + p.missed, 0)} | ${n.p50} | ${n.p99} | ${n.max} | ${median(many.map((p) => p.cpuPerTick)).toFixed(0)} (median) | |`);
    const ratios = many.map((p, i) => p.p99 / ones[i]!.p99);
    console.log(
      `\np99 ${SUBSCRIBERS} ÷ p99 1: ${ratios.map((r) => r.toFixed(2)).join(", ")} by round (median ${median(ratios).toFixed(2)}×), ${(n.p99 / one.p99).toFixed(2)}× pooled (goal ≤ 2×)`,
    );
    console.log(`memory per stream (RSS with ${SUBSCRIBERS} open − with 1 open, ÷ streams): ${perStreamKb.map((k) => k.toFixed(1)).join(", ")} kB by round (median ${median(perStreamKb).toFixed(1)} kB)`);
    console.log(`server CPU a tick for the fan-out (${SUBSCRIBERS} − 1 subscriber, medians): ${(median(many.map((p) => p.cpuPerTick)) - median(ones.map((p) => p.cpuPerTick))).toFixed(0)} ms`);
  } finally {
    for (const c of clients) c.child.kill();
    await servers.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
