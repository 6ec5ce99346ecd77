/**
 * A sparkline's geometry: values (null = no value at that step) spread evenly over the width,
 * scaled between their lowest and highest (the baseline included, so a reference line such as
 * yesterday's close always shows), y growing downwards as in SVG. Pure, so it is unit tested.
 */

export interface SparklineGeometry {
  /** SVG path data through every value, or "" with fewer than two. */
  path: string;
  /** The baseline's y, or null without a baseline. */
  baselineY: number | null;
  /** The last value's point (the "now" dot), or null without values. */
  last: { x: number; y: number } | null;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function sparklineGeometry(values: ReadonlyArray<number | null>, options: { width: number; height: number; baseline?: number | null; padding?: number }): SparklineGeometry {
  const { width, height } = options;
  const padding = options.padding ?? 2;
  const points = values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [{ i, v }]));
  const baseline = options.baseline ?? null;
  if (points.length === 0) return { path: "", baselineY: null, last: null };
  const all = baseline === null ? points.map((p) => p.v) : [...points.map((p) => p.v), baseline];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min;
  const steps = Math.max(1, values.length - 1);
  const x = (i: number) => round(padding + (i / steps) * (width - 2 * padding));
  // A flat line sits in the middle rather than on an edge.
  const y = (v: number) => round(span === 0 ? height / 2 : padding + ((max - v) / span) * (height - 2 * padding));
  const path = points.length < 2 ? "" : points.map((p, k) => `${k === 0 ? "M" : "L"}${x(p.i)} ${y(p.v)}`).join(" ");
  const end = points[points.length - 1]!;
  return { path, baselineY: baseline === null ? null : y(baseline), last: { x: x(end.i), y: y(end.v) } };
}
