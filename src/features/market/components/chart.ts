/**
 * What every price chart shares (lightweight-charts 5, loaded in the browser only): the page's
 * colours, a time axis in the page's zone, and figures from @/lib/format
 * (docs/decisions/028-time-zones.md, docs/decisions/035-tables-and-charts.md).
 */
import type { ChartOptionsImpl, DeepPartial, IChartApiBase, IHorzScaleBehavior, PriceFormatCustom, Time, TickMarkWeightValue, TimeChartOptions } from "lightweight-charts";
import { compactInteger, LOCALE, money, type TimeFormat } from "@/lib/format";

export type Charts = typeof import("lightweight-charts");
export type Chart = IChartApiBase<Time>;

/** A colour of the page's theme (read when the chart is drawn; the chart is a canvas). */
export function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** `colour` (any CSS colour the canvas understands) at `alpha` opacity, as rgba() the library can parse. */
export function translucent(colour: string, alpha: number): string {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return colour;
  context.fillStyle = colour;
  const hex = /^#([0-9a-f]{6})$/i.exec(context.fillStyle);
  if (!hex) return colour;
  const n = Number.parseInt(hex[1]!, 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** Prices and levels: grouped, two decimals, one minus sign ("100,000.06"). */
export const MONEY_FORMAT: PriceFormatCustom = { type: "custom", formatter: (price: number) => money(price), minMove: 0.01 };

/** Volumes: whole numbers in short ("1.2M"). */
export const VOLUME_FORMAT: PriceFormatCustom = { type: "custom", formatter: (volume: number) => compactInteger(volume), minMove: 1 };

interface WeightedPoint {
  timeWeight: TickMarkWeightValue;
  readonly originalTime: unknown;
}

/**
 * The library's time scale with its tick weights taken in `zone` instead of UTC: a "day" tick
 * is the first point of the zone's day, an "hour" tick starts an hour of the zone's clock, so the
 * labels `TimeFormat.chartTick` prints are the days and times the page's zone reads, and two
 * neighbouring ticks never read alike. Data times are UTC timestamps in seconds.
 */
function zonedTimeScale(charts: Charts, zone: TimeFormat): IHorzScaleBehavior<Time> {
  const Base = charts.defaultHorzScaleBehavior();
  class ZonedTimeScale extends Base {
    override fillWeightsForPoints(points: readonly WeightedPoint[], startIndex: number): void {
      const at = (i: number) => points[i]!.originalTime as number;
      for (let i = Math.max(startIndex, 1); i < points.length; i++) points[i]!.timeWeight = zone.chartWeight(at(i), at(i - 1)) as TickMarkWeightValue;
      // The first point has no neighbour: weigh it against one a typical step earlier, as the library does.
      if (startIndex === 0 && points.length > 1) {
        const step = Math.ceil((at(points.length - 1) - at(0)) / (points.length - 1));
        points[0]!.timeWeight = zone.chartWeight(at(0), at(0) - step) as TickMarkWeightValue;
      }
    }
  }
  return new ZonedTimeScale();
}

/**
 * A chart in `element` with the page's look and the zone's axis. `intraday`: the points are
 * moments (minutes, snapshots), so the crosshair shows their time; otherwise they are days.
 */
export function createZonedChart(charts: Charts, element: HTMLElement, zone: TimeFormat, intraday: boolean): Chart {
  const border = cssVar("--border", "#d9dee5");
  const options: DeepPartial<TimeChartOptions> = {
    autoSize: true,
    layout: {
      background: { type: charts.ColorType.Solid, color: "transparent" },
      textColor: cssVar("--text", "#14181f"),
      // The page's own font: a canvas does not inherit, and "inherit" would leave it at 10px sans-serif.
      fontFamily: getComputedStyle(element).fontFamily,
      attributionLogo: false,
      panes: { separatorColor: border },
    },
    grid: { vertLines: { color: border }, horzLines: { color: border } },
    // A label that would be cut by the pane's edge is left out rather than drawn in half.
    rightPriceScale: { borderColor: border, entireTextOnly: true, scaleMargins: { top: 0.12, bottom: 0.08 } },
    localization: { locale: LOCALE, timeFormatter: (t: Time) => zone.chartCrosshair(t as number, intraday) },
    // Times (and, for points in the same minute, seconds) on every axis whose points are moments.
    timeScale: { borderColor: border, timeVisible: true, secondsVisible: true, tickMarkFormatter: (t: Time, tick: number) => zone.chartTick(t as number, tick) },
  };
  // createChartEx types its options by the behaviour's base; the time scale's behaviour reads the time options.
  return charts.createChartEx(element, zonedTimeScale(charts, zone), options as DeepPartial<ChartOptionsImpl<Time>>);
}
