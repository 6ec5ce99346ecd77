/**
 * The first start's market seed in-process on a fresh in-memory PGlite (opening the database
 * and its migrations not timed): the backfill, and `seedMarket` (the same backfill plus the
 * candle inserts and the benchmark index) that `npm start` does once. Median of --runs.
 * Copy it into an older checkout to compare before and after on the same machine. Since
 * decision 058 `seedMarket` writes the most recent year before ready and the market-history
 * task the older years after: that second part is timed too (not part of the time to ready).
 *
 *   npx tsx bench/seed-time.ts [--runs 3]
 */
import { parseArgs } from "node:util";
import { BUNDLED_UNIVERSE, backfill } from "@/domain/market";
import { openDatabase } from "@/server/db/client";
import { fillMarketHistory } from "@/features/market/server/history";
import { seedMarket } from "@/features/market/server/seed";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
process.env.LOG_LEVEL ??= "warn";
const now = new Date("2026-11-28T10:30:00Z");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main() {
  const seeds: number[] = [];
  const fills: number[] = [];
  const backfills: number[] = [];
  for (let run = 0; run < Number(values.runs); run++) {
    const started = performance.now();
    backfill(BUNDLED_UNIVERSE, `bench-${run}`, now);
    backfills.push(performance.now() - started);
    const handle = await openDatabase({ dataDir: "memory://" });
    const result = await seedMarket(handle.db, BUNDLED_UNIVERSE, now);
    seeds.push(result.ms);
    const fillStarted = performance.now();
    const fill = await fillMarketHistory(handle.db);
    fills.push(performance.now() - fillStarted);
    console.log(
      `run ${run + 1}: backfill alone ${Math.round(backfills.at(-1)!)} ms; seedMarket ${result.ms} ms, ${result.candles} candles (${result.tries} candidate seed(s)); after ready: ${Math.round(fills.at(-1)!)} ms, ${fill.written} candles`,
    );
    await handle.close();
  }
  console.log(`median: backfill ${Math.round(median(backfills))} ms, seedMarket (to ready) ${median(seeds)} ms, older years after ready ${Math.round(median(fills))} ms`);
}

void main();
