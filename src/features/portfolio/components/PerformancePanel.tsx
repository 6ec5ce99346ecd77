/** The equity curve against the benchmark over 1D / 1W / 1M / All, and the risk figures of that range. */
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import type { LineData, UTCTimestamp } from "lightweight-charts";
import { Alert, Skeleton, useTimeFormat } from "@/components/ui";
import { api } from "@/lib/client/api";
import { Signed, Stat } from "./Bits";
import { decimal, percent } from "@/lib/format";
import { type Chart, createZonedChart, cssVar, MONEY_FORMAT } from "./chart";
import type { Performance, PerformanceRange } from "./types";
import styles from "./portfolio.module.css";

const RANGES: Array<{ value: PerformanceRange; label: string; name: string }> = [
  { value: "day", label: "1D", name: "the last day" },
  { value: "week", label: "1W", name: "the last week" },
  { value: "month", label: "1M", name: "the last 30 days" },
  { value: "all", label: "All", name: "all time" },
];

/** Points one second apart or closer collapse into one (the chart needs strictly rising times). */
function lineOf(points: Performance["points"], pick: (p: Performance["points"][number]) => string | null): LineData<UTCTimestamp>[] {
  const out: LineData<UTCTimestamp>[] = [];
  for (const p of points) {
    const value = pick(p);
    if (value === null) continue;
    const time = Math.floor(Date.parse(p.at) / 1000) as UTCTimestamp;
    if (out.length && out[out.length - 1]!.time >= time) out[out.length - 1] = { time: out[out.length - 1]!.time, value: Number(value) };
    else out.push({ time, value: Number(value) });
  }
  return out;
}

function EquityChart({ data, label }: { data: Performance; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const zone = useTimeFormat();
  useEffect(() => {
    let disposed = false;
    let chart: Chart | null = null;
    const element = box.current;
    if (!element) return;
    void import("lightweight-charts").then((charts) => {
      if (disposed) return;
      chart = createZonedChart(charts, element, zone, data.range !== "all");
      const line = { lineWidth: 2, priceLineVisible: false, priceFormat: MONEY_FORMAT } as const;
      const benchmark = chart.addSeries(charts.LineSeries, { ...line, color: cssVar("--muted", "#5b6472"), lineStyle: charts.LineStyle.Dashed, title: data.benchmark.symbol });
      benchmark.setData(lineOf(data.points, (p) => p.benchmark));
      const equity = chart.addSeries(charts.LineSeries, { ...line, color: cssVar("--primary", "#1849a9"), title: "You" });
      equity.setData(lineOf(data.points, (p) => p.equity));
      chart.timeScale().fitContent();
    });
    return () => {
      disposed = true;
      chart?.remove();
    };
  }, [data, zone]);
  return <div className={styles.chartBoxSmall} ref={box} role="img" aria-label={label} />;
}

const figure = (value: string | null, kind: "percent" | "number") => (value === null ? "—" : kind === "percent" ? percent(value, { signed: false }) : decimal(value));

/** An event portfolio's "all" is its event's window: the figures its board shows too. */
const EVENT_RANGES = RANGES.map((r) => (r.value === "all" ? { ...r, label: "Event", name: "the event" } : r));

export function PerformancePanel({ portfolioId, event = false }: { portfolioId: string; event?: boolean }) {
  const [range, setRange] = useState<PerformanceRange>(event ? "all" : "day");
  const ranges = event ? EVENT_RANGES : RANGES;
  const { data, error, isLoading } = useSWR<Performance>(`/api/portfolios/${portfolioId}/performance?range=${range}`, (path: string) => api<Performance>(path), {
    refreshInterval: 60_000,
    keepPreviousData: true,
  });
  const rangeName = ranges.find((r) => r.value === range)!.name;
  const m = data?.metrics;
  const few = m !== undefined && m.observations < m.minObservations;
  // A replay is measured against its own instruments' index, not TLX.
  const benchmarkLabel = data?.benchmark.symbol === "REPLAY" ? "Replay index" : (data?.benchmark.symbol ?? "TLX");
  const summaryLabel =
    data && m
      ? `Equity over ${rangeName}: ${m.totalReturn === null ? "no change" : percent(m.totalReturn)}; ${data.benchmark.name} ${m.benchmarkReturn === null ? "has no price yet" : percent(m.benchmarkReturn)}.`
      : "Equity chart";
  return (
    <div>
      <div className={styles.rangeBar} role="group" aria-label="Chart range">
        {ranges.map((r) => (
          <button key={r.value} type="button" className={styles.rangeButton} aria-pressed={range === r.value} onClick={() => setRange(r.value)} title={`Show ${r.name}`}>
            {r.label}
          </button>
        ))}
        <span className={styles.legend} aria-hidden="true">
          <span className={styles.legendYou}>You</span>
          <span className={styles.legendBench} title={data?.benchmark.name}>
            {benchmarkLabel} (same start)
          </span>
        </span>
      </div>
      {error && <Alert tone="warning">Could not load the chart: {(error as Error).message}</Alert>}
      {!data && isLoading && <Skeleton height={260} />}
      {data && <EquityChart data={data} label={summaryLabel} />}
      {m && (
        <dl className={styles.metrics} aria-label={`Risk figures over ${rangeName}`} data-testid="risk-figures">
          <Stat label="Return" hint={`over ${rangeName}`}>
            <Signed value={m.totalReturn} kind="percent" />
          </Stat>
          <Stat label={`${benchmarkLabel} return`} hint="the benchmark">
            <Signed value={m.benchmarkReturn} kind="percent" />
          </Stat>
          <Stat label="Max drawdown" hint="largest fall from a peak">
            {figure(m.maxDrawdown, "percent")}
          </Stat>
          <Stat label="Volatility" hint="a year, from this range">
            {figure(m.volatility, "percent")}
          </Stat>
          <Stat label="Sharpe" hint="return per unit of risk, a year">
            {figure(m.sharpe, "number")}
          </Stat>
          <Stat label="Beta" hint={`moves with ${benchmarkLabel}`}>
            {figure(m.beta, "number")}
          </Stat>
          <Stat label="Alpha" hint="beyond beta, a year">
            <Signed value={m.alpha} kind="percent" />
          </Stat>
        </dl>
      )}
      {few && (
        <p className={styles.note} data-testid="risk-observations">
          Volatility, Sharpe, beta and alpha need at least {m!.minObservations} snapshots of your equity in this range (one every {data!.stepMinutes === 5 ? "5 minutes" : data!.stepMinutes === 60 ? "hour" : "day"}): {m!.observations} so far.
        </p>
      )}
    </div>
  );
}
