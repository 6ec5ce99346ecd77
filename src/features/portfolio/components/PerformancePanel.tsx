/** The equity curve against the benchmark over 1D / 1W / 1M / All, and the risk figures of that range. */
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import type { LineData, UTCTimestamp } from "lightweight-charts";
import { Alert, Skeleton, useTimeFormat } from "@/components/ui";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { portfolioEndpoints } from "./endpoints";
import { Signed, Stat } from "@/components/ui/Figures";
import { decimal, percent } from "@/lib/format";
import { type Chart, createZonedChart, cssVar, MONEY_FORMAT } from "@/features/market/components";
import { type RiskKind, riskShortReason, riskText } from "./risk";
import type { Performance, PerformanceRange, RiskFigureWire } from "./types";
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

/**
 * The narrowest span the value axis shows: ±0.25 % of the level, at least ±1.00. A flat line
 * (a portfolio that holds cash) would otherwise be autoscaled to a cent either side and
 * labelled 99,999.99 / 100,000.00 / 100,000.01, as if it moved.
 */
export function minimumSpan(range: { minValue: number; maxValue: number }): { minValue: number; maxValue: number } {
  const half = Math.max(1, (Math.abs(range.minValue + range.maxValue) / 2) * 0.0025);
  const mid = (range.minValue + range.maxValue) / 2;
  if (range.maxValue - range.minValue >= 2 * half) return range;
  return { minValue: mid - half, maxValue: mid + half };
}

type AutoscaleResult = { priceRange: { minValue: number; maxValue: number } | null } | null;
const atLeastMinimumSpan = (original: () => AutoscaleResult): AutoscaleResult => {
  const result = original();
  return result?.priceRange ? { ...result, priceRange: minimumSpan(result.priceRange) } : result;
};

