import Link from "next/link";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { Signed } from "./Bits";
import { integer, money, percent } from "@/lib/format";
import { absMoney, addMoney, maxMoney, type Money, moneyRatio, parseMoney, ZERO } from "@/domain/trading";
import type { Holding } from "./types";
import styles from "./portfolio.module.css";

/** `chartLinks`: link each symbol to its practice-market page (not for a replay's symbols, which have none there). */
export function Holdings({ positions, chartLinks = true }: { positions: Holding[]; chartLinks?: boolean }) {
  if (positions.length === 0) {
    return <p className="muted">No holdings yet. Use the trade ticket to buy your first shares.</p>;
  }
  return (
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
              {p.quantity < 0 && <span className={styles.shortNote}>short</span>}
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
  );
}

interface Share {
  label: string;
  value: Money;
}

const largestFirst = (a: Share, b: Share) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1);

/** Allocation as horizontal bars: by instrument and by sector, cash included (exact money; only the shares are ratios). */
export function Allocation({ positions, cash, equity }: { positions: Holding[]; cash: string; equity: string }) {
  const total = parseMoney(equity);
  if (total <= 0n) return <p className="muted">Nothing to allocate.</p>;
  const bySymbol: Share[] = positions.map((p) => ({ label: p.symbol, value: absMoney(parseMoney(p.marketValue)) }));
  const sectors = new Map<string, Money>();
  for (const p of positions) sectors.set(p.sector, addMoney(sectors.get(p.sector) ?? ZERO, absMoney(parseMoney(p.marketValue))));
  const bySector: Share[] = [...sectors].map(([label, value]) => ({ label, value }));
  const cashRow: Share = { label: "Cash", value: maxMoney(ZERO, parseMoney(cash)) };
  return (
    <div className={styles.allocation}>
      <Bars title="By instrument" rows={[...bySymbol.sort(largestFirst), cashRow]} total={total} />
      <Bars title="By sector" rows={[...bySector.sort(largestFirst), cashRow]} total={total} />
    </div>
  );
}

function Bars({ title, rows, total }: { title: string; rows: Share[]; total: Money }) {
  return (
    <div>
      <h3 className={styles.subheading}>{title}</h3>
      <ul className={styles.bars}>
        {rows.map((r) => {
          const share = Math.min(1, moneyRatio(r.value, total));
          return (
            <li key={r.label}>
              <span className={styles.barLabel}>{r.label}</span>
              <span className={styles.barTrack} aria-hidden="true">
                <span className={r.label === "Cash" ? styles.barCash : styles.barFill} style={{ width: `${(share * 100).toFixed(1)}%` }} />
              </span>
              <span className={styles.barValue}>{percent(share, { signed: false })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
