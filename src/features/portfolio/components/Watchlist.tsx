/** The person's watchlist: instruments they follow, with live prices; add by search, remove with one button. */
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Alert, Button } from "@/components/ui";
import { api, ApiError } from "@/lib/client/api";
import { Signed } from "@/components/ui/Figures";
import { instrumentsWithQuotes, type Quotes } from "@/features/market/components";
import { money } from "@/lib/format";
import { InstrumentCombobox } from "./InstrumentCombobox";
import type { Instrument, Watchlist as WatchlistData } from "./types";
import styles from "./portfolio.module.css";

export const WATCHLIST_KEY = "/api/watchlist";

export function useWatchlist(fallbackData?: WatchlistData) {
  return useSWR<WatchlistData>(WATCHLIST_KEY, (path: string) => api<WatchlistData>(path), { fallbackData, keepPreviousData: true });
}

export function Watchlist({ instruments, quotes, fallback }: { instruments: Instrument[]; quotes: Quotes; fallback?: WatchlistData }) {
  const { data, mutate } = useWatchlist(fallback);
  const [symbol, setSymbol] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // A new search box after each add: the last symbol's text does not linger in it.
  const [added, setAdded] = useState(0);
  const items = instrumentsWithQuotes(data?.items ?? [], quotes);
  const following = new Set(items.map((i) => i.symbol));

  const change = async (target: string, method: "PUT" | "DELETE") => {
    setBusy(target);
    setError(null);
    try {
      await mutate(await api<WatchlistData>(`${WATCHLIST_KEY}/${encodeURIComponent(target)}`, { method }), { revalidate: false });
      if (method === "PUT") {
        setSymbol("");
        setAdded((n) => n + 1);
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not change the watchlist. Try again.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      {items.length === 0 ? (
        <p className={styles.note}>Nothing here yet. Follow instruments you are curious about: their prices update live.</p>
      ) : (
        <ul className={styles.watchlist} aria-label="Watchlist">
          {items.map((i) => (
            <li key={i.symbol} className={styles.watchRow}>
              <span>
                <Link href={`/portfolio/instruments/${i.symbol}`}>
                  <strong>{i.symbol}</strong>
                </Link>
                <span className={styles.watchName}>{i.name}</span>
              </span>
              <span className={styles.watchPrice}>
                <span data-testid={`watch-price-${i.symbol}`}>{money(i.lastPrice)}</span>
                <br />
                <Signed value={i.dayChangePct} kind="percent" />
              </span>
              <Button variant="secondary" size="small" busy={busy === i.symbol} onClick={() => void change(i.symbol, "DELETE")} aria-label={`Remove ${i.symbol} from the watchlist`}>
                ✕
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className={styles.watchAdd}
        onSubmit={(e) => {
          e.preventDefault();
          if (!symbol) return setError("Pick an instrument from the list first.");
          if (following.has(symbol)) return setError(`${symbol} is already on your watchlist.`);
          void change(symbol, "PUT");
        }}
      >
        <InstrumentCombobox key={added} label="Add to watchlist" instruments={instruments} value={symbol} onChange={setSymbol} />
        <Button type="submit" variant="secondary" busy={busy !== null && busy === symbol}>
          Add
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** A follow / unfollow toggle for the instrument page. */
export function WatchToggle({ symbol }: { symbol: string }) {
  const { data, mutate } = useWatchlist();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const following = data?.items.some((i) => i.symbol === symbol) ?? false;
  return (
    <span>
      <Button
        variant="secondary"
        size="small"
        busy={busy}
        disabled={!data}
        aria-pressed={following}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await mutate(await api<WatchlistData>(`${WATCHLIST_KEY}/${encodeURIComponent(symbol)}`, { method: following ? "DELETE" : "PUT" }), { revalidate: false });
          } catch (e) {
            setError(e instanceof ApiError ? e.message : "Could not change the watchlist.");
          } finally {
            setBusy(false);
          }
        }}
      >
        {following ? "★ On your watchlist" : "☆ Add to watchlist"}
      </Button>
      {error && <span role="alert" className={styles.fieldError}> {error}</span>}
    </span>
  );
}
