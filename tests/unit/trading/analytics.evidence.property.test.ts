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
import { DAY_MS, evidencedRiskFigures, formatMoney, formatRatio, HOUR_MS, PLAUSIBLE_RANGE, RISK_FIGURE_NAMES, riskAbsenceMessage, type Money } from "@/domain/trading";
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
  let bench = 500_000n;
  const rows: SnapshotRow[] = [];
  h.steps.forEach((s, i) => {
    if (s.kind === "move") equity += BigInt(s.cents);
    // A teacher's cash adjustment: +500.00 or −500.00 at once.
    if (s.kind === "adjust") equity += s.cents >= 0 ? 50_000n : -50_000n;
    if (s.kind === "crash") equity = equity / 2n;
    if (equity < 100n) equity = 100n;
    bench += BigInt(s.bench);
    if (s.missed) return;
    rows.push({ at: new Date(START + h.offsetMs + i * h.stepMs), equity: formatMoney(equity as Money), benchmark: i >= h.benchmarkFrom ? formatMoney(bench as Money) : null });
  });
  return rows;
}

describe("risk figures over random histories (decision 053)", () => {
  it("are each absent with a reason, or inside the plausible range", () => {
    fc.assert(
      fc.property(history, (h) => {
        const figures = evidencedRiskFigures(rowsOf(h), { stepMs: h.stepMs });
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
          const live = { at: new Date(START + h.steps.length * FIVE_MINUTES + 1000), equity: "123456.78", benchmark: null };
          // The panel and the report card both read rangeMetrics over the event window's snapshots.
          const panel = rangeMetrics(rows, rows.length ? [...rows, live] : [live], FIVE_MINUTES);
          const board = sharpeForRanking(rows);
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
    const metrics = rangeMetrics(rows, rows, FIVE_MINUTES);
    expect(metrics.risk.sharpe.reason?.message).toBe("Not enough history yet — 3 of 24 hours");
    expect(metrics.risk.beta.reason?.message).toBe("Not enough history yet — 0 of 72 hours");
    const daily = [0, 1, 2, 3].map((k) => ({ at: new Date(START + k * DAY_MS), equity: `${100_000 + k * 10}.00`, benchmark: null }));
    expect(rangeMetrics(daily, daily, DAY_MS).risk.volatility.reason?.message).toBe("Not enough history yet — 3 of 20 days");
  });
});
