/**
 * Decision 053 as a property: over random trading histories — a few observations or many,
 * flat periods, a teacher's cash adjustment, missed snapshots, a benchmark that starts late —
 * every risk figure is either absent with its reason or inside the plausible range the decision
 * sets, and the board (sharpeForRanking), the performance panel and the report card (both
 * `rangeMetrics`) say the same Sharpe ratio, or say together that there is none yet.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharpeForRanking } from "@/domain/ranking";
import { DAY_MS, evidencedRiskFigures, formatMoney, formatRatio, formatUnits, HOUR_MS, type Money, openingUnits, parseMoney, parseUnits, PLAUSIBLE_RANGE, RISK_FIGURE_NAMES, riskAbsenceMessage, unitsAfterFlow } from "@/domain/trading";
import { rangeMetrics, type SnapshotRow } from "@/features/portfolio/server/performance";

const FIVE_MINUTES = 300_000;
const START = Date.UTC(2026, 10, 16, 0);

/** A history: per step, what happened to equity (cents), whether the snapshot was missed, the benchmark's move. */
const step = fc.record({
  kind: fc.constantFrom("flat", "flat", "move", "move", "adjust", "crash"),
  cents: fc.integer({ min: -300_000, max: 300_000 }),
  missed: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  bench: fc.integer({ min: -200, max: 200 }),
});
const history = fc.record({
  stepMs: fc.constantFrom(FIVE_MINUTES, HOUR_MS, DAY_MS),
  // From a handful of observations to well past every figure's minimum.
  steps: fc.array(step, { minLength: 0, maxLength: 400 }),
  offsetMs: fc.constantFrom(0, 0, 60_000),
  benchmarkFrom: fc.integer({ min: 0, max: 100 }),
});

function rowsOf(h: { stepMs: number; steps: Array<{ kind: string; cents: number; missed: boolean; bench: number }>; offsetMs: number; benchmarkFrom: number }): SnapshotRow[] {
  let equity = 10_000_000n; // 100,000.00 in cents
  let units = openingUnits(equity as Money);
  let bench = 500_000n;
  const rows: SnapshotRow[] = [];
  h.steps.forEach((s, i) => {
    if (s.kind === "move") equity += BigInt(s.cents);
    // A teacher's cash adjustment: +500.00 or −500.00 at once, a flow that buys or sells units (decision 057).
    if (s.kind === "adjust") {
      const flow = (s.cents >= 0 ? 50_000n : -50_000n) as Money;
      units = unitsAfterFlow(units, equity as Money, flow);
      equity += flow;
    }
    if (s.kind === "crash") equity = equity / 2n;
    if (equity < 100n) equity = 100n;
    bench += BigInt(s.bench);
    if (s.missed) return;
    rows.push({ at: new Date(START + h.offsetMs + i * h.stepMs), equity: formatMoney(equity as Money), benchmark: i >= h.benchmarkFrom ? formatMoney(bench as Money) : null, units: formatUnits(units) });
  });
  return rows;
}

/** The rows as the domain's sample points (units parsed), what the board's domain function reads. */
const samples = (rows: readonly SnapshotRow[]) => rows.map((r) => ({ at: r.at, equity: r.equity, benchmark: r.benchmark, units: parseUnits(r.units!) }));
const OPTIONS = (stepMs: number) => ({ stepMs, startingCash: "100000.00" });

