import Link from "next/link";
import { tableClass, tableWrapClass } from "@/components/ui";
import { Signed } from "./Bits";
import { money, percent } from "@/lib/format";
import { absMoney, addMoney, maxMoney, type Money, moneyRatio, parseMoney, ZERO } from "@/domain/trading";
import type { Holding } from "./types";
import styles from "./portfolio.module.css";

/** `chartLinks`: link each symbol to its practice-market page (not for a replay's symbols, which have none there). */
export function Holdings({ positions, chartLinks = true }: { positions: Holding[]; chartLinks?: boolean }) {
  if (positions.length === 0) {
    return <p className="muted">No holdings yet. Use the trade ticket to buy your first shares.</p>;
  }
  return (
    <div className={tableWrapClass}>
      <table className={`${tableClass} ${styles.numbers}`}>
        <caption className="visually-hidden">Holdings</caption>
        <thead>
          <tr>
            <th scope="col">Instrument</th>
            <th scope="col">Qty</th>
            <th scope="col" className={styles.hideNarrow}>Avg cost</th>
            <th scope="col" className={styles.hideNarrow}>Last</th>
            <th scope="col">Value</th>
            <th scope="col">Unrealised P&amp;L</th>
            <th scope="col" className={styles.hideNarrow}>Realised P&amp;L</th>
            <th scope="col" className={styles.hideNarrow}>Weight</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={p.symbol} data-symbol={p.symbol}>
              <th scope="row">
                {chartLinks ? <Link href={`/portfolio/instruments/${p.symbol}`}>{p.symbol}</Link> : p.symbol}
                <span className={styles.holdingName}>{p.name}</span>
              </th>
              <td>{p.quantity < 0 ? `${p.quantity} (short)` : p.quantity}</td>
              <td className={styles.hideNarrow}>{money(p.averageCost)}</td>
              <td className={styles.hideNarrow}>{money(p.lastPrice)}</td>
              <td>{money(p.marketValue)}</td>
              <td>
                <Signed value={p.unrealisedPnl} />
              </td>
              <td className={styles.hideNarrow}>
                <Signed value={p.realisedPnl} />
              </td>
              <td className={styles.hideNarrow}>{percent(p.weight, { signed: false })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
