/**
 * Dividends and splits in a portfolio (docs/decisions/052-corporate-actions.md): the lines they
 * left in its history ("Dividend 0.42 × 120 shares", "Split 2:1: 120 → 240 shares"), and a
 * notice on the day. An instrument's own actions are the market's (InstrumentActions).
 */
import useSWR from "swr";
import { Alert, Skeleton, useTimeFormat } from "@/components/ui";
import { DataTable, numeric } from "@/components/ui/DataTable";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { useDay, utcToday } from "@/features/market/components";
import { portfolioEndpoints } from "./endpoints";
import { money } from "@/lib/format";

/** What an action did to a portfolio (GET /api/portfolios/{id}/corporate-actions): its answer schema's type. */
export type { PortfolioAction } from "../types";

export function usePortfolioActions(portfolioId: string) {
  return useSWR(endpointUrl(portfolioEndpoints.corporateActions, { params: { id: portfolioId } }), fetcherOf(portfolioEndpoints.corporateActions), { keepPreviousData: true });
}

/** The history's lines of dividends and splits. */
export function PortfolioActionsTable({ portfolioId, symbol = "" }: { portfolioId: string; symbol?: string }) {
  const query = usePortfolioActions(portfolioId);
  const { dateTime } = useTimeFormat();
  const day = useDay();
  if (query.error && !query.data) return <Alert tone="error">The dividends and splits could not be loaded.</Alert>;
  if (!query.data) return <Skeleton height={80} />;
  const items = query.data.items.filter((a) => !symbol || a.symbol.includes(symbol));
  if (items.length === 0) return <p className="muted">{query.data.items.length === 0 ? "No dividends or splits yet." : "None match."}</p>;
  return (
    <DataTable caption="Dividends and splits" minWidth="34rem">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Symbol</th>
          <th scope="col">What happened</th>
          <th scope="col" className={numeric}>
            Cash
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((a) => (
          <tr key={a.actionId}>
            <td>{dateTime(a.at)}</td>
            <td>{a.symbol}</td>
            <td>
              {a.reason}
              {a.kind === "dividend" && <span className="muted">{a.paid ? ` · paid ${day(a.payDate!)}` : ` · to be paid ${day(a.payDate!)}`}</span>}
            </td>
            <td className={numeric}>{a.kind === "split" && a.amount === "0.00" ? "—" : money(a.amount)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** The portfolio page's notice of what a dividend or split did to it today. */
export function PortfolioActionNotice({ portfolioId }: { portfolioId: string }) {
  const query = usePortfolioActions(portfolioId);
  const today = utcToday();
  const lines = (query.data?.items ?? []).filter((a) => a.at.slice(0, 10) === today || (a.kind === "dividend" && a.paid && a.payDate === today));
  if (lines.length === 0) return null;
  return (
    <Alert tone="info">
      {lines.map((a) => (
        <p key={a.actionId}>
          Today {a.symbol}: {a.reason}
          {a.kind === "dividend" ? (a.paid ? ` — ${money(a.amount)} paid to your cash.` : ` — ${money(a.amount)} to be paid on the pay date; it already counts in your equity.`) : "."}
        </p>
      ))}
    </Alert>
  );
}
