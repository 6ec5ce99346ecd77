import { BUNDLED_UNIVERSE, createMarketState, step, autocorrelation, excessKurtosis, median, DEFAULT_SIMULATION_CONFIG, type SimulationConfig } from "@/domain/market";
const patch = JSON.parse(process.env.CFG ?? "{}");
const config: SimulationConfig = { ...DEFAULT_SIMULATION_CONFIG, ...patch, volatility: { ...DEFAULT_SIMULATION_CONFIG.volatility, ...(patch.volatility ?? {}) } };
const universe = BUNDLED_UNIVERSE.filter((i) => i.kind === "stock").map((i) => ({ ...i, beta: 0, sectorLoading: 0 }));
const res: number[][] = [];
for (let n = 0; n < 10; n++) {
  let s = createMarketState(universe, `d${n}`, new Date(0), { config: { ...config, jumpsPerYear: { stock: 0, etf: 0 } } });
  const r: number[][] = universe.map(() => []);
  for (let d = 0; d < 1825; d++) { const x = step(s, 86400); x.state.instruments.forEach((ins, i) => r[i]!.push(ins.logPrice - s.instruments[i]!.logPrice)); s = x.state; }
  for (const rr of r) { const a = rr.map(Math.abs); res.push([autocorrelation(a, 1), autocorrelation(a, 20), autocorrelation(a, 50), excessKurtosis(rr)]); }
}
for (let k = 0; k < 4; k++) console.log(["acf1", "acf20", "acf50", "kurt"][k], median(res.map((x) => x[k]!)).toFixed(3));
