/**
 * `rankColumns`, the sort every board uses: its radix path (boards without a fallback) and its
 * comparison path (Sharpe boards) give exactly `compareEntries`' order, on figures with many
 * ties, undefined ones, −0 and 0, infinities, tiny and huge magnitudes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareEntries, rankColumns, tiebreakOrder, type BoardMetric, type RankInput } from "@/domain/ranking";

const figure = fc.option(
  fc.oneof(fc.constantFrom(-0, 0, 1e-300, -1e-300, 0.0123, -0.5, 1.5, Infinity, -Infinity, 1e300, -1e300, Number.MIN_VALUE), fc.double({ noNaN: true })),
  { nil: null },
);
const entries = fc.uniqueArray(
  fc.record({ id: fc.string({ minLength: 1, maxLength: 3 }), value: figure, return: figure, joined: fc.integer({ min: 0, max: 3 }) }),
  { selector: (e) => e.id, maxLength: 60 },
);

describe("rankColumns", () => {
  for (const metric of ["return", "sharpe"] as const satisfies readonly BoardMetric[]) {
    it(`orders a ${metric} board exactly as compareEntries does`, () => {
      fc.assert(
        fc.property(entries, (list) => {
          const inputs: RankInput[] = list.map((e) => ({ id: e.id, value: e.value, return: e.return, joinedAt: new Date(e.joined) }));
          const values = Float64Array.from(list, (e) => e.value ?? NaN);
          const fallback = metric === "sharpe" ? Float64Array.from(list, (e) => (e.value === null && e.return !== null ? e.return : NaN)) : undefined;
          const tiebreak = tiebreakOrder(
            list.map((e) => e.joined),
            list.map((e) => e.id),
          );
          const { order, shared } = rankColumns({ values, fallback, tiebreak });
          const expected = inputs.map((_, i) => i).sort((a, b) => compareEntries(inputs[a]!, inputs[b]!, metric));
          expect(Array.from(order)).toEqual(expected);
          // Shared ranks: the place of the first of the run of equal figures.
          expected.forEach((entry, p) => {
            const first = expected.findIndex((other) => {
              const a = inputs[other]!;
              const b = inputs[entry]!;
              const v = (x: number | null) => (x === null ? "none" : x === 0 ? 0 : x);
              return v(a.value) === v(b.value) && (b.value !== null || metric !== "sharpe" || v(a.return ?? null) === v(b.return ?? null));
            });
            expect(shared[p]).toBe(first + 1);
          });
        }),
        { numRuns: 300 },
      );
    });
  }
});
