/** /portfolio: the figures, holdings, allocation, trade ticket, open orders and history. */
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert, Button, Card, TimeZoneNote, useTimeFormat } from "@/components/ui";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ApiError, call } from "@/lib/client/api";
import { portfolioEndpoints } from "./endpoints";
import { figureStyles, Signed, Stat } from "@/components/ui/Figures";
import page from "@/components/ui/page.module.css";
import { instrumentsWithQuotes, useInstruments } from "@/features/market/components";
import { LiveIndicator } from "@/features/shell/components";
import { useApplyChange, useLiveQuotes, useOrders, useRefreshPortfolio, useSummary } from "./data";
import { withQuotes } from "./valuation";
import { FillToasts, useFillToasts } from "./FillToasts";
import { money, percent } from "@/lib/format";
import { Allocation, Holdings } from "./Holdings";
import { PortfolioActionNotice } from "./CorporateActions";
import { History, OpenOrders } from "./Orders";
import { PerformancePanel } from "./PerformancePanel";
import { TradeTicket } from "./TradeTicket";
import type { Instrument, Order, Page, Summary, Watchlist as WatchlistData } from "./types";
import { Watchlist } from "./Watchlist";
import styles from "./portfolio.module.css";

export interface PortfolioOverviewProps {
  summary: Summary;
  instruments: Instrument[];
  openOrders: Page<Order>;
  watchlist: WatchlistData;
}

/**
 * The same overview for an event's portfolio: read by its id, trading only the event's
 * instruments, without the practice-only parts (watchlist, start over, its page heading).
 */
export interface EventPortfolioOptions {
  /** The event's allowed symbols; null = every instrument. */
  allowedSymbols: string[] | null;
  heading: string;
  /**
   * A replay event's instruments at its replay's prices (polled by the event page): they
   * replace the practice market's list and live quotes, which belong to another market.
   */
  replayInstruments?: Instrument[];
}

/** How often a replay portfolio's figures are refetched (its prices move on the replay's clock). */
const REPLAY_POLL_MS = 3000;

