/**
 * The practice market's prices in the browser: the instruments and the day (SWR over the
 * market's routes, read again while the live stream is down), and the latest quotes from the
 * stream. The portfolio's pages hear the same stream for their own messages (its LIVE_HANDLERS
 * take the quote handlers from here); the market's views need only the prices.
 */
import { useState } from "react";
import useSWR from "swr";
import { api } from "@/lib/client/api";
import type { LiveMessages, QuoteView } from "@/lib/live-messages";
import { exactReturn, formatMoney, formatRatio, parseMoney, subtractMoney } from "@/domain/trading";
import { sessionEndedPath, useLiveEvents, usePollInterval } from "@/features/shell/components";
import type { Instrument, MarketDay } from "./types";

export type Quotes = Record<string, { price: string; previousClose: string; at: string }>;

const fetcher = <T,>(path: string) => api<T>(path);

export function useInstruments(fallbackData?: Instrument[], enabled = true) {
  const refreshInterval = usePollInterval();
  return useSWR<Instrument[]>(
    enabled ? "/api/instruments" : null,
    async (path: string) => (await api<{ items: Instrument[] }>(path)).items,
    { fallbackData, refreshInterval: refreshInterval ? 15_000 : 0, keepPreviousData: true },
  );
}

/** Today's price paths and volumes (GET /api/market/day): read again every minute; live quotes move the last step in between. */
export function useMarketDay(fallbackData?: MarketDay) {
  return useSWR<MarketDay>("/api/market/day", fetcher, { fallbackData, refreshInterval: 60_000, keepPreviousData: true });
}

const quoteOf = (q: QuoteView) => ({ price: q.price, previousClose: q.previousClose, at: q.at });

/** The stream's price messages: the quotes of every instrument on connecting, then one quote at a time. */
export const QUOTE_HANDLERS: { [T in "snapshot" | "quote"]: (data: LiveMessages[T], context: { setQuotes: (update: (previous: Quotes) => Quotes) => void }) => void } = {
  snapshot: (data, { setQuotes }) => setQuotes(() => Object.fromEntries(data.quotes.map((q) => [q.symbol, quoteOf(q)]))),
  quote: (data, { setQuotes }) => setQuotes((previous) => ({ ...previous, [data.symbol]: quoteOf(data) })),
};

/**
 * The latest quotes from the stream, for a view that shows only prices. A session that ended
 * elsewhere sends the page to sign-in here too; a portfolio's changes are the portfolio's
 * views' to hear (their useLiveQuotes). `enabled` false: the caller hears the stream itself.
 */
export function useQuotes(enabled = true): Quotes {
  const [quotes, setQuotes] = useState<Quotes>({});
  useLiveEvents((event) => {
    if (!enabled) return;
    if (event.type === "snapshot") QUOTE_HANDLERS.snapshot(event.data, { setQuotes });
    else if (event.type === "quote") QUOTE_HANDLERS.quote(event.data, { setQuotes });
    else if (event.type === "revoked") window.location.assign(sessionEndedPath());
  });
  return quotes;
}

/** Instruments with live prices applied. */
export function instrumentsWithQuotes(items: Instrument[], quotes: Quotes): Instrument[] {
  return items.map((i) => {
    const q = quotes[i.symbol];
    if (!q) return i;
    const price = parseMoney(q.price);
    const previous = parseMoney(q.previousClose);
    return { ...i, lastPrice: formatMoney(price), previousClose: formatMoney(previous), dayChange: formatMoney(subtractMoney(price, previous)), dayChangePct: formatRatio(exactReturn(previous, price)) };
  });
}
