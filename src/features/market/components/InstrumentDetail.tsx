/**
 * /portfolio/instruments/[symbol]: chart, key stats and a ticket for this instrument. A
 * benchmark index gets the same chart and stats, what it is instead of a ticket (it cannot
 * be traded), and no holding. The market owns the page's view; what belongs to the person
 * (the watch toggle, what they hold, the trade ticket) comes in through slots, filled by the
 * portfolio's InstrumentTrading (decision 074: the portfolio imports the market, never back).
 */
import Link from "next/link";
import { type ReactNode, useState } from "react";
import useSWR from "swr";
import { Alert, Badge, Card, Skeleton } from "@/components/ui";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { figureStyles, Signed, Stat } from "@/components/ui/Figures";
import page from "@/components/ui/page.module.css";
import { LiveIndicator } from "@/features/shell/components";
import { money } from "@/lib/format";
import { marketEndpoints } from "./endpoints";
import { CandleChart } from "./CandleChart";
import { type InstrumentAction, InstrumentActionNotice, InstrumentActions } from "./CorporateActions";
import { instrumentsWithQuotes, type Quotes, useInstruments, useQuotes } from "./quotes";
import type { Candle, Instrument } from "./types";
import styles from "./market.module.css";

/** What the page says about a benchmark index (the server knows its make-up). */
export interface IndexFacts {
  constituents: number;
  baseLevel: string;
}

/** What the server sends the page: an index's facts, or a tradable instrument's dividends and splits. */
export type InstrumentDetailProps = {
  symbol: string;
  instruments: Instrument[];
  daily: Candle[];
} & ({ index: null; actions: InstrumentAction[] } | { index: IndexFacts; actions?: undefined });

/** What the person's side of a tradable instrument's page adds (the portfolio fills them). */
export interface InstrumentSlots {
  /** The live prices, when the caller already hears them (it then hears the stream for both). */
  quotes?: Quotes;
  /** In the head, before the live indicator: e.g. the watch toggle. */
  headActions?: ReactNode;
  /** After the key stats the market knows: e.g. what the person holds. */
  stats?: ReactNode;
  /** The side column: e.g. the trade ticket. */
  trading?: ReactNode;
}

export function InstrumentDetail(props: InstrumentDetailProps & InstrumentSlots) {
  // The caller's quotes when it gives them; else this view hears the prices itself.
  const heard = useQuotes(!props.quotes);
  const quotes = props.quotes ?? heard;
  return props.index ? <IndexDetail {...props} index={props.index} quotes={quotes} /> : <TradableDetail {...props} actions={props.actions} quotes={quotes} />;
}

/** The day's and the year's range, from the daily candles and the live price. */
function ranges(daily: Candle[], lastPrice: string) {
  const today = daily.at(-1);
  // The practice market trades every calendar day: 52 weeks is the last 365 daily candles, by date.
  const yearAgo = today ? new Date(today.start).getTime() - 365 * 24 * 3600 * 1000 : 0;
  const year = daily.filter((c) => new Date(c.start).getTime() > yearAgo);
  const last = Number(lastPrice);
  return {
    high52: year.length ? Math.max(last, ...year.map((c) => Number(c.high))) : null,
    low52: year.length ? Math.min(last, ...year.map((c) => Number(c.low))) : null,
    dayHigh: today ? Math.max(Number(today.high), last) : null,
    dayLow: today ? Math.min(Number(today.low), last) : null,
  };
}

/** The key stats every instrument page shows (last, previous close, day change, ranges), then its own. */
function KeyStats({ instrument, daily, lastLabel, children }: { instrument: Instrument; daily: Candle[]; lastLabel: string; children: ReactNode }) {
  const { high52, low52, dayHigh, dayLow } = ranges(daily, instrument.lastPrice);
  return (
    <Card title="Key stats">
      <dl className={figureStyles.stats}>
        <Stat label={lastLabel}>{money(instrument.lastPrice)}</Stat>
        <Stat label="Previous close">{money(instrument.previousClose)}</Stat>
        <Stat label="Day change">
          <Signed value={instrument.dayChange} />
        </Stat>
        <Stat label="Day high / low">{dayHigh === null ? "—" : `${money(dayHigh)} / ${money(dayLow)}`}</Stat>
        <Stat label="52-week high / low">{high52 === null ? "—" : `${money(high52)} / ${money(low52)}`}</Stat>
        {children}
      </dl>
    </Card>
  );
}

function Heading({ instrument, badge, actions }: { instrument: Instrument; badge?: string; actions?: ReactNode }) {
  return (
    <>
      <p className="muted" style={{ marginBottom: "0.25rem" }}>
        <Link href="/portfolio">Portfolio</Link> / <Link href="/portfolio/market">Market</Link>
      </p>
      <div className={page.pageHead}>
        <h1>
          {instrument.symbol} <span className="muted" style={{ fontWeight: 400, fontSize: "0.7em" }}>{instrument.name}</span>
        </h1>
        <div className={page.headActions}>
          {badge && <Badge>{badge}</Badge>}
          {actions}
          <LiveIndicator />
        </div>
      </div>
      <div className={styles.priceLine}>
        <span className={styles.big} data-testid="last-price">
          {money(instrument.lastPrice)}
        </span>
        <Signed value={instrument.dayChange} />
        <Signed value={instrument.dayChangePct} kind="percent" />
        {!instrument.active && <Alert tone="warning">This instrument is no longer traded.</Alert>}
      </div>
    </>
  );
}

