import { BUNDLED_UNIVERSE, createMarketState, step, autocorrelation, excessKurtosis, median, hillAlpha, DEFAULT_SIMULATION_CONFIG, type SimulationConfig } from "@/domain/market";
const patch = JSON.parse(process.env.CFG ?? "{}");
const config: SimulationConfig = { ...DEFAULT_SIMULATION_CONFIG, ...patch, volatility: { ...DEFAULT_SIMULATION_CONFIG.volatility, ...(patch.volatility ?? {}) } };
const universe = BUNDLED_UNIVERSE.filter((i) => i.kind === "stock");
const res: number[][] = [];
for (let n = 0; n < Number(process.env.N ?? 10); n++) {
  let s = createMarketState(universe, `d${n}`, new Date(0), { config });
  const r: number[][] = universe.map(() => []);
  for (let d = 0; d < 1825; d++) { const x = step(s, 86400); x.state.instruments.forEach((ins, i) => r[i]!.push(ins.logPrice - s.instruments[i]!.logPrice)); s = x.state; }
  const one: number[][] = r.map((rr) => { const a = rr.map(Math.abs); return [autocorrelation(a, 1), autocorrelation(a, 20), autocorrelation(a, 50), excessKurtosis(rr), hillAlpha(a, 45)]; });
  res.push([0, 1, 2, 3, 4].map((k) => median(one.map((x) => x[k]!))));
}
for (let k = 0; k < 5; k++) { const v = res.map((x) => x[k]!).sort((a, b) => a - b); console.log(["acf1", "acf20", "acf50", "kurt", "hill"][k], v[0]!.toFixed(3), median(v).toFixed(3), v.at(-1)!.toFixed(3)); }
