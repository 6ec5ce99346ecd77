/**
 * Fail-over time of the market simulator between two real server processes on one
 * PostgreSQL database (docs/decisions/025-fail-over.md): from `kill -9`, and from SIGTERM, of
 * the leader to the first tick committed by the other instance (a trigger records every
 * write with its session's application_name, tests/setup/cluster.ts). After each run the
 * dead instance is replaced by a new one, so there are always two.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/failover.ts \
 *     [--runs 5] [--tick-ms 2000,500] [--checkout <another built checkout>]
 *
 * Prints, per tick setting, the median / min / max of the runs and the exit codes the
 * SIGTERM'd leaders ended with.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { startApp, type RunningApp } from "../tests/setup/app-server";
import { installWriteLog, killAndMeasure, leaderOf, terminateAndMeasure } from "../tests/setup/cluster";
import { createDatabaseOn } from "../tests/setup/server-database";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    "tick-ms": { type: "string", default: "2000,500" },
    checkout: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const TICKS = values["tick-ms"].split(",").map(Number);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function measure(tickMs: number) {
  const database = await createDatabaseOn(serverUrl!, "tickerlab_failover");
  const start = () => startApp({ DATABASE_URL: database.url, MARKET_TICK_MS: String(tickMs), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }, { checkout: values.checkout });
  const watch = new pg.Client({ connectionString: database.url });
  let apps: RunningApp[] = [];
  const kill: number[] = [];
  const term: number[] = [];
  const exits: string[] = [];
  try {
    apps.push(await start());
    await watch.connect();
    await installWriteLog(watch);
    apps.push(await start());
    for (let run = 0; run < RUNS; run++) {
      for (const how of ["kill", "term"] as const) {
        const leader = await leaderOf(watch, apps);
        const survivor = apps.find((app) => app !== leader)!;
        if (how === "kill") {
          kill.push(await killAndMeasure(watch, leader, survivor, 60_000));
        } else {
          const { ms, exit } = await terminateAndMeasure(watch, leader, survivor, 60_000);
          term.push(ms);
          exits.push(exit.signal ?? String(exit.code));
        }
        apps = [survivor, await start()];
        console.log(`  tick ${tickMs} ms, run ${run + 1}, ${how}: ${(how === "kill" ? kill : term).at(-1)} ms`);
      }
    }
  } finally {
    for (const app of apps) await app.stop();
    await watch.end().catch(() => {});
    await database.drop();
  }
  return { tickMs, kill, term, exits };
}

async function main() {
  const results = [];
  for (const tickMs of TICKS) results.push(await measure(tickMs));
  console.log(`\nfail-over to the first tick by the other instance, ${RUNS} runs each${values.checkout ? ` (build of ${values.checkout})` : ""}:`);
  for (const r of results) {
    const line = (name: string, xs: number[]) => `${name} median ${median(xs)} ms (min ${Math.min(...xs)}, max ${Math.max(...xs)}; ${xs.join(", ")})`;
    console.log(`MARKET_TICK_MS=${r.tickMs}: ${line("kill -9", r.kill)}; ${line("SIGTERM", r.term)}; SIGTERM exit codes: ${r.exits.join(", ")}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
