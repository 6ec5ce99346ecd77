/**
 * The realism report (issue #21 §1) for a seed, before a change to the simulator lands:
 * a fresh install's backfill (the bundled universe, `--years` of daily history ending now)
 * measured by src/domain/market/realism.ts, the same table `GET /api/market/realism` shows.
 *
 *   npm run realism -- [--seed <text>] [--years 5]
 *   npm run realism -- --seeds 50 [--years 5]     pass rate of every row over seeds seed-1…seed-50
 *   npm run realism -- --seeds 50 --from 51       …over seed-51…seed-100 (a second, disjoint set)
 *
 * With --seeds, each row's pass count is given side by side for the process of decision 051
 * (its parameters below, when they differ from today's), today's process, and a fresh install
 * (today's process with the first start's guard, decision 058: the first candidate seed on
 * which every row holds).
 */
import { parseArgs } from "node:util";
import { backfill, backfillRealism, barsFromCandles, BUNDLED_UNIVERSE, DEFAULT_SIMULATION_CONFIG, firstHistory, indexCandles, realismReport, TLX, type Candle, type RealismReport, type SimulationConfig } from "@/domain/market";

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

let lastNow: RealismReport | undefined;
const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(3));

/** The process of decision 051, to compare with: today's defaults with 051's volatility models. */
const PROCESS_051: SimulationConfig = {
  ...DEFAULT_SIMULATION_CONFIG,
  volatility: {
    market: { levels: 6, components: [{ stormsPerYear: 4, calmingDays: 10, step: 0.15 }, { stormsPerYear: 2, calmingDays: 30, step: 0.175 }], feedback: 0.035, drag: 0.3, marketShare: 0 },
    sector: { levels: 6, components: [{ stormsPerYear: 4, calmingDays: 1.5, step: 0.125 }, { stormsPerYear: 1, calmingDays: 15, step: 0.125 }], feedback: 0.02, drag: 0, marketShare: 0.35 },
    instrument: {
      levels: 6,
      components: [{ stormsPerYear: 10, calmingDays: 0.75, step: 0.25 }, { stormsPerYear: 4, calmingDays: 10, step: 0.2 }, { stormsPerYear: 2, calmingDays: 30, step: 0.3 }],
      feedback: 0.02,
      drag: 0.05,
      marketShare: 0.35,
    },
  },
};

if (values.seeds) {
  const count = Number(values.seeds);
  const days = Math.round(years * 365) + 1;
  const end = new Date();
  type Column = { name: string; report: (seed: string) => RealismReport };
  const measure = (seed: string, config?: SimulationConfig) => backfillRealism(backfill(BUNDLED_UNIVERSE, seed, end, { days, minutes: 1440, ...(config && { config }) }), TLX)!;
  const columns: Column[] = [];
  if (JSON.stringify(PROCESS_051) !== JSON.stringify(DEFAULT_SIMULATION_CONFIG)) columns.push({ name: "process 051", report: (seed) => measure(seed, PROCESS_051) });
  columns.push({ name: "process now", report: (seed) => measure(seed) });
  columns.push({ name: "fresh install", report: (seed) => firstHistory(BUNDLED_UNIVERSE, seed, end, TLX, { days, minutes: 1440 }).report! });
  const passes = columns.map(() => new Map<string, number>());
  const all = columns.map(() => 0);
  const seen = new Map<string, number[]>();
  let retries = 0;
  for (let n = from; n < from + count; n++) {
    const seed = `seed-${n}`;
    for (const [c, column] of columns.entries()) {
      // A fresh install keeps the process's own history when it holds (no second walk needed to know).
      const previous = column.name === "fresh install" ? lastNow : undefined;
      const report = previous?.holds ? previous : column.report(seed);
      if (column.name === "fresh install" && !previous?.holds) retries += 1;
      if (column.name === "process now") lastNow = report;
      if (report.holds) all[c]! += 1;
      for (const row of report.rows) {
        passes[c]!.set(row.id, (passes[c]!.get(row.id) ?? 0) + (row.holds ? 1 : 0));
        if (column.name === "process now") row.values.forEach((v) => seen.set(`${row.id} ${v.of}`, [...(seen.get(`${row.id} ${v.of}`) ?? []), v.value]));
      }
    }
  }
  console.log(`${count} seeds (seed-${from}…seed-${from + count - 1}), ${years} years each; rows held, of ${count}:`);
  console.log(`${"row".padEnd(6)}${columns.map((c) => c.name.padStart(15)).join("")}`);
  for (const id of passes[0]!.keys()) console.log(`${id.padEnd(6)}${passes.map((p) => String(p.get(id)).padStart(15)).join("")}`);
  console.log(`${"all".padEnd(6)}${all.map((n) => String(n).padStart(15)).join("")}`);
  console.log(`(a fresh install walked more than one candidate seed on ${retries} of ${count})`);
  console.log("\nvalue ranges, process now (min / median / max):");
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
