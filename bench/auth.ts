/**
 * Sign-in and session-check latency on the real server (production build, PGlite by
 * default, PostgreSQL with DATABASE_URL), against a baseline measured in the same run:
 * GET /api/health, the cheapest request that still touches the database.
 *
 *   npx tsx bench/auth.ts [--requests 400] [--concurrency 8]
 */
import { parseArgs } from "node:util";
import { startApp } from "../tests/setup/app-server";
import { createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "400" }, concurrency: { type: "string", default: "8" } },
});
const REQUESTS = Number(values.requests);
const CONCURRENCY = Number(values.concurrency);

interface Result {
  name: string;
  p50: number;
  p99: number;
  perSecond: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, once: () => Promise<void>, requests = REQUESTS): Promise<Result> {
  for (let i = 0; i < Math.min(20, requests); i++) await once(); // warm-up: JIT, caches, pools
  const times: number[] = [];
  let next = 0;
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
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p99: percentile(times, 99), perSecond: times.length / elapsed };
}

async function main() {
  const database = await createServerDatabase();
  // Rate limits off: this measures the work, not the limiter's refusals.
  const app = await startApp({ RATE_LIMIT_PER_ADDRESS: "0", RATE_LIMIT_PER_IP: "0", LOG_LEVEL: "warn", ...(database && { DATABASE_URL: database.url }) });
  try {
    const person = { email: "bench@example.test", password: "bench password 1", name: "Bench" };
    const owner = new Client(app.url);
    await owner.register(person);
    await owner.signIn(person.email, person.password);
    const expect200 = async (res: Response) => {
      if (res.status !== 200) throw new Error(`${res.url}: ${res.status}`);
      await res.arrayBuffer();
    };
    const results = [
      await measure("GET /api/health (baseline: one DB round trip)", async () => expect200(await fetch(`${app.url}/api/health`))),
      await measure("GET /api/auth/session (JWT + token-version check)", async () => expect200(await owner.request("/api/auth/session"))),
      await measure("GET /api/account (apiRoute: session, role, query)", async () => expect200(await owner.request("/api/account"))),
      await measure("GET /settings (guarded page, server-rendered)", async () => expect200(await owner.request("/settings"))),
      await measure(
        "POST /api/auth/callback/credentials (argon2id sign-in)",
        async () => {
          const client = new Client(app.url);
          const { status } = await client.signIn(person.email, person.password);
          if (status !== 200) throw new Error(`sign-in ${status}`);
        },
        Math.max(40, Math.floor(REQUESTS / 5)),
      ),
    ];
    const base = results[0]!.p50;
    console.log(`\n${database ? "PostgreSQL" : "PGlite"} · ${CONCURRENCY} concurrent clients · ${REQUESTS} requests each (sign-in: fewer)\n`);
    console.log("| request | p50 ms | p99 ms | req/s | p50 ÷ baseline |");
    console.log("|---|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${(r.p50 / base).toFixed(1)}× |`);
    }
  } finally {
    await app.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
