/** /portfolio/market: the benchmark, biggest movers both ways, and sectors by average day change. */
import Link from "next/link";
import { Card } from "@/components/ui";
import { LiveIndicator, Signed } from "./Bits";
import { useInstruments, useLiveQuotes } from "./data";
import { instrumentsWithQuotes } from "./valuation";
import { money } from "@/lib/format";
import type { Instrument } from "./types";
import styles from "./portfolio.module.css";

function Movers({ items }: { items: Instrument[] }) {
  if (items.length === 0) return <p className="muted">Nothing has moved yet today.</p>;
  return (
    <ul className={styles.movers}>
      {items.map((i) => (
        <li key={i.symbol}>
          <Link href={`/portfolio/instruments/${i.symbol}`}>
            <strong>{i.symbol}</strong>
            <span className={styles.optionName}>{i.name}</span>
            <span className={styles.nowrap}>{money(i.lastPrice)}</span>
            <Signed value={i.dayChangePct} kind="percent" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MarketOverview({ instruments: initial }: { instruments: Instrument[] }) {
  const quotes = useLiveQuotes();
  const query = useInstruments(initial);
  const all = instrumentsWithQuotes(query.data ?? initial, quotes).filter((i) => i.active);
  const stocks = all.filter((i) => i.kind !== "index");
  const byChange = [...stocks].sort((a, b) => Number(b.dayChangePct ?? 0) - Number(a.dayChangePct ?? 0));
  const gainers = byChange.filter((i) => Number(i.dayChangePct ?? 0) > 0).slice(0, 6);
  const losers = byChange.filter((i) => Number(i.dayChangePct ?? 0) < 0).reverse().slice(0, 6);
  const sectors = new Map<string, Instrument[]>();
  for (const i of stocks) sectors.set(i.sector, [...(sectors.get(i.sector) ?? []), i]);
  const sectorRows = [...sectors]
    .map(([sector, items]) => ({ sector, count: items.length, change: items.reduce((s, i) => s + Number(i.dayChangePct ?? 0), 0) / items.length }))
    .sort((a, b) => b.change - a.change);
  const indexes = all.filter((i) => i.kind === "index");
  const maxAbs = Math.max(0.0001, ...sectorRows.map((s) => Math.abs(s.change)));
  return (
    <>
      <p className="muted" style={{ marginBottom: "0.25rem" }}>
        <Link href="/portfolio">Portfolio</Link>
      </p>
      <div className={styles.pageHead}>
        <h1>Market</h1>
        <LiveIndicator />
      </div>
      {indexes.length > 0 && (
        <div style={{ marginBottom: "1rem" }}>
          <Card title="Benchmark">
            <Movers items={indexes} />
            <p className={styles.note}>An equal-weighted index of the bundled stocks: your portfolio&apos;s performance is compared with it. It cannot be traded.</p>
          </Card>
        </div>
      )}
      <div className={styles.grid2}>
        <Card title="Biggest gainers">
          <Movers items={gainers} />
        </Card>
        <Card title="Biggest losers">
          <Movers items={losers} />
        </Card>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <Card title="Sectors (average day change)">
          <ul className={styles.bars}>
            {sectorRows.map((s) => (
              <li key={s.sector}>
                <span className={styles.barLabel}>{s.sector}</span>
                <span className={styles.barTrack} aria-hidden="true">
                  <span className={s.change >= 0 ? styles.barFill : styles.barCash} style={{ width: `${((Math.abs(s.change) / maxAbs) * 100).toFixed(1)}%`, background: s.change >= 0 ? "var(--success)" : "var(--danger)" }} />
                </span>
                <span className={styles.barValue}>
                  <Signed value={String(s.change)} kind="percent" />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <div style={{ marginTop: "1rem" }}>
        <Card title="All instruments">
          <Movers items={[...stocks].sort((a, b) => a.symbol.localeCompare(b.symbol))} />
        </Card>
      </div>
    </>
  );
}
