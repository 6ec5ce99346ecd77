/**
 * Sign-in and session-check cost on the real server (production build, PGlite by default,
 * PostgreSQL with DATABASE_URL), against a baseline measured in the same run:
 * GET /api/health without a cookie, the cheapest request that still touches the database.
 *
 * For each request it reports latency (p50, p99), throughput, the server process's own CPU
 * per request — utime + stime from /proc/<pid>/stat over the timed requests, divided by
 * their number — and the Set-Cookie headers per answer. Latency on a shared 2-core machine
 * moves with whatever else runs; the CPU a request costs the server moves much less.
 *
 * With --baseline <another checkout> (built into the same NEXT_DIST_DIR), both builds run
 * side by side and every request kind is measured in alternating rounds on the two servers,
 * so a before/after comparison shares the machine's load; the last table gives the ratios.
 *
 *   npx tsx bench/auth.ts [--requests 400] [--rounds 5] [--concurrency 8] [--baseline ../main]
 */
import { parseArgs } from "node:util";
import type { RunningApp } from "../tests/setup/app-server";
import { startBenchApp } from "./lib/app";
import { createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";
import { cpuMsOf } from "./lib/cpu";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "400" },
    rounds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    baseline: { type: "string" },
  },
});
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const WARM_UP = 50;
const IDLE_SAMPLE_MS = 5000;
const SETTLE_MAX_MS = 60_000;
const SETTLED_CPU_MS_PER_S = 40;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Target {
  label: string;
  app: RunningApp;
  /** The session cookie alone, as a script would send it. */
  cookie: string;
  /** A browser-like client holding every cookie next-auth set. */
  browser: Client;
  person: { email: string; password: string };
}

interface Kind {
  name: string;
  requests: number;
  /** One request; returns the number of Set-Cookie headers of its answer (undefined: not counted). */
  once: (t: Target) => Promise<number | undefined>;
}

interface Tally {
  times: number[];
  cpuPerRequest: number[];
  seconds: number;
  setCookies: number;
  counted: number;
}

async function round(target: Target, kind: Kind, tally: Tally): Promise<void> {
  let next = 0;
  const cpuBefore = cpuMsOf(target.app.pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < kind.requests) {
        const t = performance.now();
        const cookies = await kind.once(target);
        tally.times.push(performance.now() - t);
        if (cookies !== undefined) {
          tally.setCookies += cookies;
          tally.counted++;
        }
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
  tally.cpuPerRequest.push((cpuMsOf(target.app.pid) - cpuBefore) / kind.requests);
}

async function ok(res: Response): Promise<number> {
  if (res.status !== 200) throw new Error(`${res.url}: ${res.status}`);
  await res.arrayBuffer();
  return res.headers.getSetCookie().length;
}

const KINDS: Kind[] = [
  { name: "GET /api/health (baseline: one DB round trip, no cookie)", requests: REQUESTS, once: async (t) => ok(await fetch(`${t.app.url}/api/health`)) },
  {
    name: "GET /api/health with a session cookie (+ session check)",
    requests: REQUESTS,
    once: async (t) => ok(await fetch(`${t.app.url}/api/health`, { headers: { cookie: t.cookie } })),
  },
  { name: "GET /api/auth/session (next-auth's handler)", requests: REQUESTS, once: async (t) => ok(await fetch(`${t.app.url}/api/auth/session`, { headers: { cookie: t.cookie } })) },
  { name: "GET /api/account (apiRoute: session, role, query)", requests: REQUESTS, once: async (t) => ok(await fetch(`${t.app.url}/api/account`, { headers: { cookie: t.cookie } })) },
  { name: "GET /settings (guarded page, server-rendered)", requests: REQUESTS, once: async (t) => ok(await t.browser.request("/settings")) },
  {
    name: "POST /api/auth/callback/credentials (argon2id sign-in)",
    requests: Math.max(20, Math.floor(REQUESTS / 10)),
    once: async (t) => {
      const { status } = await new Client(t.app.url).signIn(t.person.email, t.person.password);
      if (status !== 200) throw new Error(`sign-in ${status}`);
      return undefined;
    },
  },
];

async function prepare(label: string, checkout?: string): Promise<Target & { drop: () => Promise<void> }> {
  const database = await createServerDatabase();
  // As production runs it, rate limits off (bench/lib/app.ts). The simulator off: its ticks
  // would be charged to whichever request runs beside them.
  const app = await startBenchApp(
    { MARKET_TICK_MS: "0", ...(database && { DATABASE_URL: database.url }) },
    { checkout },
  );
  const person = { email: "bench@example.test", password: "bench password 1", name: "Bench" };
  const browser = new Client(app.url);
  await browser.register(person);
  await browser.signIn(person.email, person.password);
  const [name, value] = [...browser.cookies].find(([n]) => n.endsWith("next-auth.session-token"))!;
  const drop = async () => {
    await app.stop();
    await database?.drop();
  };
  return { label, app, cookie: `${name}=${value}`, browser, person, drop };
}

function table(label: string, kinds: Kind[], tallies: Tally[]) {
  const base = median(tallies[0]!.cpuPerRequest);
  const baseP50 = percentile([...tallies[0]!.times].sort((a, b) => a - b), 50);
  console.log(`\n${label}\n`);
  console.log("| request | p50 ms | p99 ms | req/s | p50 ÷ baseline | server CPU ms/req (median of rounds) | CPU ÷ baseline | Set-Cookie per answer |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  kinds.forEach((kind, i) => {
    const t = tallies[i]!;
    const sorted = [...t.times].sort((a, b) => a - b);
    const cpu = median(t.cpuPerRequest);
    const cookies = t.counted ? (t.setCookies / t.counted).toFixed(1) : "—";
    console.log(
      `| ${kind.name} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(t.times.length / t.seconds).toFixed(0)} | ${(percentile(sorted, 50) / baseP50).toFixed(2)}× | ${cpu.toFixed(3)} | ${(cpu / base).toFixed(2)}× | ${cookies} |`,
    );
  });
}