function EquityChart({ data, label, liveEquity }: { data: Performance; label: string; liveEquity?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const zone = useTimeFormat();
  const equitySeries = useRef<{ update: (point: LineData<UTCTimestamp>) => void; applyOptions: (options: { pointMarkersVisible: boolean }) => void } | null>(null);
  const pointCount = useRef(0);
  const lastTime = useRef(0);
  // The live value as last rendered: the chart is made after the library loads, by which time
  // the effect below has already run once, and a portfolio with no snapshot yet would show nothing.
  const live = useRef(liveEquity);
  const addLivePoint = (value: string) => {
    if (!equitySeries.current) return;
    const time = Math.max(lastTime.current, Math.floor(Date.now() / 1000)) as UTCTimestamp;
    equitySeries.current.update({ time, value: Number(value) });
    if (time > lastTime.current && ++pointCount.current === 2) equitySeries.current.applyOptions({ pointMarkersVisible: false });
    lastTime.current = time;
  };
  useEffect(() => {
    let disposed = false;
    let chart: Chart | null = null;
    const element = box.current;
    if (!element) return;
    void import("lightweight-charts").then((charts) => {
      if (disposed) return;
      chart = createZonedChart(charts, element, zone, data.range !== "all");
      const line = { lineWidth: 2, priceLineVisible: false, priceFormat: MONEY_FORMAT, autoscaleInfoProvider: atLeastMinimumSpan } as const;
      const benchmark = chart.addSeries(charts.LineSeries, { ...line, color: cssVar("--muted", "#5b6472"), lineStyle: charts.LineStyle.Dashed, title: data.benchmark.symbol });
      benchmark.setData(lineOf(data.points, (p) => p.benchmark));
      const points = lineOf(data.points, (p) => p.equity);
      // A line of one point draws nothing: until there are two, the point is a dot.
      const equity = chart.addSeries(charts.LineSeries, { ...line, color: cssVar("--primary", "#1849a9"), title: "You", pointMarkersVisible: points.length < 2 });
      pointCount.current = points.length;
      equity.setData(points);
      equitySeries.current = equity;
      lastTime.current = points.length ? points[points.length - 1]!.time : 0;
      if (live.current !== undefined) addLivePoint(live.current);
      chart.timeScale().fitContent();
    });
    return () => {
      disposed = true;
      equitySeries.current = null;
      chart?.remove();
    };
  }, [data, zone]);
  // The live point: equity now (the page's live valuation) joins the line as it moves, so today's
  // movement shows without waiting for the next 5-minute snapshot or the next fetch.
  useEffect(() => {
    live.current = liveEquity;
    if (liveEquity !== undefined) addLivePoint(liveEquity);
  }, [liveEquity]);
  return <div className={styles.chartBoxSmall} ref={box} role="img" aria-label={label} />;
}

const figure = (value: string | null, kind: "percent" | "number") => (value === null ? "—" : kind === "percent" ? percent(value, { signed: false }) : decimal(value));

/** A risk figure's cell: its value (at a bound: "≥ 10.00"), or a dash with what it waits for. */
function RiskStat({ label, hint, figure: f, kind }: { label: string; hint: string; figure: RiskFigureWire; kind: RiskKind }) {
  const waiting = riskShortReason(f);
  return (
    <Stat label={label} hint={waiting ? <span title={f.reason?.message}>{waiting}</span> : hint}>
      <span title={f.bound ? "Held at the edge of its plausible range: the history is too short or too extreme for a finer figure." : undefined}>{riskText(f, kind)}</span>
    </Stat>
  );
}

/** An event portfolio's "all" is its event's window: the figures its board shows too. */
const EVENT_RANGES = RANGES.map((r) => (r.value === "all" ? { ...r, label: "Event", name: "the event" } : r));

/** @param liveEquity equity now, from the page's live valuation: the line's last point follows it. */
export function PerformancePanel({ portfolioId, event = false, liveEquity }: { portfolioId: string; event?: boolean; liveEquity?: string }) {
  const [range, setRange] = useState<PerformanceRange>(event ? "all" : "day");
  const ranges = event ? EVENT_RANGES : RANGES;
  const { data, error, isLoading } = useSWR(endpointUrl(portfolioEndpoints.performance, { params: { id: portfolioId }, query: { range } }), fetcherOf(portfolioEndpoints.performance), {
    refreshInterval: 60_000,
    keepPreviousData: true,
  });
  const rangeName = ranges.find((r) => r.value === range)!.name;
  const m = data?.metrics;
  // The first reason among the risk figures: volatility and Sharpe wait the least, beta and alpha longer.
  const waiting = m ? (["volatility", "beta"] as const).map((k) => m.risk[k].reason).find((r) => r?.code === "NOT_ENOUGH_HISTORY") : undefined;
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
      {data && <EquityChart data={data} label={summaryLabel} liveEquity={liveEquity} />}
      {data && !data.points.some((p) => p.equity !== null) && (
        <p className={styles.note} data-testid="chart-starting">
          No valuation over {rangeName} yet: the line starts with the portfolio's first one{liveEquity === undefined ? "" : ", and the dot is your equity now"}.
        </p>
      )}
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
          <RiskStat label="Volatility" hint="a year, from this range" figure={m.risk.volatility} kind="percent" />
          <RiskStat label="Sharpe" hint="return per unit of risk, a year" figure={m.risk.sharpe} kind="number" />
          <RiskStat label="Beta" hint={`moves with ${benchmarkLabel}`} figure={m.risk.beta} kind="number" />
          <RiskStat label="Alpha" hint="beyond beta, a year" figure={m.risk.alpha} kind="percent" />
        </dl>
      )}
      {m && waiting && (
        <p className={styles.note} data-testid="risk-observations">
          {waiting.message}. Risk figures are measured from {m.sampleMinutes === 1440 ? "daily" : "hourly"} returns: volatility and Sharpe need {m.risk.volatility.reason?.need ?? m.minObservations} {m.sampleMinutes === 1440 ? "days" : "hours"} of them, beta and alpha {m.risk.beta.reason?.need ?? "more"}
          {m.risk.beta.reason?.need !== undefined && (m.sampleMinutes === 1440 ? " days" : " hours")}.
        </p>
      )}
    </div>
  );
}
