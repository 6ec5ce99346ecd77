/**
 * A tradable instrument's page as the person sees it: the market's InstrumentDetail with the
 * person's side put into its slots — the watch toggle, what they hold, and the trade ticket —
 * and their fills announced. The portfolio composes the market's view (decision 074).
 */
import { Card } from "@/components/ui";
import { Stat } from "@/components/ui/Figures";
import { type InstrumentAction, InstrumentDetail, instrumentsWithQuotes, useInstruments } from "@/features/market/components";
import { money } from "@/lib/format";
import { useApplyChange, useLiveQuotes, useOrders, useSummary } from "./data";
import { FillToasts, useFillToasts } from "./FillToasts";
import { TradeTicket } from "./TradeTicket";
import type { Candle, Instrument, Summary } from "./types";
import { withQuotes } from "./valuation";
import { WatchToggle } from "./Watchlist";

export interface InstrumentTradingProps {
  symbol: string;
  instruments: Instrument[];
  daily: Candle[];
  summary: Summary;
  actions: InstrumentAction[];
}

export function InstrumentTrading(props: InstrumentTradingProps) {
  const toasts = useFillToasts();
  const quotes = useLiveQuotes(toasts.announce);
  const instrumentsQuery = useInstruments(props.instruments);
  const summaryQuery = useSummary(props.summary);
  const apply = useApplyChange();
  const instruments = instrumentsWithQuotes(instrumentsQuery.data ?? props.instruments, quotes);
  const summary = withQuotes(summaryQuery.data ?? props.summary, quotes);
  const openOrders = useOrders(summary.id, "open").data?.items ?? [];
  const instrument = instruments.find((i) => i.symbol === props.symbol)!;
  const position = summary.positions.find((p) => p.symbol === props.symbol);

  return (
    <>
      <FillToasts toasts={toasts} />
      <InstrumentDetail
        symbol={props.symbol}
        instruments={props.instruments}
        daily={props.daily}
        index={null}
        actions={props.actions}
        quotes={quotes}
        headActions={<WatchToggle symbol={props.symbol} />}
        stats={<Stat label="You hold">{position ? `${position.quantity} (${money(position.marketValue)})` : "None"}</Stat>}
        trading={
          <Card title={`Trade ${instrument.symbol}`}>
            <TradeTicket
              summary={summary}
              openOrders={openOrders}
              instruments={instruments}
              initialSymbol={instrument.symbol}
              lockSymbol
              onPlaced={({ order, fill }) => void apply({ portfolioId: summary.id, orders: [order], fills: fill ? [fill] : [] })}
            />
          </Card>
        }
      />
    </>
  );
}