async function main() {
  const targets = [await prepare("this checkout")];
  if (values.baseline) targets.unshift(await prepare(`baseline: ${values.baseline}`, values.baseline));
  try {
    // Background work (the end of start-up, the scheduler's tasks) is charged to whatever
    // request runs beside it: wait for the servers to settle, then say how much is left.
    const idleCpu = (ms: number) =>
      Promise.all(
        targets.map(async (target) => {
          const before = cpuMsOf(target.app.pid);
          await new Promise((resolve) => setTimeout(resolve, ms));
          return ((cpuMsOf(target.app.pid) - before) * 1000) / ms;
        }),
      );
    for (let waited = 0; waited < SETTLE_MAX_MS; waited += 2000) {
      if ((await idleCpu(2000)).every((perSecond) => perSecond < SETTLED_CPU_MS_PER_S)) break;
    }
    const idle = await idleCpu(IDLE_SAMPLE_MS);
    const tallies = targets.map(() => KINDS.map((): Tally => ({ times: [], cpuPerRequest: [], seconds: 0, setCookies: 0, counted: 0 })));
    for (const [k, kind] of KINDS.entries()) {
      for (const target of targets) for (let i = 0; i < WARM_UP; i++) await kind.once(target); // JIT, caches, pools
      for (let r = 0; r < ROUNDS; r++) {
        for (const [t, target] of targets.entries()) await round(target, kind, tallies[t]![k]!);
      }
    }
    const where = `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"} · ${CONCURRENCY} concurrent clients · ${ROUNDS} rounds × ${REQUESTS} requests per server (sign-in: fewer)`;
    console.log(`\n${where}`);
    targets.forEach((target, t) => table(`${target.label} (idle: ${idle[t]!.toFixed(0)} ms CPU per second)`, KINDS, tallies[t]!));
    if (targets.length === 2) {
      console.log("\nthis checkout ÷ baseline, same run\n");
      console.log("| request | p50 | server CPU per request |");
      console.log("|---|---:|---:|");
      KINDS.forEach((kind, k) => {
        const [before, after] = [tallies[0]![k]!, tallies[1]![k]!];
        const p50 = (t: Tally) => percentile([...t.times].sort((a, b) => a - b), 50);
        console.log(`| ${kind.name} | ${(p50(after) / p50(before)).toFixed(2)}× | ${(median(after.cpuPerRequest) / median(before.cpuPerRequest)).toFixed(2)}× |`);
      });
    }
    // One line for scripts that collect several runs.
    const summary = targets.map((target, t) => ({
      label: target.label,
      results: KINDS.map((kind, k) => ({ name: kind.name, cpuMs: median(tallies[t]![k]!.cpuPerRequest), cpuRounds: tallies[t]![k]!.cpuPerRequest })),
    }));
    console.log(`json: ${JSON.stringify({ database: process.env.DATABASE_URL ? "postgres" : "pglite", summary })}`);
  } finally {
    for (const target of targets) await target.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
