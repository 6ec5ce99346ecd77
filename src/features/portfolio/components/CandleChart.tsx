/** A candlestick chart on lightweight-charts, loaded in the browser only. */
import { useEffect, useRef } from "react";
import type { CandlestickData, IChartApi, ISeriesApi, Time, UTCTimestamp } from "lightweight-charts";
import { useTimeFormat } from "@/components/ui";
import { LOCALE, money, timeFormat } from "@/lib/format";
import type { Candle } from "./types";
import styles from "./portfolio.module.css";

const toBar = (c: Candle): CandlestickData<UTCTimestamp> => ({
  time: Math.floor(Date.parse(c.start) / 1000) as UTCTimestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

function cssVar(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function CandleChart({ candles, intraday, label, livePrice }: { candles: Candle[]; intraday: boolean; label: string; livePrice?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<"Candlestick"> | null>(null);
  const lastBar = useRef<CandlestickData<UTCTimestamp> | null>(null);
  // Minutes are moments, shown in the page's zone; a daily candle is a market day, named by its UTC date.
  const pageZone = useTimeFormat();
  const zone = intraday ? pageZone : timeFormat("UTC");

  useEffect(() => {
    let disposed = false;
    const element = box.current;
    if (!element) return;
    void import("lightweight-charts").then(({ createChart, CandlestickSeries, ColorType }) => {
      if (disposed) return;
      const text = cssVar("--text", "#14181f");
      const border = cssVar("--border", "#d9dee5");
      const chart = createChart(element, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: "transparent" }, textColor: text, fontFamily: "inherit", attributionLogo: false },
        grid: { vertLines: { color: border }, horzLines: { color: border } },
        rightPriceScale: { borderColor: border },
        localization: { locale: LOCALE, timeFormatter: (t: Time) => zone.chartCrosshair(t as number, intraday), priceFormatter: (p: number) => money(p) },
        timeScale: { borderColor: border, timeVisible: intraday, secondsVisible: false, tickMarkFormatter: (t: Time, tick: number) => zone.chartTick(t as number, tick, intraday) },
      });
      const series = chart.addSeries(CandlestickSeries, {
        upColor: cssVar("--success", "#067647"),
        borderUpColor: cssVar("--success", "#067647"),
        wickUpColor: cssVar("--success", "#067647"),
        downColor: cssVar("--danger", "#b42318"),
        borderDownColor: cssVar("--danger", "#b42318"),
        wickDownColor: cssVar("--danger", "#b42318"),
      });
      const bars = candles.map(toBar);
      series.setData(bars);
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
  }, [candles, intraday, zone]);

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
    <div className={styles.chartBox} ref={box} role="img" aria-label={label} data-candles={candles.length}>
      {candles.length === 0 && <div className={styles.chartEmpty}>No candles yet.</div>}
    </div>
  );
}
