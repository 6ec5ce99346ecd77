/**
 * Sign-in and session-check cost on the real server (production build, PGlite by default,
 * PostgreSQL with DATABASE_URL), against a baseline measured in the same run:
 * GET /api/health, the cheapest request that still touches the database.
 *
 * For each request it reports latency (p50, p99), throughput, and the server process's own
 * CPU per request: utime + stime from /proc/<pid>/stat over the timed requests, divided by
 * their number. Latency on a shared 2-core machine moves with whatever else runs; the CPU a
 * request costs the server moves much less, so that is the figure to compare.
 *
 *   npx tsx bench/auth.ts [--requests 2000] [--concurrency 8]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { startApp } from "../tests/setup/app-server";
import { createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "2000" }, concurrency: { type: "string", default: "8" } },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);
/** USER_HZ: the unit of utime and stime in /proc/<pid>/stat on Linux. */
const TICKS_PER_SECOND = 100;

interface Result {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  perSecond: number;
  cpuMs: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The process listening on the port: the app is spawned by startApp, which does not hand out its PID. */
function pidListeningOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]!);
    }
  }
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      }
    } catch {
      // a process that exited or is not ours
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

/** utime + stime of the process, in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at ")"; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function measure(pid: number, name: string, once: () => Promise<void>, requests = REQUESTS): Promise<Result> {
  for (let i = 0; i < Math.min(50, requests); i++) await once(); // warm-up: JIT, caches, pools
  const times: number[] = [];
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  times.sort((a, b) => a - b);
  return { name, requests: times.length, p50: percentile(times, 50), p99: percentile(times, 99), perSecond: times.length / elapsed, cpuMs: cpu / times.length };
}

async function main() {
  const database = await createServerDatabase();
  // Rate limits off: this measures the work, not the limiter's refusals. The simulator off:
  // its ticks would be charged to whichever request runs beside them.
  const app = await startApp({
    RATE_LIMIT_PER_ADDRESS: "0",
    RATE_LIMIT_PER_IP: "0",
    LOG_LEVEL: "warn",
    MARKET_TICK_MS: "0",
    ...(database && { DATABASE_URL: database.url }),
  });
  try {
    const pid = pidListeningOn(Number(new URL(app.url).port));
    const person = { email: "bench@example.test", password: "bench password 1", name: "Bench" };
    const owner = new Client(app.url);
    await owner.register(person);
    await owner.signIn(person.email, person.password);
    // Only the session cookie, as a script would send it: what a request costs without the
    // CSRF and callback cookies a browser also carries.
    const sessionCookie = [...owner.cookies].find(([name]) => name.endsWith("next-auth.session-token"))!;
    const cookieHeader = { cookie: `${sessionCookie[0]}=${sessionCookie[1]}` };
    let setCookies = 0;
    const expect200 = async (res: Response) => {
      if (res.status !== 200) throw new Error(`${res.url}: ${res.status}`);
      setCookies += res.headers.getSetCookie().length;
      await res.arrayBuffer();
    };
    const counted = async (name: string, once: () => Promise<void>, requests?: number) => {
      setCookies = 0;
      const result = await measure(pid, name, once, requests);
      // Per answer, warm-up included (it went through the same counter).
      return { ...result, setCookiesPerAnswer: setCookies / (result.requests + Math.min(50, result.requests)) };
    };
    const results = [
      await counted("GET /api/health (baseline: one DB round trip, no cookie)", async () => expect200(await fetch(`${app.url}/api/health`))),
      await counted("GET /api/health with a session cookie (+ session check)", async () =>
        expect200(await fetch(`${app.url}/api/health`, { headers: cookieHeader })),
      ),
      await counted("GET /api/auth/session (next-auth's handler)", async () => expect200(await fetch(`${app.url}/api/auth/session`, { headers: cookieHeader }))),
      await counted("GET /api/account (apiRoute: session, role, query)", async () => expect200(await fetch(`${app.url}/api/account`, { headers: cookieHeader }))),
      await counted("GET /settings (guarded page, server-rendered)", async () => expect200(await owner.request("/settings"))),
      {
        ...(await measure(
          pid,
          "POST /api/auth/callback/credentials (argon2id sign-in)",
          async () => {
            const client = new Client(app.url);
            const { status } = await client.signIn(person.email, person.password);
            if (status !== 200) throw new Error(`sign-in ${status}`);
          },
          Math.max(40, Math.floor(REQUESTS / 20)),
        )),
        setCookiesPerAnswer: undefined,
      },
    ];
    const base = results[0]!;
    console.log(`\n${database ? "PostgreSQL" : "PGlite"} · ${CONCURRENCY} concurrent clients · ${REQUESTS} requests each (sign-in: fewer)\n`);
    console.log("| request | p50 ms | p99 ms | req/s | p50 ÷ baseline | server CPU ms/req | CPU ÷ baseline | Set-Cookie per answer |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(
        `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${(r.p50 / base.p50).toFixed(2)}× | ${r.cpuMs.toFixed(3)} | ${(r.cpuMs / base.cpuMs).toFixed(2)}× | ${r.setCookiesPerAnswer?.toFixed(1) ?? "—"} |`,
      );
    }
    // One line for scripts that collect several runs.
    console.log(`json: ${JSON.stringify({ database: database ? "postgres" : "pglite", results })}`);
  } finally {
    await app.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
