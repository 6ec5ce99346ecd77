/** A candlestick chart with its volume in a pane below, on lightweight-charts, loaded in the browser only. */
import { useEffect, useRef } from "react";
import type { CandlestickData, HistogramData, ISeriesApi, Time, UTCTimestamp } from "lightweight-charts";
import { useTimeFormat } from "@/components/ui";
import { timeFormat } from "@/lib/format";
import { type Chart, createZonedChart, cssVar, MONEY_FORMAT, translucent, VOLUME_FORMAT } from "./chart";
import type { Candle } from "./types";
import styles from "./market.module.css";

const timeOf = (c: Candle) => Math.floor(Date.parse(c.start) / 1000) as UTCTimestamp;

const toBar = (c: Candle): CandlestickData<UTCTimestamp> => ({
  time: timeOf(c),
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

/** The volume pane's share of the chart's height. */
const VOLUME_SHARE = 0.22;

export function CandleChart({ candles, intraday, label, livePrice }: { candles: Candle[]; intraday: boolean; label: string; livePrice?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<Chart | null>(null);
  const seriesRef = useRef<ISeriesApi<"Candlestick", Time> | null>(null);
  const lastBar = useRef<CandlestickData<UTCTimestamp> | null>(null);
  // Minutes are moments, shown in the page's zone; a daily candle is a market day, named by its UTC date.
  const pageZone = useTimeFormat();
  const zone = intraday ? pageZone : timeFormat("UTC");
  // An index does not trade: no volume, no pane for it.
  const traded = candles.some((c) => c.volume > 0);

  useEffect(() => {
    let disposed = false;
    const element = box.current;
    if (!element) return;
    void import("lightweight-charts").then((charts) => {
      if (disposed) return;
      const chart = createZonedChart(charts, element, zone, intraday);
      const up = cssVar("--success", "#067647");
      const down = cssVar("--danger", "#b42318");
      const series = chart.addSeries(charts.CandlestickSeries, {
        priceFormat: MONEY_FORMAT,
        upColor: up,
        borderUpColor: up,
        wickUpColor: up,
        downColor: down,
        borderDownColor: down,
        wickDownColor: down,
      });
      const bars = candles.map(toBar);
      series.setData(bars);
      if (traded) {
        const volume = chart.addSeries(charts.HistogramSeries, { priceFormat: VOLUME_FORMAT, priceLineVisible: false, title: "Volume" }, 1);
        const [rising, falling] = [translucent(up, 0.45), translucent(down, 0.45)];
        volume.setData(candles.map((c): HistogramData<UTCTimestamp> => ({ time: timeOf(c), value: c.volume, color: Number(c.close) >= Number(c.open) ? rising : falling })));
        const [prices, volumes] = chart.panes();
        prices?.setStretchFactor(1 - VOLUME_SHARE);
        volumes?.setStretchFactor(VOLUME_SHARE);
      }
      lastBar.current = bars.at(-1) ?? null;
      chart.timeScale().fitContent();
      chartRef.current = chart;
      seriesRef.current = series;
    });
    return () => {
      disposed = true;
      chartRef.current?.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [candles, intraday, zone, traded]);

  // A live price moves the newest candle.
  useEffect(() => {
    const series = seriesRef.current;
    const bar = lastBar.current;
    if (!series || !bar || !livePrice) return;
    const price = Number(livePrice);
    const next = { ...bar, close: price, high: Math.max(bar.high, price), low: Math.min(bar.low, price) };
    lastBar.current = next;
    series.update(next);
  }, [livePrice]);

  return (
    <div className={traded ? styles.chartBoxTall : styles.chartBox} ref={box} role="img" aria-label={traded ? `${label}, with volume` : label} data-candles={candles.length}>
      {candles.length === 0 && <div className={styles.chartEmpty}>No candles yet.</div>}
    </div>
  );
}
