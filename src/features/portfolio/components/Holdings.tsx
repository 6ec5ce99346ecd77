import Link from "next/link";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { Signed } from "@/components/ui/Figures";
import { integer, money, percent, percentFigure } from "@/lib/format";
import { allocationOf, type AllocationRow } from "./allocation";
import type { Holding } from "./types";
import styles from "./portfolio.module.css";

/** `chartLinks`: link each symbol to its practice-market page (not for a replay's symbols, which have none there). */
export function Holdings({ positions, chartLinks = true }: { positions: Holding[]; chartLinks?: boolean }) {
  if (positions.length === 0) {
    return <p className="muted">No holdings yet. Use the trade ticket to buy your first shares.</p>;
  }
  return (
    <div className={styles.holdings}>
      <DataTable caption="Holdings" density="compact">
        <thead>
          <tr>
            <th scope="col">Instrument</th>
            <th scope="col" className={numeric}>
              Qty
            </th>
            <th scope="col" className={numeric}>
              Avg cost
            </th>
            <th scope="col" className={numeric}>
              Last
            </th>
            <th scope="col" className={numeric}>
              Value
            </th>
            <th scope="col" className={numeric}>
              Unrealised P&amp;L
            </th>
            <th scope="col" className={numeric}>
              Realised P&amp;L
            </th>
            <th scope="col" className={numeric}>
              Weight
            </th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={p.symbol} data-symbol={p.symbol}>
              <th scope="row" className={styles.holding}>
                {chartLinks ? <Link href={`/portfolio/instruments/${p.symbol}`}>{p.symbol}</Link> : p.symbol}
                <span className={styles.holdingName} title={p.name}>
                  {p.name}
                </span>
              </th>
              <td className={numeric}>
                {integer(p.quantity)}
                {p.quantity < 0 && <span className={styles.shortNote}>short{p.borrowFeePct ? ` · fee ${percentFigure(Number(p.borrowFeePct))} a year` : ""}</span>}
              </td>
              <td className={numeric}>{money(p.averageCost)}</td>
              <td className={numeric}>{money(p.lastPrice)}</td>
              <td className={numeric}>{money(p.marketValue)}</td>
              <td className={numeric}>
                <Signed value={p.unrealisedPnl} arrow={false} />
              </td>
              <td className={numeric}>
                <Signed value={p.realisedPnl} arrow={false} />
              </td>
              <td className={numeric}>{percent(p.weight, { signed: false })}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

/** Allocation as horizontal bars: by instrument and by sector, cash included, as shares of equity (./allocation.ts). */
export function Allocation({ positions, cash, equity }: { positions: Holding[]; cash: string; equity: string }) {
  const allocation = allocationOf(positions, cash, equity);
  if (!allocation) return <p className="muted">Nothing to allocate.</p>;
  const shorts = allocation.bySymbol.some((r) => r.kind === "short");
  const borrowed = allocation.bySymbol.some((r) => r.kind === "borrowed");
  return (
    <div className={styles.allocation}>
      <Bars title="By instrument" rows={allocation.bySymbol} />
      <Bars title="By sector" rows={allocation.bySector} />
      {shorts && <p className="muted">Shares of equity: a short counts against it, and the cash from its sale is in Cash, so the rows add up to 100 %.</p>}
      {borrowed && <p className="muted">Shares of equity: what you borrowed on margin counts against it, so what it bought adds up to more than 100 %.</p>}
    </div>
  );
}

function Bars({ title, rows }: { title: string; rows: AllocationRow[] }) {
  return (
    <div>
      <h3 className={styles.subheading}>{title}</h3>
      <ul className={styles.bars}>
        {rows.map((r) => (
          <li key={r.label}>
            <span className={styles.barLabel}>
              {r.label}
              {r.kind === "short" && " (short)"}
              {r.kind === "borrowed" && " (margin)"}
            </span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={r.kind === "cash" ? styles.barCash : r.kind === "short" || r.kind === "borrowed" ? styles.barShort : styles.barFill} style={{ width: `${(Math.min(1, Math.abs(r.share)) * 100).toFixed(1)}%` }} />
            </span>
            <span className={styles.barValue}>{percent(r.share, { signed: r.share < 0 })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
