/** SWR hooks over the portfolio API, kept fresh by the live stream (or by polling without it). */
import { useCallback, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { api } from "@/lib/client/api";
import type { QuoteEvent } from "./live";
import { useLiveEvents, useLiveStatus } from "./live";
import type { Fill, Instrument, Order, OrderStatus, Page, Summary } from "./types";

const fetcher = <T,>(path: string) => api<T>(path);

/** Poll every 5 s while the stream is not connected. */
function usePollInterval(): number {
  const status = useLiveStatus();
  return status === "live" ? 0 : 5_000;
}

/** The practice portfolio (`/api/portfolio`), or the portfolio with `portfolioId` (an event's). */
export function useSummary(fallbackData?: Summary, portfolioId?: string, pollMs?: number) {
  const polled = usePollInterval();
  const refreshInterval = pollMs ?? polled;
  return useSWR<Summary>(portfolioId ? `/api/portfolios/${portfolioId}` : "/api/portfolio", fetcher, { fallbackData, refreshInterval, keepPreviousData: true });
}

export const ordersKey = (portfolioId: string, status?: OrderStatus | "") => `/api/portfolios/${portfolioId}/orders?pageSize=100${status ? `&status=${status}` : ""}`;

export function useOrders(portfolioId: string, status?: OrderStatus | "", fallbackData?: Page<Order>) {
  const refreshInterval = usePollInterval();
  return useSWR<Page<Order>>(ordersKey(portfolioId, status), fetcher, { fallbackData, refreshInterval, keepPreviousData: true });
}

export function useFills(portfolioId: string) {
  const refreshInterval = usePollInterval();
  return useSWR<Page<Fill>>(`/api/portfolios/${portfolioId}/fills?pageSize=100`, fetcher, { refreshInterval, keepPreviousData: true });
}

export function useInstruments(fallbackData?: Instrument[], enabled = true) {
  const refreshInterval = usePollInterval();
  return useSWR<Instrument[]>(
    enabled ? "/api/instruments" : null,
    async (path: string) => (await api<{ items: Instrument[] }>(path)).items,
    { fallbackData, refreshInterval: refreshInterval ? 15_000 : 0, keepPreviousData: true },
  );
}

/** Refetches everything about portfolios (summary, orders, fills). */
export function useRefreshPortfolio() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === "string" && key.startsWith("/api/portfolio")), [mutate]);
}

export type Quotes = Record<string, { price: string; previousClose: string; at: string }>;

/** Latest quotes from the stream; order, fill and portfolio events refetch the portfolio. */
export function useLiveQuotes(): Quotes {
  const [quotes, setQuotes] = useState<Quotes>({});
  const refresh = useRefreshPortfolio();
  useLiveEvents((event) => {
    if (event.type === "quote") {
      const q = event.data as QuoteEvent;
      if (q && typeof q.symbol === "string") setQuotes((prev) => ({ ...prev, [q.symbol]: { price: q.price, previousClose: q.previousClose, at: q.at } }));
    } else void refresh();
  });
  return quotes;
}

const cents = (text: string) => Math.round(Number(text) * 100);
const text = (c: number) => (c / 100).toFixed(2);

/** The summary re-valued at the live prices (display only; the server stays the source of truth). */
export function withQuotes(summary: Summary, quotes: Quotes): Summary {
  if (!summary.positions.some((p) => quotes[p.symbol])) return summary;
  let equity = cents(summary.cash);
  let shortValue = 0;
  let unrealised = 0;
  const positions = summary.positions.map((p) => {
    const q = quotes[p.symbol];
    if (!q) {
      equity += cents(p.marketValue);
      if (p.quantity < 0) shortValue += -cents(p.marketValue);
      unrealised += cents(p.unrealisedPnl);
      return p;
    }
    const mv = p.quantity * cents(q.price);
    const pnl = mv - cents(p.costBasis);
    const change = p.quantity * (cents(q.price) - cents(q.previousClose));
    equity += mv;
    if (p.quantity < 0) shortValue += -mv;
    unrealised += pnl;
    return { ...p, lastPrice: text(cents(q.price)), marketValue: text(mv), unrealisedPnl: text(pnl), dayChange: text(change) };
  });
  const weighted = positions.map((p) => ({ ...p, weight: equity > 0 ? (Math.abs(cents(p.marketValue)) / equity).toFixed(4) : null }));
  const starting = cents(summary.startingCash);
  // Today's change is the server's (equity since 00:00 UTC) plus what the live prices added.
  const liveDayChange = cents(summary.dayChange) + (equity - cents(summary.equity));
  const dayStart = cents(summary.equity) - cents(summary.dayChange);
  return {
    ...summary,
    positions: weighted,
    equity: text(equity),
    dayChange: text(liveDayChange),
    dayChangePct: dayStart > 0 ? (liveDayChange / dayStart).toFixed(4) : summary.dayChangePct,
    unrealisedPnl: text(unrealised),
    buyingPower: text(cents(summary.cash) - cents(summary.reservedCash) - Math.round(1.5 * shortValue)),
    totalReturn: starting > 0 ? ((equity - starting) / starting).toFixed(4) : summary.totalReturn,
  };
}

/** Instruments with live prices applied. */
export function instrumentsWithQuotes(items: Instrument[], quotes: Quotes): Instrument[] {
  return items.map((i) => {
    const q = quotes[i.symbol];
    if (!q) return i;
    const change = cents(q.price) - cents(q.previousClose);
    const prev = cents(q.previousClose);
    return { ...i, lastPrice: text(cents(q.price)), previousClose: text(prev), dayChange: text(change), dayChangePct: prev > 0 ? (change / prev).toFixed(4) : null };
  });
}