/** Start over with 100,000.00: asks first, because holdings and history go for good. */
function ResetPortfolio({ portfolioId, onReset }: { portfolioId: string; onReset: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" size="small" onClick={() => setOpen(true)}>
        Start over…
      </Button>
      <ConfirmDialog
        open={open}
        title="Start your practice portfolio over?"
        confirmLabel="Delete everything and start over"
        cancelLabel="Keep my portfolio"
        tone="danger"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          setError(null);
          try {
            await call(portfolioEndpoints.reset, { params: { id: portfolioId } });
            setOpen(false);
            onReset();
          } catch (e) {
            setError(e instanceof ApiError ? e.message : "Could not reset the portfolio. Try again.");
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>Your holdings, open orders, order history and equity curve are deleted, and you start again with 100,000.00 in cash. This cannot be undone.</p>
        {error && <Alert tone="error">{error}</Alert>}
      </ConfirmDialog>
    </>
  );
}

/**
 * `corrections`: what a teacher or admin changed in this portfolio, composed by the page (the
 * corrections feature shows it; this feature does not depend on that one).
 */
export function PortfolioOverview(props: Omit<PortfolioOverviewProps, "watchlist"> & { watchlist?: WatchlistData; event?: EventPortfolioOptions; corrections?: ReactNode }) {
  const { event } = props;
  const replay = event?.replayInstruments;
  const toasts = useFillToasts();
  const { dateTime } = useTimeFormat();
  const liveQuotes = useLiveQuotes(toasts.announce);
  const final = props.summary.pricing === "final";
  // The practice day starts at 00:00 UTC: said in the page's zone ("since Nov 22, 19:00").
  const dayStartText = props.summary.dayStart ? `since ${dateTime(props.summary.dayStart)}` : "since the day began";
  // Practice quotes never price a replay portfolio (even on a symbol a dataset shares) nor an ended event's.
  const quotes = replay || final ? {} : liveQuotes;
  const summaryQuery = useSummary(props.summary, event ? props.summary.id : undefined, final ? 0 : replay ? REPLAY_POLL_MS : undefined);
  const instrumentsQuery = useInstruments(replay ? undefined : props.instruments, !replay);
  const refresh = useRefreshPortfolio();
  const apply = useApplyChange();
  const summary = withQuotes(summaryQuery.data ?? props.summary, quotes);
  const openOrders = useOrders(summary.id, "open", props.openOrders).data?.items ?? props.openOrders.items;
  const allowed = event?.allowedSymbols ? new Set(event.allowedSymbols) : null;
  const instruments = (replay ?? instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes)).filter((i) => !allowed || allowed.has(i.symbol));
  return (
    <>
      <FillToasts toasts={toasts} />
      <div className={page.pageHead}>
        {event ? <h2>{event.heading}</h2> : <h1>Portfolio</h1>}
        <div className={page.headActions}>
          <TimeZoneNote className={styles.headNote} />
          {summary.pricing === "final" ? <span className={styles.ended}>Ended · final figures</span> : <LiveIndicator />}
          {!event && <Link href="/portfolio/market">Market overview</Link>}
          {!event && <ResetPortfolio portfolioId={summary.id} onReset={() => void refresh()} />}
        </div>
      </div>
      {summaryQuery.error && <Alert tone="warning">Could not refresh the portfolio; the figures below may be out of date.</Alert>}
      {summary.margin?.call && (
        <Alert tone="warning" title="Margin call">
          <p data-testid="margin-call">
            Your equity ({money(summary.equity)}) is under the maintenance requirement of {money(summary.margin.maintenanceRequirement)}. Bring it back over by{" "}
            <time dateTime={summary.margin.call.deadline}>{dateTime(summary.margin.call.deadline)}</time> — sell or cover positions, or wait for prices to recover — or
            positions will be sold for you, largest first, until the requirement is met.
          </p>
        </Alert>
      )}
      {summary.notices.length > 0 && (
        <Alert tone="warning" title={summary.notices.every((n) => n.side === undefined || n.side === "cover") ? "Shorts covered automatically" : "Orders placed for you automatically"}>
          <ul className={styles.noticeList}>
            {summary.notices.map((n) => (
              <li key={n.id}>
                <time dateTime={n.at}>{dateTime(n.at)}</time>: {n.side === "sell" ? "sold" : "covered"} {n.quantity} {n.symbol}. {n.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <Card>
        <dl className={figureStyles.stats} aria-label="Portfolio figures">
          <Stat label="Equity">
            <span className={styles.big} data-testid="equity">
              {money(summary.equity)}
            </span>
          </Stat>
          <Stat label="Day change" hint={final ? "the event has ended" : replay ? "since the replayed day's previous close" : summary.dayChangePct === null ? dayStartText : undefined}>
            <Signed value={summary.dayChange} suffix={summary.dayChangePct === null ? undefined : <span className={figureStyles.statHint}>{percent(summary.dayChangePct)} {dayStartText}</span>} />
          </Stat>
          <Stat label="Total return" hint={summary.cashAdjustments !== "0.00" ? "time-weighted: cash adjustments are not gains" : undefined}>
            <Signed value={summary.totalReturn} kind="percent" />
          </Stat>
          {summary.cashAdjustments !== "0.00" && (
            <Stat label="Cash adjustments" hint="put in or taken out by your teacher or an admin; not return">
              <span data-testid="cash-adjustments">
                <Signed value={summary.cashAdjustments} />
              </span>
            </Stat>
          )}
          <Stat label="Cash">
            <span data-testid="cash">{money(summary.cash)}</span>
          </Stat>
          <Stat label="Buying power" hint={summary.rules.margin ? `with ${summary.rules.margin.multiplier}× margin` : undefined}>
            <span data-testid="buying-power">{money(summary.buyingPower)}</span>
          </Stat>
          {summary.debitBalance !== undefined && summary.debitBalance !== "0.00" && (
            <Stat label="Debit balance" hint={summary.margin ? `borrowed; about ${money(summary.margin.dailyInterest)} interest a day` : "owed: cash below zero"}>
              <span data-testid="debit-balance">{money(summary.debitBalance)}</span>
            </Stat>
          )}
          <Stat label="Reserved for orders">{money(summary.reservedCash)}</Stat>
        </dl>
      </Card>
      <div className={page.layout}>
        <div className={page.mainColumn}>
          <PortfolioActionNotice portfolioId={summary.id} />
          <Card title="Performance">
            <PerformancePanel portfolioId={summary.id} event={Boolean(event)} liveEquity={summary.pricing === "final" ? undefined : summary.equity} />
          </Card>
          <Card title="Holdings">
            <Holdings positions={summary.positions} chartLinks={!replay} />
          </Card>
          {summary.charges && summary.charges.length > 0 && (
            <Card title="Interest and fees">
              <ul className={styles.noticeList} aria-label="Interest and borrow fees of the last 7 days" data-testid="charges">
                {summary.charges.map((c, i) => (
                  <li key={`${c.at}-${i}`}>
                    <Signed value={c.amount} /> {c.reason}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title="Open orders">
            <OpenOrders portfolioId={summary.id} fallback={props.openOrders} />
          </Card>
          <Card title="Allocation">
            <Allocation positions={summary.positions} cash={summary.cash} equity={summary.equity} />
          </Card>
          {props.corrections}
          <Card
            title="History"
            actions={
              <a href={`/api/portfolios/${summary.id}/export.csv`} download>
                Export CSV
              </a>
            }
          >
            <History portfolioId={summary.id} />
          </Card>
        </div>
        <aside className={`${page.sideColumn} ${styles.tradeFirst}`} aria-label="Trade">
          <Card title="Trade" id="trade">
            {final ? (
              <p className="muted">This event has ended: its portfolio no longer trades, and the figures here are its final ones, valued at the end.</p>
            ) : (
              <TradeTicket
                summary={summary}
                openOrders={openOrders}
                instruments={instruments}
                chartLinks={!replay}
                onPlaced={({ order, fill }) => void apply({ portfolioId: summary.id, orders: [order], fills: fill ? [fill] : [] })}
              />
            )}
          </Card>
          {!event && props.watchlist && (
            <Card title="Watchlist">
              <Watchlist instruments={instruments} quotes={quotes} fallback={props.watchlist} />
            </Card>
          )}
        </aside>
      </div>
    </>
  );
}
