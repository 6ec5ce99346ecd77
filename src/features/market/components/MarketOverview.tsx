/**
 * /portfolio/market: the benchmark, sectors by average day change, and every instrument in a
 * table sortable by each of its columns (docs/decisions/036-market-overview-and-dashboard.md).
 * Prices and changes move with the live quotes; the day's paths and volumes are read again
 * every minute, the live price moving the current step in between.
 */
import Link from "next/link";
import { useState } from "react";
import { Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { integer, money } from "@/lib/format";
import { Signed } from "@/components/ui/Figures";
import { LiveIndicator } from "@/features/shell/components";
import { ChangeBar, DaySparkline } from "./MarketBits";
import { barScale, DEFAULT_SORT, marketRows, nextSort, type MarketRow, type Sort, type SortKey, sortRows } from "./market-table";
import { instrumentsWithQuotes, useInstruments, useMarketDay, useQuotes } from "./quotes";
import type { Instrument, MarketDay } from "./types";
import styles from "./market.module.css";

function Benchmark({ rows, day }: { rows: MarketRow[]; day: MarketDay | undefined }) {
  if (rows.length === 0) return null;
  return (
    <Card title="Benchmark">
      <ul className={styles.benchmark}>
        {rows.map((i) => (
          <li key={i.symbol}>
            <Link href={`/portfolio/instruments/${i.symbol}`}>
              <strong>{i.symbol}</strong> <span className={styles.name}>{i.name}</span>
            </Link>
            {day && <DaySparkline symbol={i.symbol} previousClose={i.previousClose} closes={i.closes} dayChangePct={i.dayChangePct} start={day.start} width={160} height={36} />}
            <span className={styles.figure}>{money(i.lastPrice)}</span>
            <Signed value={i.dayChangePct} kind="percent" />
          </li>
        ))}
      </ul>
      <p className={styles.note}>An equal-weighted index of the bundled stocks: your portfolio&apos;s performance is compared with it. It cannot be traded.</p>
    </Card>
  );
}

function Sectors({ rows }: { rows: MarketRow[] }) {
  const sectors = new Map<string, MarketRow[]>();
  for (const i of rows) sectors.set(i.sector, [...(sectors.get(i.sector) ?? []), i]);
  const sectorRows = [...sectors]
    .map(([sector, items]) => ({ sector, count: items.length, change: items.reduce((s, i) => s + Number(i.dayChangePct ?? 0), 0) / items.length }))
    .sort((a, b) => b.change - a.change || a.sector.localeCompare(b.sector, "en"));
  const scale = barScale(sectorRows.map((s) => s.change));
  return (
    <Card title="Sectors (average day change)">
      <ul className={styles.sectors} aria-label="Sectors by average day change">
        {sectorRows.map((s) => (
          <li key={s.sector}>
            <span className={styles.sectorName} title={s.sector}>
              {s.sector}
            </span>
            <ChangeBar fraction={String(s.change)} scale={scale} />
            <span className={styles.figure}>
              <Signed value={String(s.change)} kind="percent" />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const COLUMNS: Array<{ key: SortKey | null; label: string; className?: string }> = [
  { key: "symbol", label: "Symbol" },
  { key: "sector", label: "Sector", className: styles.wideOnly },
  { key: "price", label: "Price", className: styles.num },
  { key: "change", label: "Change", className: styles.changeHead },
  { key: null, label: "Today", className: styles.sparkCell },
  { key: "volume", label: "Volume", className: `${styles.num} ${styles.wideOnly}` },
];

function SortHeader({ column, sort, onSort }: { column: (typeof COLUMNS)[number]; sort: Sort; onSort: (key: SortKey) => void }) {
  const { key } = column;
  if (key === null) {
    return (
      <th scope="col" className={column.className}>
        {column.label}
      </th>
    );
  }
  const active = sort.key === key;
  return (
    <th scope="col" className={column.className} aria-sort={active ? sort.direction : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(key)}>
        {column.label}
        <span className={styles.sortMark} aria-hidden="true">
          {active ? (sort.direction === "ascending" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

function InstrumentTable({ rows, day }: { rows: MarketRow[]; day: MarketDay | undefined }) {
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const sorted = sortRows(rows, sort);
  const scale = barScale(rows.map((r) => r.dayChangePct));
  return (
    <Card title="All instruments">
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-label="All instruments">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader key={c.label} column={c} sort={sort} onSort={(key) => setSort((current) => nextSort(current, key))} />
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={r.symbol} data-symbol={r.symbol} data-change={r.dayChangePct ?? ""}>
                <th scope="row" className={styles.instrument}>
                  <Link href={`/portfolio/instruments/${r.symbol}`}>
                    <strong>{r.symbol}</strong>
                    <span className={styles.name}>{r.name}</span>
                  </Link>
                </th>
                <td className={styles.wideOnly}>{r.sector}</td>
                <td className={styles.num}>{money(r.lastPrice)}</td>
                <td>
                  <div className={styles.change}>
                    <ChangeBar fraction={r.dayChangePct} scale={scale} />
                    <Signed value={r.dayChangePct} kind="percent" />
                  </div>
                </td>
                <td className={styles.sparkCell}>
                  {day && <DaySparkline symbol={r.symbol} previousClose={r.previousClose} closes={r.closes} dayChangePct={r.dayChangePct} start={day.start} />}
                </td>
                <td className={`${styles.num} ${styles.wideOnly}`}>{r.volume === null ? "—" : integer(r.volume)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export function MarketOverview({ instruments: initial, day: initialDay }: { instruments: Instrument[]; day: MarketDay }) {
  const quotes = useQuotes();
  const query = useInstruments(initial);
  const { data: day } = useMarketDay(initialDay);
  const { dateTime } = useTimeFormat();
  const rows = marketRows(
    instrumentsWithQuotes(query.data ?? initial, quotes).filter((i) => i.active),
    day,
    quotes,
  );
  const stocks = rows.filter((i) => i.kind !== "index");
  return (
    <>
      <p className="muted" style={{ marginBottom: "0.25rem" }}>
        <Link href="/portfolio">Portfolio</Link>
      </p>
      <div className={styles.pageHead}>
        <h1>Market</h1>
        <LiveIndicator />
      </div>
      <p className={styles.intro}>
        Changes, paths and volumes are for today, since {dateTime((day ?? initialDay).start)} (the practice market&apos;s day starts at 00:00 UTC). Prices are simulated:{" "}
        <Link href="/portfolio/market/how-it-works">how this market works</Link>.
      </p>
      <TimeZoneNote />
      <div className={styles.top}>
        <Benchmark rows={rows.filter((i) => i.kind === "index")} day={day} />
        <Sectors rows={stocks} />
      </div>
      <InstrumentTable rows={stocks} day={day} />
    </>
  );
}
