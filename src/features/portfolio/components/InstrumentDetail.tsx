/** /portfolio/instruments/[symbol]: chart, key stats and a ticket for this instrument. */
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Card, Skeleton } from "@/components/ui";
import { api } from "@/lib/client/api";
import { LiveIndicator, Signed, Stat } from "./Bits";
import { CandleChart } from "./CandleChart";
import { instrumentsWithQuotes, useApplyChange, useInstruments, useLiveQuotes, useOrders, useSummary, withQuotes } from "./data";
import { FillToasts, useFillToasts } from "./FillToasts";
import { money } from "./format";
import { TradeTicket } from "./TradeTicket";
import type { Candle, Instrument, Summary } from "./types";
import { WatchToggle } from "./Watchlist";
import styles from "./portfolio.module.css";

export interface InstrumentDetailProps {
  symbol: string;
  instruments: Instrument[];
  daily: Candle[];
  summary: Summary;
}

export function InstrumentDetail(props: InstrumentDetailProps) {
  const toasts = useFillToasts();
  const quotes = useLiveQuotes(toasts.announce);
  const apply = useApplyChange();
  const [interval, setInterval] = useState<"1d" | "1m">("1d");
  const instrumentsQuery = useInstruments(props.instruments);
  const summaryQuery = useSummary(props.summary);
  const instruments = instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes);
  const summary = withQuotes(summaryQuery.data ?? props.summary, quotes);
  const openOrders = useOrders(summary.id, "open").data?.items ?? [];
  const instrument = instruments.find((i) => i.symbol === props.symbol)!;
  const minutes = useSWR<Candle[]>(
    interval === "1m" ? `/api/instruments/${props.symbol}/candles?interval=1m` : null,
    async (path: string) => (await api<{ items: Candle[] }>(path)).items,
  );
  const candles = interval === "1d" ? props.daily : minutes.data;

  const today = props.daily.at(-1);
  // The practice market trades every calendar day: 52 weeks is the last 365 daily candles, by date.
  const yearAgo = today ? new Date(today.start).getTime() - 365 * 24 * 3600 * 1000 : 0;
  const year = props.daily.filter((c) => new Date(c.start).getTime() > yearAgo);
  const last = Number(instrument.lastPrice);
  const high52 = Math.max(last, ...year.map((c) => Number(c.high)));
  const low52 = Math.min(last, ...year.map((c) => Number(c.low)));
  const dayHigh = today ? Math.max(Number(today.high), last) : null;
  const dayLow = today ? Math.min(Number(today.low), last) : null;
  const position = summary.positions.find((p) => p.symbol === props.symbol);

  return (
    <>
      <FillToasts toasts={toasts} />
      <p className="muted" style={{ marginBottom: "0.25rem" }}>
        <Link href="/portfolio">Portfolio</Link> / <Link href="/portfolio/market">Market</Link>
      </p>
      <div className={styles.pageHead}>
        <h1>
          {instrument.symbol} <span className="muted" style={{ fontWeight: 400, fontSize: "0.7em" }}>{instrument.name}</span>
        </h1>
        <div className={styles.headActions}>
          <WatchToggle symbol={instrument.symbol} />
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
      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <Card
            title="Price"
            actions={
              <div className={styles.toggle} role="group" aria-label="Chart interval">
                <button type="button" aria-pressed={interval === "1d"} onClick={() => setInterval("1d")}>
                  Year (daily)
                </button>
                <button type="button" aria-pressed={interval === "1m"} onClick={() => setInterval("1m")}>
                  Today (minutes)
                </button>
              </div>
            }
          >
            {minutes.error && interval === "1m" ? (
              <Alert tone="error">The minute candles could not be loaded.</Alert>
            ) : candles ? (
              <CandleChart candles={candles} intraday={interval === "1m"} label={`${instrument.symbol} ${interval === "1d" ? "daily candles for the past year" : "minute candles for today"}`} livePrice={quotes[props.symbol]?.price} />
            ) : (
              <Skeleton height={360} />
            )}
          </Card>
          <Card title="Key stats">
            <dl className={styles.stats}>
              <Stat label="Last">{money(instrument.lastPrice)}</Stat>
              <Stat label="Previous close">{money(instrument.previousClose)}</Stat>
              <Stat label="Day change">
                <Signed value={instrument.dayChange} />
              </Stat>
              <Stat label="Day high / low">{dayHigh === null ? "—" : `${money(dayHigh)} / ${money(dayLow)}`}</Stat>
              <Stat label="52-week high / low">{year.length ? `${money(high52)} / ${money(low52)}` : "—"}</Stat>
              <Stat label="Sector">{instrument.sector}</Stat>
              <Stat label="You hold">{position ? `${position.quantity} (${money(position.marketValue)})` : "None"}</Stat>
            </dl>
          </Card>
        </div>
        <aside className={styles.sideColumn} aria-label="Trade">
          <Card title={`Trade ${instrument.symbol}`}>
            <TradeTicket
              summary={summary}
              openOrders={openOrders}
              instruments={instruments}
              initialSymbol={instrument.symbol}
              lockSymbol
              onPlaced={({ order, fill }) => void apply({ portfolioId: summary.id, orders: [order], fills: fill ? [fill] : [] })}
            />
          </Card>
        </aside>
      </div>
    </>
  );
}
