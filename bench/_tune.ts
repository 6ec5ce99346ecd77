import { backfill, barsFromCandles, BUNDLED_UNIVERSE, DEFAULT_SIMULATION_CONFIG, indexCandles, realismReport, TLX, type SimulationConfig } from "@/domain/market";
const patch = JSON.parse(process.env.CFG ?? "{}");
const config: SimulationConfig = { ...DEFAULT_SIMULATION_CONFIG, ...patch, volatility: { ...DEFAULT_SIMULATION_CONFIG.volatility, ...(patch.volatility ?? {}) } };
const count = Number(process.env.SEEDS ?? 30);
const universe = process.env.UNIVERSE ? JSON.parse(process.env.UNIVERSE) : BUNDLED_UNIVERSE;
const passes = new Map<string, number>(); const seen = new Map<string, number[]>(); let all = 0;
const t = performance.now();
for (let n = 1; n <= count; n++) {
  const h = backfill(universe, `seed-${n}`, new Date("2026-11-28T06:00:00Z"), { days: 1827, minutes: 60, config });
  const c = (x: any[]) => x.slice(0, -1);
  const bars: any = Object.fromEntries(Object.entries(h.daily).map(([s, cs]) => [s, barsFromCandles(c(cs))]));
  bars.TLX = barsFromCandles(c(indexCandles(TLX, h.daily, "1d")));
  const r = realismReport({ bars, index: "TLX", stocks: TLX.constituents.map((x) => x.symbol) });
  if (r.holds) all++;
  for (const row of r.rows) { passes.set(row.id, (passes.get(row.id) ?? 0) + (row.holds ? 1 : 0)); row.values.forEach((v) => { const k = `${row.id} ${v.of}`; seen.set(k, [...(seen.get(k) ?? []), v.value]); }); }
}
console.log(`all ${all}/${count}  ${Math.round(performance.now() - t)} ms`);
console.log([...passes].map(([k, v]) => `${k}:${v}`).join(" "));
for (const [k, l] of seen) { const s = [...l].sort((a, b) => a - b); const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(3); console.log(k.padEnd(42), q(0), q(0.1), q(0.5), q(0.9), s.at(-1)!.toFixed(3)); }
