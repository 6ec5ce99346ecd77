/** /portfolio: the figures, holdings, allocation, trade ticket, open orders and history. */
import Link from "next/link";
import { Alert, Card } from "@/components/ui";
import { LiveIndicator, Signed, Stat } from "./Bits";
import { instrumentsWithQuotes, useInstruments, useLiveQuotes, useRefreshPortfolio, useSummary, withQuotes } from "./data";
import { money } from "./format";
import { Allocation, Holdings } from "./Holdings";
import { History, OpenOrders } from "./Orders";
import { TradeTicket } from "./TradeTicket";
import type { Instrument, Order, Page, Summary } from "./types";
import styles from "./portfolio.module.css";

export interface PortfolioOverviewProps {
  summary: Summary;
  instruments: Instrument[];
  openOrders: Page<Order>;
}

export function PortfolioOverview(props: PortfolioOverviewProps) {
  const quotes = useLiveQuotes();
  const summaryQuery = useSummary(props.summary);
  const instrumentsQuery = useInstruments(props.instruments);
  const refresh = useRefreshPortfolio();
  const summary = withQuotes(summaryQuery.data ?? props.summary, quotes);
  const instruments = instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes);
  const holdings = Object.fromEntries(summary.positions.map((p) => [p.symbol, p.quantity]));
  return (
    <>
      <div className={styles.pageHead}>
        <h1>Portfolio</h1>
        <div className={styles.headActions}>
          <LiveIndicator />
          <Link href="/portfolio/market">Market overview</Link>
        </div>
      </div>
      {summaryQuery.error && <Alert tone="warning">Could not refresh the portfolio; the figures below may be out of date.</Alert>}
      <Card>
        <dl className={styles.stats} aria-label="Portfolio figures">
          <Stat label="Equity">
            <span className={styles.big} data-testid="equity">
              {money(summary.equity)}
            </span>
          </Stat>
          <Stat label="Day change">
            <Signed value={summary.dayChange} />
          </Stat>
          <Stat label="Total return">
            <Signed value={summary.totalReturn} kind="percent" />
          </Stat>
          <Stat label="Cash">
            <span data-testid="cash">{money(summary.cash)}</span>
          </Stat>
          <Stat label="Buying power">
            <span data-testid="buying-power">{money(summary.buyingPower)}</span>
          </Stat>
          <Stat label="Reserved for orders">{money(summary.reservedCash)}</Stat>
        </dl>
      </Card>
      <div className={styles.layout}>
        <div className={styles.mainColumn}>
          <Card title="Holdings">
            <Holdings positions={summary.positions} />
          </Card>
          <Card title="Open orders">
            <OpenOrders portfolioId={summary.id} fallback={props.openOrders} onChanged={() => void refresh()} />
          </Card>
          <Card title="Allocation">
            <Allocation positions={summary.positions} cash={summary.cash} equity={summary.equity} />
          </Card>
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
        <aside className={`${styles.sideColumn} ${styles.tradeFirst}`} aria-label="Trade">
          <Card title="Trade">
            <TradeTicket portfolioId={summary.id} instruments={instruments} buyingPower={summary.buyingPower} holdings={holdings} onPlaced={() => void refresh()} />
          </Card>
        </aside>
      </div>
    </>
  );
}