/** What the chart can show: the year's daily candles (from the page), five years of them, or today's minutes (both fetched on demand). */
const CHART_VIEWS = {
  year: { button: "Year (daily)", label: "daily candles for the past year", path: null },
  years: { button: "5 years (daily)", label: "daily candles for the past five years", path: "1d" },
  today: { button: "Today (minutes)", label: "minute candles for today", path: "1m" },
} as const;
type ChartView = keyof typeof CHART_VIEWS;

/**
 * The daily candles of the year, or the market's five simulated years (calm and stormy
 * stretches, decision 051, need the long view), or today's minutes.
 */
function ChartCard({ title, symbol, daily, quotes }: { title: string; symbol: string; daily: Candle[]; quotes: Quotes }) {
  const [view, setView] = useState<ChartView>("year");
  const { path, label } = CHART_VIEWS[view];
  // The candles route answers the newest 2,000 of an interval: five years of days, or today's minutes.
  // Right after a first start the older years are still being written (decision 058): say so, and look again until they are there.
  const fetched = useSWR(path ? endpointUrl(marketEndpoints.candles, { params: { symbol }, query: { interval: path } }) : null, fetcherOf(marketEndpoints.candles), {
    refreshInterval: (latest) => (latest?.historyFilling ? 15_000 : 0),
  });
  const candles = path ? fetched.data?.items : daily;
  const filling = view === "years" && fetched.data?.historyFilling === true;
  return (
    <Card
      title={title}
      actions={
        <div className={styles.toggle} role="group" aria-label="Chart interval">
          {(Object.keys(CHART_VIEWS) as ChartView[]).map((key) => (
            <button key={key} type="button" aria-pressed={view === key} onClick={() => setView(key)}>
              {CHART_VIEWS[key].button}
            </button>
          ))}
        </div>
      }
    >
      {fetched.error && path ? (
        <Alert tone="error">The {view === "today" ? "minute" : "daily"} candles could not be loaded.</Alert>
      ) : candles ? (
        <>
          {filling && <Alert tone="info">Still filling history: the older years are being written after the market&apos;s first start, and appear here within a minute or two.</Alert>}
          <CandleChart candles={candles} intraday={view === "today"} label={`${symbol} ${label}`} livePrice={quotes[symbol]?.price} />
        </>
      ) : (
        <Skeleton height={360} />
      )}
    </Card>
  );
}

function IndexDetail(props: { symbol: string; instruments: Instrument[]; daily: Candle[]; index: IndexFacts; quotes: Quotes; headActions?: ReactNode }) {
  const { quotes } = props;
  const instrumentsQuery = useInstruments(props.instruments);
  const instruments = instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes);
  const instrument = instruments.find((i) => i.symbol === props.symbol)!;
  return (
    <>
      <Heading instrument={instrument} badge="Benchmark index" actions={props.headActions} />
      <div className={page.layout}>
        <div className={page.mainColumn}>
          <ChartCard title="Level" symbol={props.symbol} daily={props.daily} quotes={quotes} />
          <KeyStats instrument={instrument} daily={props.daily} lastLabel="Level">
            <Stat label="Made of">{`${props.index.constituents} stocks`}</Stat>
          </KeyStats>
        </div>
        <aside className={page.sideColumn} aria-label="About this index">
          <Card title="What it is">
            <p>
              {instrument.name}, an equal-weighted index of the {props.index.constituents} bundled stocks; the benchmark your performance is compared with.
            </p>
            <p className="muted">
              It started at {money(props.index.baseLevel)} with the same amount in every stock and moves with their prices on every tick. Your portfolio&apos;s performance chart draws it from
              the same start as your equity.
            </p>
            <p className="muted">An index measures the market: it cannot be bought or sold. Trade its stocks instead.</p>
            <p>
              <Link href="/portfolio">Compare with your portfolio</Link> · <Link href="/portfolio/market">See its stocks</Link>
            </p>
          </Card>
        </aside>
      </div>
    </>
  );
}

function TradableDetail(props: { symbol: string; instruments: Instrument[]; daily: Candle[]; actions: InstrumentAction[]; quotes: Quotes } & InstrumentSlots) {
  const { quotes } = props;
  const instrumentsQuery = useInstruments(props.instruments);
  const instruments = instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes);
  const instrument = instruments.find((i) => i.symbol === props.symbol)!;

  return (
    <>
      <Heading instrument={instrument} actions={props.headActions} />
      <InstrumentActionNotice symbol={props.symbol} actions={props.actions} />
      <div className={page.layout}>
        <div className={page.mainColumn}>
          <ChartCard title="Price" symbol={props.symbol} daily={props.daily} quotes={quotes} />
          <KeyStats instrument={instrument} daily={props.daily} lastLabel="Last">
            <Stat label="Sector">{instrument.sector}</Stat>
            {props.stats}
          </KeyStats>
          <Card title="Dividends and splits">
            <InstrumentActions symbol={props.symbol} fallback={props.actions} />
          </Card>
        </div>
        {props.trading && (
          <aside className={page.sideColumn} aria-label="Trade">
            {props.trading}
          </aside>
        )}
      </div>
    </>
  );
}
