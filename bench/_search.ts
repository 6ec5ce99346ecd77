import { backfill, barsFromCandles, BUNDLED_UNIVERSE, DEFAULT_SIMULATION_CONFIG, indexCandles, realismReport, TLX, createRng, type SimulationConfig } from "@/domain/market";
const rng = createRng(process.env.SEARCH ?? "s");
const seeds = Number(process.env.SEEDS ?? 8);
const jitter = (x: number, f = 0.35) => x * Math.exp(f * (2 * rng.next() - 1));
const base = {
  J: 1.5, JV: 0.07, FM: 0.03, DM: 0.3, DI: 0.1, SH: 0.25,
  m: [[4, 10, 0.15], [2, 25, 0.15]], s: [[4, 1.5, 0.125], [1, 15, 0.125]], i: [[8, 1, 0.2], [4, 10, 0.2], [2, 30, 0.2]],
};
type P = typeof base;
function configOf(p: P): SimulationConfig {
  const comps = (a: number[][]) => a.map(([u, d, st]) => ({ stormsPerYear: u!, calmingDays: d!, step: st! }));
  return { ...DEFAULT_SIMULATION_CONFIG, jumpsPerYear: { stock: p.J, etf: 0.5 }, jumpVolatility: p.JV, volatility: {
    market: { levels: 6, components: comps(p.m), feedback: p.FM, drag: p.DM, marketShare: 0 },
    sector: { levels: 6, components: comps(p.s), feedback: 0.02, drag: 0, marketShare: p.SH },
    instrument: { levels: 6, components: comps(p.i), feedback: 0.02, drag: p.DI, marketShare: p.SH } } };
}
function evaluate(p: P) {
  let fails = 0; let allPass = 0; const perRow: Record<string, number> = {};
  for (let n = 1; n <= seeds; n++) {
    const h = backfill(BUNDLED_UNIVERSE, `seed-${n}`, new Date("2026-11-28T06:00:00Z"), { days: 1827, minutes: 60, config: configOf(p) });
    const c = (x: any[]) => x.slice(0, -1);
    const bars: any = Object.fromEntries(Object.entries(h.daily).map(([s, cs]) => [s, barsFromCandles(c(cs))]));
    bars.TLX = barsFromCandles(c(indexCandles(TLX, h.daily, "1d")));
    const r = realismReport({ bars, index: "TLX", stocks: TLX.constituents.map((x) => x.symbol) });
    if (r.holds) allPass++;
    for (const row of r.rows) if (!row.holds) { fails++; perRow[row.id] = (perRow[row.id] ?? 0) + 1; }
  }
  return { fails, allPass, perRow };
}
let best = base; let bestScore = evaluate(base);
console.log("base", JSON.stringify(bestScore));
for (let it = 0; it < Number(process.env.ITER ?? 20); it++) {
  const p: P = JSON.parse(JSON.stringify(best));
  p.J = jitter(p.J, 0.2); p.JV = jitter(p.JV, 0.15); p.FM = jitter(p.FM); p.DM = jitter(p.DM); p.DI = jitter(p.DI); p.SH = Math.min(0.9, jitter(p.SH, 0.3));
  for (const g of [p.m, p.s, p.i]) for (const c of g) { c[0] = jitter(c[0]!, 0.25); c[1] = jitter(c[1]!, 0.25); c[2] = jitter(c[2]!, 0.15); }
  const score = evaluate(p);
  console.log(it, JSON.stringify(score));
  if (score.fails < bestScore.fails) { best = p; bestScore = score; console.log("BEST", JSON.stringify(p)); }
}
console.log("FINAL", JSON.stringify(best), JSON.stringify(bestScore));