describe("risk figures over random histories (decision 053)", () => {
  it("are each absent with a reason, or inside the plausible range", () => {
    fc.assert(
      fc.property(history, (h) => {
        const figures = evidencedRiskFigures(samples(rowsOf(h)), { stepMs: h.stepMs });
        for (const name of RISK_FIGURE_NAMES) {
          const f = figures[name];
          if (f.value === null) {
            expect(f.absent, name).not.toBeNull();
            expect(riskAbsenceMessage(f.absent!), name).toMatch(/\w/);
          } else {
            expect(f.absent, name).toBeNull();
            expect(f.value, name).toBeGreaterThanOrEqual(PLAUSIBLE_RANGE[name].min);
            expect(f.value, name).toBeLessThanOrEqual(PLAUSIBLE_RANGE[name].max);
          }
        }
        // Shown only with the evidence: never from less than a day of returns.
        if (figures.sharpe.value !== null) expect(figures.returns * figures.intervalMs).toBeGreaterThanOrEqual(DAY_MS);
        if (figures.beta.value !== null) expect(figures.pairedReturns * figures.intervalMs).toBeGreaterThanOrEqual(3 * DAY_MS);
      }),
      { numRuns: 300 },
    );
  });

  it("give the board, the panel and the report card the same Sharpe ratio, or none to all three", () => {
    fc.assert(
      fc.property(
        history.map((h) => ({ ...h, stepMs: FIVE_MINUTES })),
        (h) => {
          const rows = rowsOf(h);
          const live = { at: new Date(START + h.steps.length * FIVE_MINUTES + 1000), equity: "123456.78", benchmark: null, units: rows.at(-1)?.units ?? null };
          // The panel and the report card both read rangeMetrics over the event window's snapshots.
          const panel = rangeMetrics(rows, rows.length ? [...rows, live] : [live], OPTIONS(FIVE_MINUTES));
          const board = sharpeForRanking(samples(rows));
          expect(panel.sharpe).toBe(formatRatio(board));
          expect(panel.risk.sharpe.value).toBe(panel.sharpe);
          expect(panel.risk.sharpe.reason === null).toBe(board !== null);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("say what they wait for in the panel's words: \"Not enough history yet — 3 of 24 hours\"", () => {
    const rows = [0, 1, 2, 3].map((k) => ({ at: new Date(START + k * HOUR_MS), equity: `${100_000 + k * 10}.00`, benchmark: null }));
    const metrics = rangeMetrics(rows, rows, OPTIONS(FIVE_MINUTES));
    expect(metrics.risk.sharpe.reason?.message).toBe("Not enough history yet — 3 of 24 hours");
    expect(metrics.risk.beta.reason?.message).toBe("Not enough history yet — 0 of 72 hours");
    const daily = [0, 1, 2, 3].map((k) => ({ at: new Date(START + k * DAY_MS), equity: `${100_000 + k * 10}.00`, benchmark: null }));
    expect(rangeMetrics(daily, daily, OPTIONS(DAY_MS)).risk.volatility.reason?.message).toBe("Not enough history yet — 3 of 20 days");
  });

  it("leave a teacher's cash adjustment out of the return, the drawdown and the line (decision 057)", () => {
    // The same market moves (in basis points of equity) with and without flows between them.
    const moves = fc.array(fc.record({ bp: fc.integer({ min: -300, max: 300 }), flow: fc.constantFrom(0, 0, 0, 50_000, -50_000, 2_000_000, -3_000_000) }), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(moves, (steps) => {
        const play = (withFlows: boolean) => {
          let equity = 10_000_000n;
          let units = openingUnits(equity as Money);
          // The simulated market rounds each move down to the cent, and carrying across a flow rounds to the
          // nearest cent: each costs up to a cent of the equity of its moment, in return terms 1 / equity in
          // cents. A flow that leaves 111.06 makes that cent 0.009 % a step (CI's seed found it), so the
          // allowance is what this history's own cents add up to, not a fixed figure.
          let centsDrift = 0;
          const rows: SnapshotRow[] = [{ at: new Date(START), equity: formatMoney(equity as Money), benchmark: null, units: formatUnits(units) }];
          steps.forEach((s, i) => {
            equity = (equity * BigInt(10_000 + s.bp)) / 10_000n;
            centsDrift += 1 / Number(equity);
            if (withFlows && s.flow !== 0 && equity + BigInt(s.flow) > 0n) {
              units = unitsAfterFlow(units, equity as Money, BigInt(s.flow) as Money);
              equity += BigInt(s.flow);
              centsDrift += 1 / Number(equity);
            }
            rows.push({ at: new Date(START + (i + 1) * HOUR_MS), equity: formatMoney(equity as Money), benchmark: null, units: formatUnits(units) });
          });
          return { metrics: rangeMetrics(rows, rows, OPTIONS(HOUR_MS)), centsDrift };
        };
        const plain = play(false);
        const adjusted = play(true);
        // Both figures are shown to 4 places (half a last place each) plus the cents each history rounded.
        const allowed = 0.0001 + plain.centsDrift + adjusted.centsDrift + 1e-12;
        expect(Math.abs(Number(adjusted.metrics.totalReturn) - Number(plain.metrics.totalReturn))).toBeLessThanOrEqual(allowed);
        expect(Math.abs(Number(adjusted.metrics.maxDrawdown) - Number(plain.metrics.maxDrawdown))).toBeLessThanOrEqual(allowed);
      }),
      { numRuns: 300 },
    );
    // +500.00 on 100,000.00 with nothing else moving: no return at all (issue #23 showed +0.50 %).
    const rows: SnapshotRow[] = [
      { at: new Date(START), equity: "100000.00", benchmark: null, units: null },
      { at: new Date(START + HOUR_MS), equity: "100500.00", benchmark: null, units: formatUnits(unitsAfterFlow(openingUnits(parseMoney("100000.00")), parseMoney("100000.00"), parseMoney("500.00"))) },
    ];
    const metrics = rangeMetrics(rows, rows, OPTIONS(HOUR_MS));
    expect(metrics.totalReturn).toBe("0.0000");
    expect(metrics.maxDrawdown).toBe("0.0000");
  });
});
