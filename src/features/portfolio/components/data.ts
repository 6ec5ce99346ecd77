/** SWR hooks over the portfolio API, kept fresh by the live stream (or by polling without it). */
import { useCallback, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { endpointUrl, fetcherOf } from "@/lib/client/api";
import { portfolioEndpoints } from "./endpoints";
import type { LiveMessages, LiveMessageType, PortfolioChange } from "@/lib/live-messages";
import { QUOTE_HANDLERS, type Quotes } from "@/features/market/components";
import { sessionEndedPath, useLiveEvents, usePollInterval } from "@/features/shell/components";
import type { Fill, Order, OrderStatus, Page, Summary } from "./types";


/** The practice portfolio (`/api/portfolio`), or the portfolio with `portfolioId` (an event's). */
export function useSummary(fallbackData?: Summary, portfolioId?: string, pollMs?: number) {
  const polled = usePollInterval();
  const refreshInterval = pollMs ?? polled;
  const key = portfolioId ? endpointUrl(portfolioEndpoints.summary, { params: { id: portfolioId } }) : endpointUrl(portfolioEndpoints.practice, {});
  return useSWR(key, fetcherOf(portfolioEndpoints.summary), { fallbackData, refreshInterval, keepPreviousData: true });
}

export const ordersKey = (portfolioId: string, status?: OrderStatus | "") => endpointUrl(portfolioEndpoints.orders, { params: { id: portfolioId }, query: { pageSize: 100, status } });

export function useOrders(portfolioId: string, status?: OrderStatus | "", fallbackData?: Page<Order>) {
  const refreshInterval = usePollInterval();
  return useSWR(ordersKey(portfolioId, status), fetcherOf(portfolioEndpoints.orders), { fallbackData, refreshInterval, keepPreviousData: true });
}

export function useFills(portfolioId: string) {
  const refreshInterval = usePollInterval();
  return useSWR(fillsKey(portfolioId), fetcherOf(portfolioEndpoints.fills), { refreshInterval, keepPreviousData: true });
}

/** Refetches everything about portfolios (summary, orders, fills). */
export function useRefreshPortfolio() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === "string" && key.startsWith("/api/portfolio")), [mutate]);
}


const summaryKeys = (portfolioId: string) => new Set([endpointUrl(portfolioEndpoints.practice, {}), endpointUrl(portfolioEndpoints.summary, { params: { id: portfolioId } })]);
const isOrdersKey = (portfolioId: string, key: string) => key.startsWith(`/api/portfolios/${portfolioId}/orders?`);
function fillsKey(portfolioId: string) {
  return endpointUrl(portfolioEndpoints.fills, { params: { id: portfolioId }, query: { pageSize: 100 } });
}

/** The status a cached orders list is filtered by ("" = every status). */
const statusOfKey = (key: string) => new URL(key, "http://x").searchParams.get("status") ?? "";

/**
 * Applies what changed (a POST answer, or a live `portfolio` message) to the cached order and
 * fill lists, without a request, and refetches the portfolio's figures once — only when the
 * change told the page something it did not know yet. Returns the fills that were new.
 */
export function useApplyChange() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    (change: PortfolioChange): Fill[] => {
      const { portfolioId } = change;
      if (!change.orders || !change.fills) {
        void mutate((key) => typeof key === "string" && key.startsWith("/api/portfolio"));
        return [];
      }
      const orders = change.orders;
      let news = false;
      for (const key of cache.keys()) {
        if (typeof key !== "string" || !isOrdersKey(portfolioId, key)) continue;
        const page = cache.get(key)?.data as Page<Order> | undefined;
        if (!page) continue;
        const status = statusOfKey(key);
        let items = page.items;
        for (const sent of orders) {
          const known = items.find((o) => o.id === sent.id);
          // The stream sends each order by itself: a parent keeps the legs the page knows (decision 065).
          const order = sent.legs.length === 0 && known && known.legs.length > 0 ? { ...sent, legs: known.legs } : sent;
          if (!known || known.status !== order.status || known.triggered !== order.triggered || known.filledQuantity !== order.filledQuantity) news = true;
          items = items.filter((o) => o.id !== order.id);
          // The open list holds partly filled orders too: they still work (decision 056).
          if (!status || order.status === status || (status === "open" && order.status === "partially_filled")) items = [order, ...items];
        }
        // A leg that changed is changed in its parent's `legs` too.
        items = items.map((o) => (o.legs.some((l) => orders.some((c) => c.id === l.id)) ? { ...o, legs: o.legs.map((l) => orders.find((c) => c.id === l.id) ?? l) } : o));
        items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
        void mutate(key, { ...page, items, total: page.total + (items.length - page.items.length) }, { revalidate: false });
      }
      const fillsPage = cache.get(fillsKey(portfolioId))?.data as Page<Fill> | undefined;
      const newFills = change.fills.filter((f) => !fillsPage?.items.some((known) => known.id === f.id));
      if (fillsPage && newFills.length > 0) {
        void mutate(fillsKey(portfolioId), { ...fillsPage, items: [...newFills, ...fillsPage.items], total: fillsPage.total + newFills.length }, { revalidate: false });
      }
      if (news || newFills.length > 0 || orders.length === 0) {
        const keys = summaryKeys(portfolioId);
        void mutate((key) => typeof key === "string" && keys.has(key));
      }
      return newFills;
    },
    [cache, mutate],
  );
}

interface LiveContext {
  setQuotes: (update: (previous: Quotes) => Quotes) => void;
  apply: (change: PortfolioChange) => Fill[];
  refresh: () => void;
  onFills?: (fills: Fill[]) => void;
  leave: (to: string) => void;
}

/**
 * What the page does with each message of the live stream: one handler per type of
 * lib/live-messages.ts, and the type checker (and tests/unit/live-messages.test.ts) makes sure
 * no type the server publishes goes unheard.
 */
export const LIVE_HANDLERS: { [T in LiveMessageType]: (data: LiveMessages[T], context: LiveContext) => void } = {
  // Prices are the market's (its views hear only these).
  ...QUOTE_HANDLERS,
  portfolio: (data, { apply, refresh, onFills }) => {
    // Null: the change was too large to send; the portfolio is read again.
    if (!data) return refresh();
    const fills = apply(data);
    if (fills.length > 0) onFills?.(fills);
  },
  // The session ended elsewhere (signed out everywhere, disabled): to sign-in, back here after.
  revoked: (_data, { leave }) => leave(sessionEndedPath()),
};

/** Latest quotes from the stream; `portfolio` messages are applied to the cached lists (and new fills announced). */
export function useLiveQuotes(onFills?: (fills: Fill[]) => void): Quotes {
  const [quotes, setQuotes] = useState<Quotes>({});
  const apply = useApplyChange();
  const refresh = useRefreshPortfolio();
  useLiveEvents((event) => {
    const context: LiveContext = { setQuotes, apply, refresh: () => void refresh(), onFills, leave: (to) => window.location.assign(to) };
    (LIVE_HANDLERS[event.type] as (data: unknown, context: LiveContext) => void)(event.data, context);
  });
  return quotes;
}
