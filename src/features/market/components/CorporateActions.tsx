/**
 * An instrument's dividends and splits as people see them (docs/decisions/052-corporate-actions.md):
 * its past and coming actions, and a notice on the ex-date or pay date. What an action did to a
 * portfolio is the portfolio's (features/portfolio/components/CorporateActions.tsx).
 */
import useSWR from "swr";
import { Alert, useTimeFormat } from "@/components/ui";
import { DataTable } from "@/components/ui/DataTable";
import { api } from "@/lib/client/api";
import { money } from "@/lib/format";
import type { CorporateActionView } from "../types";

/** An instrument's action (GET /api/instruments/{symbol}/corporate-actions): the route's own type, not a copy. */
export type InstrumentAction = CorporateActionView;

const fetcher = <T,>(path: string) => api<T>(path);

/** Today's UTC day: actions are dated in UTC days, the market's calendar. */
export function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** "Thursday 21 May 2031"-free: a day string shown as the page shows dates, read at noon UTC so no zone moves it a day. */
export function useDay() {
  const { date } = useTimeFormat();
  return (day: string) => date(`${day}T12:00:00.000Z`);
}

function describe(action: Pick<InstrumentAction, "kind" | "amount" | "ratio">): string {
  return action.kind === "dividend" ? `Dividend ${money(action.amount!)} per share` : `Split ${action.ratio}`;
}

/** The notice of an instrument's action on its ex-date or pay date. */
export function InstrumentActionNotice({ symbol, actions }: { symbol: string; actions: readonly InstrumentAction[] }) {
  const today = utcToday();
  const exToday = actions.filter((a) => a.exDate === today);
  const payToday = actions.filter((a) => a.kind === "dividend" && a.payDate === today && a.exDate !== today);
  if (exToday.length === 0 && payToday.length === 0) return null;
  return (
    <Alert tone="info">
      {exToday.map((a) => (
        <p key={a.id}>
          Today {symbol} {a.kind === "dividend" ? `goes ex-dividend: ${money(a.amount!)} a share to holders of record, paid ${a.payDate === today ? "today" : "on the pay date"}` : `splits ${a.ratio}`}
          {a.kind === "dividend" ? (a.applied ? "; the price fell by it." : "; the price falls by it when the market applies it.") : a.applied ? ": positions and open orders were adjusted, and the price with them." : ": positions, open orders and the price are adjusted when the market applies it."}
        </p>
      ))}
      {payToday.map((a) => (
        <p key={a.id}>
          Today {symbol} pays its dividend of {money(a.amount!)} a share.
        </p>
      ))}
    </Alert>
  );
}

/** An instrument's dividends and splits, coming first, then past ones (newest first). */
export function InstrumentActions({ symbol, fallback }: { symbol: string; fallback: InstrumentAction[] }) {
  const query = useSWR<{ items: InstrumentAction[] }>(`/api/instruments/${symbol}/corporate-actions`, fetcher, { fallbackData: { items: fallback }, keepPreviousData: true });
  const day = useDay();
  const items = query.data?.items ?? fallback;
  const coming = items.filter((a) => !a.applied).reverse();
  const past = items.filter((a) => a.applied);
  if (items.length === 0) return <p className="muted">{symbol} has paid no dividend and has not split, and none is announced.</p>;
  const table = (rows: readonly InstrumentAction[], caption: string) => (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Ex-date</th>
          <th scope="col">Action</th>
          <th scope="col">Pay date</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>{day(a.exDate)}</td>
            <td>{describe(a)}</td>
            <td>{a.kind === "dividend" ? day(a.payDate!) : "—"}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
  return (
    <>
      {coming.length > 0 ? table(coming, `Coming dividends and splits of ${symbol}`) : <p className="muted">None announced.</p>}
      {past.length > 0 && (
        <>
          <h3 style={{ fontSize: "1rem", margin: "1rem 0 0.5rem" }}>Past</h3>
          {table(past, `Past dividends and splits of ${symbol}`)}
        </>
      )}
      <p className="muted" style={{ marginTop: "0.5rem" }}>
        Holders on the morning of the ex-date (00:00 UTC) are paid on the pay date; a short seller pays it. A split multiplies your shares and open orders and divides their prices.
      </p>
    </>
  );
}
