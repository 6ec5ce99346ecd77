/**
 * Whatever the board, ranking is a permutation of the entries with ranks 1..n in order,
 * and every adjacent pair respects the rules: value (defined before undefined), then — for
 * undefined Sharpe ratios — return, then join time, then id. And the order does not depend
 * on the order the entries came in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BoardMetric, rankEntries, type RankInput } from "@/domain/ranking";

// Few distinct values and instants, so ties are common.
const valueArb = fc.option(fc.constantFrom(-0.5, -0.01, 0, 0.0123, 0.2, 1.5), { nil: null });
const entriesArb = fc.uniqueArray(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    value: valueArb,
    return: valueArb,
    joinedAt: fc.integer({ min: 0, max: 3 }).map((n) => new Date(Date.UTC(2026, 2, 10, 9, 0, 0, n))),
  }),
  { selector: (e) => e.id, maxLength: 40 },
);
const metricArb = fc.constantFrom<BoardMetric>("return", "sharpe", "xp");

/** Whether `a` may sit directly above `b` by the rules, checked field by field (written apart from the comparator). */
function respectsRules(a: RankInput, b: RankInput, metric: BoardMetric): boolean {
  if (a.value !== null && b.value === null) return true;
  if (a.value === null && b.value !== null) return false;
  if (a.value !== null && b.value !== null && a.value !== b.value) return a.value > b.value;
  if (metric === "sharpe" && a.value === null) {
    const ra = a.return ?? null;
    const rb = b.return ?? null;
    if (ra !== null && rb === null) return true;
    if (ra === null && rb !== null) return false;
    if (ra !== null && rb !== null && ra !== rb) return ra > rb;
  }
  if (a.joinedAt.getTime() !== b.joinedAt.getTime()) return a.joinedAt.getTime() < b.joinedAt.getTime();
  return a.id < b.id;
}

describe("ranking (property)", () => {
  it("is a permutation with ranks 1..n that respects value, then return for undefined Sharpe, then join time, then id", () => {
    fc.assert(
      fc.property(entriesArb, metricArb, (entries, metric) => {
        const ranked = rankEntries(entries, metric);
        expect(ranked.map((r) => r.rank)).toEqual(entries.map((_, i) => i + 1));
        expect(ranked.map((r) => r.id).sort()).toEqual(entries.map((e) => e.id).sort());
        for (let i = 1; i < ranked.length; i++) expect(respectsRules(ranked[i - 1]!, ranked[i]!, metric)).toBe(true);
      }),
    );
  });

  it("does not depend on the order the entries arrive in", () => {
    fc.assert(
      fc.property(entriesArb, metricArb, fc.nat(), (entries, metric, seed) => {
        const shuffled = [...entries].sort((a, b) => ((a.id.charCodeAt(0) * 31 + seed) % 7) - ((b.id.charCodeAt(0) * 31 + seed) % 7));
        expect(rankEntries(shuffled, metric).map((r) => r.id)).toEqual(rankEntries(entries, metric).map((r) => r.id));
      }),
    );
  });
});
