/**
 * Order placement over HTTP on the real server (production build) and PostgreSQL: market
 * orders through POST /api/portfolios/{id}/orders with 1, 8 and 32 concurrent clients, each
 * its own person and portfolio, and 32 clients on ONE portfolio (they queue on its lock).
 * Baseline in the same run: pgbench's TPC-B-like transaction on the same PostgreSQL server
 * (scale 10, a scratch database) with the same numbers of clients.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders.ts [--seconds 10] [--pgbench-seconds 15]
 *
 * Each client alternates a market buy and a market sell of one share, so cash and position
 * stay put however long it runs. The simulator is off (MARKET_TICK_MS=0): this measures
 * placement, not placement plus ticks.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { startApp } from "../tests/setup/app-server";
import { createDatabaseOn, createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, "pgbench-seconds": { type: "string", default: "15" } },
});
const SECONDS = Number(values.seconds);
const PGBENCH_SECONDS = Number(values["pgbench-seconds"]);
const CLIENTS = [1, 8, 32];
process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Trader {
  client: Client;
  portfolioId: string;
}

async function signedIn(url: string, i: number): Promise<Client> {
  const person = { email: `orders-${i}@bench.test`, password: "bench password 1", name: `Bench ${i}` };
  const client = new Client(url);
  const registered = await client.register(person);
  if (registered.status !== 201) throw new Error(`register ${registered.status}: ${await registered.text()}`);
  const { status } = await client.signIn(person.email, person.password);
  if (status !== 200) throw new Error(`sign-in ${status}`);
  return client;
}

async function portfolioOf(client: Client): Promise<string> {
  const res = await client.request("/api/portfolio");
  if (res.status !== 200) throw new Error(`GET /api/portfolio ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}

/** Every trader places orders back to back for `seconds`; each alternates buy and sell. */
async function run(traders: Trader[], symbol: string, seconds: number) {
  const times: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    traders.map(async ({ client, portfolioId }) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const side = n % 2 === 0 ? "buy" : "sell";
        const t = performance.now();
        const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side, type: "market", quantity: 1 } });
        const body = await res.text();
        // On a shared portfolio a sell can find the share already sold by another client: 422 is an answer too.
        if (res.status !== 201 && !(res.status === 422 && traders.length > 1 && traders[0]!.portfolioId === traders[1]?.portfolioId)) {
          throw new Error(`order ${res.status}: ${body}`);
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { orders: times.length, perSecond: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99) };
}

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

async function pgbench(serverUrl: string) {
  const bin = pgbenchBinary();
  const scratch = await createDatabaseOn(serverUrl, "tickerlab_pgbench");
  const url = scratch.url;
  try {
    execFileSync(bin, ["-i", "-s", "10", "-q", url], { stdio: "ignore" });
    const results = new Map<number, { tps: number; latency: number }>();
    for (const n of CLIENTS) {
      const out = execFileSync(bin, ["-c", String(n), "-j", "2", "-T", String(PGBENCH_SECONDS), url], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
      results.set(n, { tps, latency });
    }
    return results;
  } finally {
    await scratch.drop();
  }
}

async function main() {
  const serverUrl = process.env.DATABASE_URL!;
  const database = (await createServerDatabase())!;
  const app = await startApp({ RATE_LIMIT_PER_ADDRESS: "0", RATE_LIMIT_PER_IP: "0", LOG_LEVEL: "warn", MARKET_TICK_MS: "0", DATABASE_URL: database.url });
  const lines: string[] = [];
  const results: Array<{ name: string; clients: number; r: Awaited<ReturnType<typeof run>> }> = [];
  try {
    const clients: Client[] = [];
    for (let i = 0; i < Math.max(...CLIENTS); i++) clients.push(await signedIn(app.url, i));
    const traders: Trader[] = [];
    for (const client of clients) traders.push({ client, portfolioId: await portfolioOf(client) });
    const { items } = (await (await clients[0]!.request("/api/instruments")).json()) as { items: Array<{ symbol: string; active: boolean }> };
    const symbol = items.find((i) => i.active)?.symbol;
    if (!symbol) throw new Error("no active instrument");

    await run(traders.slice(0, 8), symbol, 2); // warm-up: JIT, pools, caches
    for (const n of CLIENTS) results.push({ name: `${n} client${n > 1 ? "s" : ""}, own portfolios`, clients: n, r: await run(traders.slice(0, n), symbol, SECONDS) });
    // One person, 32 requests at a time (one session shared by the clients).
    const shared = Array.from({ length: 32 }, () => traders[0]!);
    results.push({ name: "32 clients, ONE portfolio", clients: 32, r: await run(shared, symbol, SECONDS) });
  } finally {
    await app.stop();
    await database.drop();
  }

  const bench = await pgbench(serverUrl);
  lines.push(`\nPostgreSQL · POST /api/portfolios/{id}/orders (market, 1 share) · ${SECONDS} s per row · pgbench TPC-B-like, scale 10, -j 2, ${PGBENCH_SECONDS} s\n`);
  lines.push("| clients | orders | orders/s | p50 ms | p99 ms | pgbench tps | pgbench latency ms | orders/s ÷ tps |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const { name, clients, r } of results) {
    const b = bench.get(clients)!;
    lines.push(`| ${name} | ${r.orders} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${b.tps.toFixed(0)} | ${b.latency.toFixed(1)} | ${(r.perSecond / b.tps).toFixed(2)} |`);
  }
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
