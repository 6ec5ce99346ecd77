/**
 * Live quotes fan-out: tick-to-subscriber latency of GET /api/stream with 1,000 subscribers on
 * one instance, against 1 subscriber in the same run (real server, production build, PGlite by
 * default, PostgreSQL with DATABASE_URL).
 *
 *   npx tsx bench/sse.ts [--subscribers 1000] [--ticks 10] [--tick-ms 1000]
 *
 * Latency is measured from the `at` of a quote event (the tick's clock, stamped when the tick
 * starts, before its fenced write) to the moment a subscriber has read that tick's first quote
 * event; server and clients share the machine's clock. It therefore includes the tick's write
 * transaction, the publish, and the fan-out to every stream.
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { startApp } from "../tests/setup/app-server";
import { createServerDatabase } from "../tests/setup/server-database";
import { HttpClient as Client } from "../tests/setup/http-client";

const { values } = parseArgs({
  options: {
    subscribers: { type: "string", default: "1000" },
    ticks: { type: "string", default: "10" },
    "tick-ms": { type: "string", default: "1000" },
  },
});
const SUBSCRIBERS = Number(values.subscribers);
const TICKS = Number(values.ticks);
const TICK_MS = Number(values["tick-ms"]);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Subscriber {
  /** Latency of each tick this subscriber saw, keyed by the tick's `at`. */
  seen: Map<string, number>;
  close(): void;
}

/** Opens one stream and records, per tick, when its first quote arrived. Resolves once the snapshot is in. */
function subscribe(url: string, cookie: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const seen = new Map<string, number>();
    const req = http.get(`${url}/api/stream`, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      let ready = false;
      res.on("data", (chunk: string) => {
        const received = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith("event: snapshot") && !ready) {
            ready = true;
            resolve({ seen, close: () => req.destroy() });
          } else if (block.startsWith("event: quote")) {
            const at = (JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { at: string }).at;
            if (!seen.has(at)) seen.set(at, received - Date.parse(at));
          }
        }
      });
      res.on("error", () => {});
    });
    req.on("error", reject);
  });
}

async function measure(url: string, cookie: string, count: number) {
  const subscribers: Subscriber[] = [];
  // Opened 50 at a time: each open checks the session and sends a snapshot.
  for (let i = 0; i < count; i += 50) {
    subscribers.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => subscribe(url, cookie)))));
  }
  const since = new Date().toISOString();
  await new Promise((r) => setTimeout(r, (TICKS + 1) * TICK_MS));
  for (const s of subscribers) s.close();
  // Ticks that started after every stream was open, all but the last (it may be cut short).
  const ticks = [...new Set(subscribers.flatMap((s) => [...s.seen.keys()]))].filter((at) => at > since).sort().slice(0, TICKS);
  const latencies: number[] = [];
  let missed = 0;
  for (const s of subscribers) {
    for (const at of ticks) {
      const ms = s.seen.get(at);
      if (ms === undefined) missed += 1;
      else latencies.push(ms);
    }
  }
  latencies.sort((a, b) => a - b);
  return { subscribers: count, ticks: ticks.length, events: latencies.length, missed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1)! };
}

async function main() {
  const database = await createServerDatabase();
  const app = await startApp({
    RATE_LIMIT_PER_ADDRESS: "0",
    RATE_LIMIT_PER_IP: "0",
    LOG_LEVEL: "warn",
    MARKET_TICK_MS: String(TICK_MS),
    ...(database && { DATABASE_URL: database.url }),
  });
  try {
    const person = { email: "sse@bench.test", password: "bench password 1", name: "Bench" };
    const client = new Client(app.url);
    await client.register(person);
    await client.signIn(person.email, person.password);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const baseline = await measure(app.url, cookie, 1);
    const many = await measure(app.url, cookie, SUBSCRIBERS);
    console.log(`\n${database ? "PostgreSQL" : "PGlite"} · a tick every ${TICK_MS} ms · ${TICKS} ticks measured\n`);
    console.log("| subscribers | tick deliveries | missed | p50 ms | p99 ms | max ms | p50 ÷ baseline |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of [baseline, many]) {
      console.log(`| ${r.subscribers} | ${r.events} | ${r.missed} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${(r.p50 / baseline.p50).toFixed(1)}× |`);
    }
  } finally {
    agent.destroy();
    await app.stop();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
