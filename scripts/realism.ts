/**
 * The realism report (issue #21 §1) for a seed, before a change to the simulator lands:
 * a fresh install's backfill (the bundled universe, `--years` of daily history ending now)
 * measured by src/domain/market/realism.ts, the same table `GET /api/market/realism` shows.
 *
 *   npm run realism -- [--seed <text>] [--years 5]
 *   npm run realism -- --seeds 50 [--years 5]     pass rate of every row over seeds seed-1…seed-50
 *   npm run realism -- --seeds 50 --from 51       …over seed-51…seed-100 (a second, disjoint set)
 */
import { parseArgs } from "node:util";
import { backfill, barsFromCandles, BUNDLED_UNIVERSE, indexCandles, realismReport, TLX, type Candle, type RealismReport } from "@/domain/market";

const { values } = parseArgs({ options: { seed: { type: "string", default: "realism" }, years: { type: "string", default: "5" }, seeds: { type: "string" }, from: { type: "string", default: "1" } } });
const years = Number(values.years);
if (!(years >= 0.5)) throw new Error("--years takes a number of years, at least 0.5.");
const from = Number(values.from);
if (!Number.isInteger(from)) throw new Error("--from takes the whole number of the first seed.");

function reportFor(seed: string): RealismReport {
  const days = Math.round(years * 365) + 1;
  const history = backfill(BUNDLED_UNIVERSE, seed, new Date(), { days, minutes: 1440 });
  // Today's candle is still in progress: measure completed days.
  const completed = (candles: readonly { start: Date }[]) => candles.slice(0, -1);
  const bars = Object.fromEntries(Object.entries(history.daily).map(([symbol, candles]) => [symbol, barsFromCandles(completed(candles) as Candle[])]));
  bars[TLX.symbol] = barsFromCandles(completed(indexCandles(TLX, history.daily, "1d")) as Candle[]);
  return realismReport({ bars, index: TLX.symbol, stocks: TLX.constituents.map((c) => c.symbol) });
}

const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(3));

if (values.seeds) {
  const count = Number(values.seeds);
  const passes = new Map<string, number>();
  const seen = new Map<string, number[]>();
  let all = 0;
  for (let n = from; n < from + count; n++) {
    const report = reportFor(`seed-${n}`);
    if (report.holds) all += 1;
    for (const row of report.rows) {
      passes.set(row.id, (passes.get(row.id) ?? 0) + (row.holds ? 1 : 0));
      row.values.forEach((v) => seen.set(`${row.id} ${v.of}`, [...(seen.get(`${row.id} ${v.of}`) ?? []), v.value]));
    }
  }
  console.log(`${count} seeds (seed-${from}…seed-${from + count - 1}), ${years} years each: every row held on ${all} of ${count}.`);
  for (const [id, n] of passes) console.log(`${id.padEnd(4)} holds on ${String(n).padStart(3)} of ${count}`);
  console.log("\nvalue ranges (min / median / max):");
  for (const [key, list] of seen) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`${key.padEnd(48)} ${format(sorted[0]!)} / ${format(sorted[sorted.length >> 1]!)} / ${format(sorted.at(-1)!)}`);
  }
} else {
  const report = reportFor(values.seed);
  console.log(`Seed "${values.seed}", ${report.days} daily returns, ${report.stocks} stocks; the index is ${TLX.symbol}.\n`);
  for (const row of report.rows) {
    const measured = row.values.map((v) => `${v.of} ${format(v.value)}`).join("; ");
    console.log(`${row.holds ? "✓" : "✗"} ${row.id.padEnd(4)} ${row.property.padEnd(26)} ${row.statistic}`);
    console.log(`       ${measured}   (target ${row.target})`);
  }
  console.log(`\n${report.holds ? "Every row holds." : "Some rows do not hold."}`);
}
