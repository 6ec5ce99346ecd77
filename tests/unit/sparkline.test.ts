/** A sparkline's geometry (components/ui/sparkline.ts): even spacing, min at the bottom, the baseline within the scale, gaps kept. */
import { describe, expect, it } from "vitest";
import { sparklineGeometry } from "@/components/ui/sparkline";

const points = (path: string) => [...path.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("sparkline geometry", () => {
  it("spreads the values over the width, the highest at the top and the lowest at the bottom", () => {
    const g = sparklineGeometry([1, 3, 2], { width: 104, height: 24, padding: 2 });
    expect(points(g.path)).toEqual([
      [2, 22],
      [52, 2],
      [102, 12],
    ]);
    expect(g.last).toEqual({ x: 102, y: 12 });
    expect(g.baselineY).toBeNull();
  });

  it("keeps a missing value's place: the line joins its neighbours across the gap", () => {
    const g = sparklineGeometry([1, null, null, 2], { width: 32, height: 12, padding: 1 });
    expect(points(g.path)).toEqual([
      [1, 11],
      [31, 1],
    ]);
  });

  it("scales to include the baseline, so yesterday's close is always on the picture", () => {
    const g = sparklineGeometry([10, 11], { width: 20, height: 22, baseline: 5, padding: 1 });
    // 5 is the bottom (y 21), 11 the top (y 1); 10 is 5/6 of the way up.
    expect(g.baselineY).toBe(21);
    expect(points(g.path)).toEqual([
      [1, 4.33],
      [19, 1],
    ]);
  });

  it("draws a flat series across the middle, and no line from fewer than two values", () => {
    expect(points(sparklineGeometry([7, 7, 7], { width: 10, height: 10, padding: 0 }).path).map(([, y]) => y)).toEqual([5, 5, 5]);
    expect(sparklineGeometry([7], { width: 10, height: 10 })).toMatchObject({ path: "", last: { y: 5 } });
    expect(sparklineGeometry([null, null], { width: 10, height: 10 })).toEqual({ path: "", baselineY: null, last: null });
  });
});
