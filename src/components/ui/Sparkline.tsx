/**
 * A small line chart without axes: a price's day, an equity curve. Plain SVG (a few dozen
 * points; a canvas chart per table row would cost far more), drawn in the text colour of its
 * `className` (currentColor), with an optional dashed baseline (yesterday's close, the day's
 * first equity). It is an image with a name: `label` says in words what the line shows.
 */
import styles from "./sparkline.module.css";
import { sparklineGeometry } from "./sparkline";

export interface SparklineProps {
  values: ReadonlyArray<number | null>;
  /** What the line shows, in words (its accessible name). */
  label: string;
  baseline?: number | null;
  width?: number;
  height?: number;
  className?: string;
}

export function Sparkline({ values, label, baseline = null, width = 112, height = 32, className }: SparklineProps) {
  const { path, baselineY, last } = sparklineGeometry(values, { width, height, baseline });
  return (
    // preserveAspectRatio="none": CSS may narrow it (a phone's table) and the line stretches to fit;
    // strokes keep their width, and the dot is a round-capped stroke, so it stays round.
    <svg
      className={[styles.sparkline, className].filter(Boolean).join(" ")}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-points={values.filter((v) => v !== null).length}
    >
      {baselineY !== null && <line className={styles.baseline} x1={0} x2={width} y1={baselineY} y2={baselineY} />}
      {path && <path className={styles.line} d={path} />}
      {last && <path className={styles.dot} d={`M${last.x} ${last.y}h0`} />}
    </svg>
  );
}
