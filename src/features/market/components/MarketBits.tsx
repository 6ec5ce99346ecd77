/** The market's small pictures: a change's diverging bar and the day's sparkline (the overview's table, the dashboard's movers). */
import { Sparkline, type SparklineProps } from "@/components/ui/Sparkline";
import { useTimeFormat } from "@/components/ui";
import { money } from "@/lib/format";
import { changeBar } from "./market-table";
import { toneOf } from "@/components/ui/Figures";
import styles from "./market.module.css";

/** A loss grows left of the centre line, a gain right; `scale` is the biggest move shown beside it. Decorative: the figure next to it says it. */
export function ChangeBar({ fraction, scale }: { fraction: string | null; scale: number }) {
  const bar = changeBar(fraction, scale);
  return (
    <span className={styles.track} aria-hidden="true" data-testid="change-bar">
      <span className={styles.centre} />
      {bar.width > 0 && <span className={`${styles.bar} ${styles[`bar-${bar.tone}`]}`} data-tone={bar.tone} style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />}
    </span>
  );
}

/**
 * The day so far: yesterday's close (the dashed line, and the first point), then the last
 * price of each step since 00:00 UTC. Green when the day is up, red when down.
 */
export function DaySparkline({
  symbol,
  previousClose,
  closes,
  dayChangePct,
  start,
  ...size
}: { symbol: string; previousClose: string; closes: ReadonlyArray<string | null>; dayChangePct: string | null; start: string } & Pick<SparklineProps, "width" | "height">) {
  const { dateTime } = useTimeFormat();
  const last = [...closes].reverse().find((c) => c !== null) ?? null;
  const base = Number(previousClose);
  const label = last === null ? `${symbol}: no prices yet today` : `${symbol} since ${dateTime(start)}: from ${money(previousClose)} to ${money(last)}`;
  return (
    <Sparkline
      values={[base, ...closes.map((c) => (c === null ? null : Number(c)))]}
      baseline={base}
      label={label}
      className={styles[toneOf(dayChangePct, "percent")]}
      {...size}
    />
  );
}
